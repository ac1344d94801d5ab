/**
 * The layout of every console route. It is also the sign-in gate (spec section 2): while the
 * profile loads it shows a spinner, without a profile the welcome page replaces the route.
 * /qr and /login are routes without layout, so they stay reachable when signed out. Above every
 * page, the notice that the server cannot be reached, while it cannot.
 */
import type { ReactNode } from 'react';
import { Layout, LayoutClasses, Loading } from 'react-admin';
import { useProfileState } from '../useProfileState';
import { WelcomePage } from '../WelcomePage';
import { ConsoleAppBar } from './ConsoleAppBar';
import { ConsoleMenu } from './ConsoleMenu';
import { ConfirmProvider } from '../confirm/ConfirmProvider';
import { ServerUnreachableBanner } from '../offline/ServerUnreachableBanner';

/**
 * react-admin's layout grows to the width of its widest content (min-width: fit-content), so a
 * wide table made the whole page wider than a phone's screen. The page keeps the viewport's width
 * instead; a table scrolls inside its own box (list/CategoryTable.tsx).
 */
const fitViewport = { minWidth: 0, [`& .${LayoutClasses.content}`]: { minWidth: 0 } } as const;

export const ConsoleLayout = ({ children }: { children: ReactNode }) => {
  const profile = useProfileState();
  if (profile.status === 'loading') return <Loading />;
  if (profile.status === 'signedOut') return <WelcomePage />;
  return (
    <ConfirmProvider>
      <Layout appBar={ConsoleAppBar} menu={ConsoleMenu} sx={fitViewport}>
        {/* Above every route's content: what it shows was read before the server went out of reach. */}
        <ServerUnreachableBanner />
        {children}
      </Layout>
    </ConfirmProvider>
  );
};
