import { Title, useLoading } from 'react-admin';
import { withWaiting } from './pageTitle';

/**
 * Puts the page title in the app bar. While any call of the page is in flight the title carries
 * ' [waiting for server response]' (spec section 2), so every page gets that for free.
 */
export const PageTitle = ({ title }: { title: string }) => {
  const waiting = useLoading();
  return <Title title={withWaiting(title, waiting)} preferenceKey={false} />;
};
