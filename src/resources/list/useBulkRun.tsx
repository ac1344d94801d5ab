/**
 * The progress of a bulk action on a table's selection, in a dialog: a bar while the calls run one
 * after another (runInTurn.ts), then what happened: all done, or the row it stopped at and why, how
 * many were done and that the rest were not changed. Closing it reads the table again and keeps
 * selected only the rows not done, so a stopped action can be resumed once its cause is fixed.
 * The table is read again only then: a page left empty would take the dialog with it.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Typography } from '@mui/material';
import { useListContext, useRefresh, type Identifier } from 'react-admin';
import { errorMessage } from '../../dataProvider/errors';
import { messages, ownMessages } from '../../messages';
import { runInTurn, type TurnResult } from './runInTurn';

export interface BulkJob<T extends { id: Identifier }> {
  /** The action's name, the dialog's title. */
  title: string;
  items: readonly T[];
  step: (item: T) => Promise<unknown>;
  /** How a failure names the row. */
  nameOf: (item: T) => string;
}

interface RunState {
  title: string;
  done: number;
  total: number;
  outcome?: { text: string; ok: boolean };
  /** Selected once the dialog closes. */
  remaining: Identifier[];
}

export function useBulkRun(): { run: <T extends { id: Identifier }>(job: BulkJob<T>) => Promise<TurnResult<T>>; dialog: ReactNode; running: boolean } {
  const { selectedIds, onSelect, onUnselectItems } = useListContext();
  const refresh = useRefresh();
  const [state, setState] = useState<RunState>();

  const run = async <T extends { id: Identifier }>(job: BulkJob<T>) => {
    setState({ title: job.title, done: 0, total: job.items.length, remaining: [] });
    const result = await runInTurn(job.items, job.step, (done, total) => setState((s) => s && { ...s, done, total }));
    const doneIds = new Set(job.items.slice(0, result.done).map((item) => String(item.id)));
    const remaining = selectedIds.filter((id) => !doneIds.has(String(id)));
    const outcome = result.failure
      ? { ok: false, text: ownMessages.bulkStopped(job.nameOf(result.failure.item), errorMessage(result.failure.error) ?? '', result.done, result.total) }
      : { ok: true, text: ownMessages.bulkAllDone(result.total) };
    setState((s) => s && { ...s, outcome, remaining: result.failure ? remaining : [] });
    return result;
  };

  const close = () => {
    if (!state?.outcome) return;
    if (state.remaining.length > 0) onSelect(state.remaining);
    else onUnselectItems();
    setState(undefined);
    refresh();
  };

  const dialog = state ? (
    <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby="bulk-run-title">
      <DialogTitle id="bulk-run-title">{state.title}</DialogTitle>
      <DialogContent>
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
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={!state.outcome}>
          {messages.close}
        </Button>
      </DialogActions>
    </Dialog>
  ) : null;

  return { run, dialog, running: state !== undefined && state.outcome === undefined };
}
