/**
 * Loading a part of the console that lives in its own script chunk (spec section 9: the chunk
 * loading timeout is 120 s). React.lazy waits forever on a stalled network and turns a failed
 * load into a crash; a chunk loaded through here gives up after the timeout and says so, with
 * a button that tries again. Every lazily loaded part of the console goes through lazyChunk.
 */
import { Alert, Button, CircularProgress } from '@mui/material';
import { useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { ownMessages } from './messages';
import { CHUNK_TIMEOUT_MS, ChunkTimeoutError, withChunkTimeout } from './chunkTimeout';

export { CHUNK_TIMEOUT_MS, ChunkTimeoutError, withChunkTimeout };

export interface LazyChunkOptions {
  /** Shown while the chunk loads (a small spinner by default). */
  fallback?: ReactNode;
  timeoutMs?: number;
}

type State<P> = { status: 'loading' } | { status: 'loaded'; Component: ComponentType<P> } | { status: 'failed'; timedOut: boolean };

/**
 * A component standing for the default export of a chunk (`lazyChunk(() => import('./Big'))`):
 * the chunk is fetched when it first renders, once for every use; a failed or timed-out load
 * shows the error and 'Retry', which fetches it again.
 */
export function lazyChunk<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, options: LazyChunkOptions = {}): ComponentType<P> {
  const { fallback = <CircularProgress size={24} />, timeoutMs = CHUNK_TIMEOUT_MS } = options;
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const fetchChunk = () => {
    pending ??= withChunkTimeout(load, timeoutMs).then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };

  const LazyChunk = (props: P) => {
    const [state, setState] = useState<State<P>>(() => (loaded ? { status: 'loaded', Component: loaded } : { status: 'loading' }));
    const start = useCallback(() => {
      setState({ status: 'loading' });
      fetchChunk().then(
        (Component) => setState({ status: 'loaded', Component }),
        (error: unknown) => setState({ status: 'failed', timedOut: error instanceof ChunkTimeoutError }),
      );
    }, []);
    useEffect(() => {
      if (!loaded) start();
    }, [start]);
    if (state.status === 'loaded') return <state.Component {...props} />;
    if (state.status === 'failed') {
      return (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={start}>
              {ownMessages.retry}
            </Button>
          }
        >
          {state.timedOut ? ownMessages.chunkTimedOut(timeoutMs / 1000) : ownMessages.chunkLoadFailed}
        </Alert>
      );
    }
    return <>{fallback}</>;
  };
  return LazyChunk;
}
