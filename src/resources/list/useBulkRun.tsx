/**
 * A bulk action on a table's selection, run in turn (useTurnRun.tsx) in a dialog of its own.
 * Closing that dialog reads the table again and keeps selected only the rows not done, so a
 * stopped action can be resumed once its cause is fixed; an action run to its end ends the
 * selection. The table is read again only then: a page left empty would take the dialog with it.
 *
 * A selection also ends when the table is left, and one found when the console has just been loaded
 * is dropped (react-admin keeps it in the browser's storage: after a reload or a restart it would
 * come back selected, Delete live, on objects the user no longer has in mind), and it ends when the
 * table cannot be read (a server restarted meanwhile may hold other objects under those ids).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useListContext, useRefresh, useStoreContext, type Identifier } from 'react-admin';
import { messages } from '../../messages';
import type { TurnResult } from './runInTurn';
import { useTurnRun, type TurnJob } from './useTurnRun';

export interface BulkJob<T extends { id: Identifier }> extends TurnJob<T> {
  /** The action's name, the dialog's title. */
  title: string;
}

/** The tables shown since the console was loaded (by category key). */
const shownTables = new Set<string>();

/** Ends the table's selection when the table is left or cannot be read, and drops one from a page load before (see above). */
function useSelectionLifetime() {
  const { error, onSelect, resource } = useListContext();
  const { setItem } = useStoreContext();
  /** The table's page: the bulk actions unmount on it too (the selection emptied), which ends nothing. */
  const page = useRef(window.location.pathname);
  useEffect(() => {
    if (error) onSelect([]);
  }, [error, onSelect]);
  useEffect(() => {
    // Written to the store itself: react-admin's own setters do nothing once their table has gone.
    // The key is react-admin's for a list without a storeKey (useRecordSelection).
    const key = `${resource}.selectedIds`;
    if (!shownTables.has(resource)) {
      shownTables.add(resource);
      setItem(key, []);
    }
    const table = page.current;
    return () => {
      if (window.location.pathname !== table) setItem(key, []);
    };
  }, [resource, setItem]);
}

export function useBulkRun(): { run: <T extends { id: Identifier }>(job: BulkJob<T>) => Promise<TurnResult<T>>; dialog: ReactNode; running: boolean } {
  const { selectedIds, onSelect, onUnselectItems } = useListContext();
  useSelectionLifetime();
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
