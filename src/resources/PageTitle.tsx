import { useSyncExternalStore } from 'react';
import { Typography } from '@mui/material';
import { Title, useLoading } from 'react-admin';
import { pendingCalls } from '../dataProvider/http';
import { withWaiting } from './pageTitle';

/** True while any call of the shared http helper waits for its answer. */
export const useCallsPending = (): boolean => useSyncExternalStore(pendingCalls.subscribe, pendingCalls.count) > 0;

/** Read by screen readers, not shown (the usual clip pattern). */
const screenReaderOnly = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * Puts the page title in the app bar. While any call of the page is in flight (a read, a save, a
 * delete, a check) the title carries ' [waiting for server response]' (spec section 2), so every
 * page gets that for free.
 *
 * The app bar's title is no heading, so the page also gets its h1 with the same words, for screen
 * readers only (a page without an h1 has no start to jump to). A page with a visible h1 of its own
 * (the object screens' 'View device', the not-found page) passes `heading={false}`.
 */
export const PageTitle = ({ title, heading = true }: { title: string; heading?: boolean }) => {
  const loading = useLoading();
  const calling = useCallsPending();
  return (
    <>
      <Title title={withWaiting(title, loading || calling)} preferenceKey={false} />
      {heading && (
        <Typography component="h1" sx={screenReaderOnly}>
          {title}
        </Typography>
      )}
    </>
  );
};
