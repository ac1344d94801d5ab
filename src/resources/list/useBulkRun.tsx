/**
 * The progress of a run of one call per item, in turn (runInTurn.ts): a bar while the calls run,
 * then what happened: all done, or the item it stopped at and why, how many were done and that the
 * rest were not changed. useTurnRun gives the run and that view to whatever shows it (the group's
 * Add devices dialog); useBulkRun puts it in a dialog of its own for a bulk action on a table's
 * selection. Closing that dialog reads the table again and keeps selected only the rows not done,
 * so a stopped action can be resumed once its cause is fixed. The table is read again only then:
 * a page left empty would take the dialog with it.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Typography } from '@mui/material';
import { useListContext, useRefresh, type Identifier } from 'react-admin';
import { errorMessage } from '../../dataProvider/errors';
import { messages, ownMessages } from '../../messages';
import { runInTurn, type TurnResult } from './runInTurn';

export interface TurnJob<T> {
  items: readonly T[];
  step: (item: T) => Promise<unknown>;
  /** How a failure names the item. */
  nameOf: (item: T) => string;
}

export interface BulkJob<T extends { id: Identifier }> extends TurnJob<T> {
  /** The action's name, the dialog's title. */
  title: string;
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
    const result = await runInTurn(job.items, job.step, (done, total) => setState((s) => s && { ...s, done, total }));
    const outcome = result.failure
      ? { ok: false, text: ownMessages.bulkStopped(job.nameOf(result.failure.item), errorMessage(result.failure.error) ?? '', result.done, result.total) }
      : { ok: true, text: ownMessages.bulkAllDone(result.total) };
    setState((s) => s && { ...s, outcome });
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

export function useBulkRun(): { run: <T extends { id: Identifier }>(job: BulkJob<T>) => Promise<TurnResult<T>>; dialog: ReactNode; running: boolean } {
  const { selectedIds, onSelect, onUnselectItems } = useListContext();
  const refresh = useRefresh();
  const turns = useTurnRun();
  const [title, setTitle] = useState<string>();
  /** Selected once the dialog closes. */
  const [remaining, setRemaining] = useState<Identifier[]>([]);

  const run = async <T extends { id: Identifier }>(job: BulkJob<T>) => {
    setTitle(job.title);
    setRemaining([]);
    const result = await turns.run(job);
    const doneIds = new Set(job.items.slice(0, result.done).map((item) => String(item.id)));
    if (result.failure) setRemaining(selectedIds.filter((id) => !doneIds.has(String(id))));
    return result;
  };

  const close = () => {
    if (!turns.finished) return;
    if (remaining.length > 0) onSelect(remaining);
    else onUnselectItems();
    setTitle(undefined);
    turns.clear();
    refresh();
  };

  const dialog =
    title !== undefined ? (
      <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby="bulk-run-title">
        <DialogTitle id="bulk-run-title">{title}</DialogTitle>
        <DialogContent>{turns.progress}</DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={!turns.finished}>
            {messages.close}
          </Button>
        </DialogActions>
      </Dialog>
    ) : null;

  return { run, dialog, running: turns.running };
}
