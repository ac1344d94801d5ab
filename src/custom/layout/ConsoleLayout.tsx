/**
 * The layout of every console route. It is also the sign-in gate (spec section 2): while the
 * profile loads it shows a spinner, without a profile the welcome page replaces the route.
 * /qr and /login are routes without layout, so they stay reachable when signed out.
 */
import type { ReactNode } from 'react';
import { Layout, Loading } from 'react-admin';
import { useProfileState } from '../useProfileState';
import { WelcomePage } from '../WelcomePage';
import { ConsoleAppBar } from './ConsoleAppBar';
import { ConsoleMenu } from './ConsoleMenu';

export const ConsoleLayout = ({ children }: { children: ReactNode }) => {
  const profile = useProfileState();
  if (profile.status === 'loading') return <Loading />;
  if (profile.status === 'signedOut') return <WelcomePage />;
  return (
    <Layout appBar={ConsoleAppBar} menu={ConsoleMenu}>
      {children}
    </Layout>
  );
};
