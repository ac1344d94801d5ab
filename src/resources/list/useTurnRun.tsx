/**
 * The progress of a run of calls in turn, one per item or per batch of items (runInTurn.ts): a bar
 * while the calls run, moving at each call, then what happened: all done, or the item (a batch's
 * refusal names its object itself) it stopped at and why, how many were done and that the rest were
 * not changed (a 401 meanwhile is also the catalogue's: its notice, then home). It is
 * given to whatever shows it: the group's Add devices dialog, the bulk actions' dialog (useBulkRun).
 */
import { useState, type ReactNode } from 'react';
import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import { errorMessage, reportError } from '../../dataProvider/errors';
import { HttpError } from '../../dataProvider/http';
import { ownMessages } from '../../messages';
import { runInTurn, type TurnResult } from './runInTurn';

export interface TurnJob<T> {
  items: readonly T[];
  /** One call for a batch of items: `batchSize` of them, the last batch fewer. */
  step: (batch: readonly T[]) => Promise<unknown>;
  /** Items per call; 1 when absent. */
  batchSize?: number;
  /** How a failure of one item's call names it (a batch's refusal names its object). */
  nameOf: (item: T) => string;
}

interface TurnState {
  done: number;
  total: number;
  outcome?: { text: string; ok: boolean };
}

export interface TurnRun {
  run: <T>(job: TurnJob<T>) => Promise<TurnResult<T>>;
  /** The bar, 'n of m done' and the outcome once there is one; null before the first run. */
  progress: ReactNode;
  running: boolean;
  /** The last run has ended (its outcome is shown). */
  finished: boolean;
  /** Forgets the last run: no progress is shown. */
  clear: () => void;
}

export function useTurnRun(): TurnRun {
  const [state, setState] = useState<TurnState>();

  const run = async <T,>(job: TurnJob<T>) => {
    setState({ done: 0, total: job.items.length });
    const batchSize = job.batchSize ?? 1;
    const result = await runInTurn(job.items, job.step, (done, total) => setState((s) => s && { ...s, done, total }), batchSize);
    const stopped = (failure: NonNullable<typeof result.failure>) => {
      const reason = errorMessage(failure.error) ?? '';
      return batchSize === 1
        ? ownMessages.bulkStopped(job.nameOf(failure.item), reason, result.done, result.total)
        : ownMessages.batchStopped(reason, result.done, result.total);
    };
    const outcome = result.failure ? { ok: false, text: stopped(result.failure) } : { ok: true, text: ownMessages.bulkAllDone(result.total) };
    setState((s) => s && { ...s, outcome });
    // Signed out meanwhile: spec section 8's 401 (its notice, then the home page), as any call.
    if (result.failure?.error instanceof HttpError && result.failure.error.status === 401) reportError(result.failure.error);
    return result;
  };

  const progress = state ? (
    <Box>
      <LinearProgress
        variant="determinate"
        value={state.total === 0 ? 100 : (100 * state.done) / state.total}
        aria-label={ownMessages.bulkProgress(state.done, state.total)}
      />
      <Typography variant="body2" role="status" sx={{ mt: 1 }}>
        {ownMessages.bulkProgress(state.done, state.total)}
      </Typography>
      {state.outcome && (
        <Alert severity={state.outcome.ok ? 'success' : 'error'} sx={{ mt: 2, whiteSpace: 'pre-line' }}>
          {state.outcome.text}
        </Alert>
      )}
    </Box>
  ) : null;

  return {
    run,
    progress,
    running: state !== undefined && state.outcome === undefined,
    finished: state?.outcome !== undefined,
    clear: () => setState(undefined),
  };
}
