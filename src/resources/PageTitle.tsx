import { useSyncExternalStore } from 'react';
import { Title, useLoading } from 'react-admin';
import { pendingCalls } from '../dataProvider/http';
import { withWaiting } from './pageTitle';

/** True while any call of the shared http helper waits for its answer. */
export const useCallsPending = (): boolean => useSyncExternalStore(pendingCalls.subscribe, pendingCalls.count) > 0;

/**
 * Puts the page title in the app bar. While any call of the page is in flight (a read, a save, a
 * delete, a check) the title carries ' [waiting for server response]' (spec section 2), so every
 * page gets that for free.
 */
export const PageTitle = ({ title }: { title: string }) => {
  const loading = useLoading();
  const calling = useCallsPending();
  return <Title title={withWaiting(title, loading || calling)} preferenceKey={false} />;
};
