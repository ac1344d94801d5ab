/**
 * The assign-to-objects dialog (spec sections 2 and 6): the documented objects of the document's
 * team that its target class fits (other: every kind), one list per kind with a select-all box;
 * 'Assign' adds the document to each chosen object's documentation in turn, with a progress bar,
 * stops at the first failure naming the object, and says which objects already held it.
 * A big category (picker.search: devices) shows the first of its team's objects by name, a search
 * box read on the server and 'Show more', never the whole team; choices outlive a new search.
 */
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { PickerSearchBox } from '../dropdown/PickerSearchBox';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage, reportError } from '../../dataProvider/errors';
import { HttpError } from '../../dataProvider/http';
import { useObjectCalls } from '../../dataProvider/useObjectCalls';
import { useDataProvider } from 'react-admin';
import { messages, ownMessages } from '../../messages';
import type { Category } from '../../schemas';
import { pickerOf } from '../dropdown/picker';
import { PICKER_PAGE, useDebounced } from '../dropdown/usePickerSearch';
import { assignInSequence, fetchTeamObjects, type AssignResult, type AssignTarget } from './assignDocument';
import { attachTouches } from './attachDocument';
import { categoriesForTargetClass } from './documentation';

export interface AssignDialogProps {
  document: { id: number; team_id: number; target_class?: unknown };
  onClose: () => void;
}

const keyOf = (t: AssignTarget) => `${t.category.key}:${t.id}`;

/** Rendered only while open, so every opening reads the objects afresh. */
export const AssignDialog = ({ document, onClose }: AssignDialogProps) => {
  const { dataProvider, changed } = useObjectCalls();
  const kinds = useMemo(() => categoriesForTargetClass(document.target_class), [document.target_class]);
  const [selected, setSelected] = useState<ReadonlyMap<string, AssignTarget>>(new Map());
  const [progress, setProgress] = useState<{ done: number; total: number } | undefined>(undefined);
  const [result, setResult] = useState<AssignResult | undefined>(undefined);

  const busy = progress !== undefined && result === undefined;
  const setMany = (targets: readonly AssignTarget[], on: boolean) => {
    const next = new Map(selected);
    for (const t of targets) {
      if (on) next.set(keyOf(t), t);
      else next.delete(keyOf(t));
    }
    setSelected(next);
  };

  const assign = async () => {
    const targets = [...selected.values()];
    setResult(undefined);
    setProgress({ done: 0, total: targets.length });
    const outcome = await assignInSequence(dataProvider, targets, document.id, (done) => setProgress({ done, total: targets.length }));
    setResult(outcome);
    setSelected(new Map());
    if (outcome.failed?.error instanceof HttpError && outcome.failed.error.status === 401) reportError(outcome.failed.error);
    // The objects changed, and the document's own screen lists where it is used: both read again.
    if (outcome.added.length > 0) await changed(outcome.added.flatMap((t) => attachTouches(t.category)));
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="assign-dialog-title">
      <DialogTitle id="assign-dialog-title">{ownMessages.assignToObjects}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {kinds.map((kind) => (
            <KindList key={kind.key} kind={kind} teamId={document.team_id} selected={selected} disabled={busy} onSet={setMany} />
          ))}
        </Stack>
        {progress && (
          <Box sx={{ mt: 2 }}>
            <LinearProgress variant="determinate" value={progress.total === 0 ? 100 : (100 * progress.done) / progress.total} />
            <Typography variant="body2">{ownMessages.assigningProgress(progress.done, progress.total)}</Typography>
          </Box>
        )}
        {result && <AssignOutcome result={result} />}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" disabled={busy || selected.size === 0} onClick={() => void assign()}>
          {ownMessages.assign}
        </Button>
        <Button disabled={busy} onClick={onClose}>
          {messages.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

interface KindListProps {
  kind: Category;
  teamId: number;
  selected: ReadonlyMap<string, AssignTarget>;
  disabled: boolean;
  onSet: (targets: readonly AssignTarget[], on: boolean) => void;
}

/** The team's objects of one kind: all of a small category, the first matches of a big one. */
function useTeamObjects(kind: Category, teamId: number, text: string, limit: number) {
  const dataProvider = useDataProvider();
  const [page, setPage] = useState<{ targets: AssignTarget[]; total: number } | undefined>(undefined);
  const big = pickerOf(kind).search === true;
  const searched = useDebounced(text);
  useEffect(() => {
    const controller = new AbortController();
    fetchTeamObjects(dataProvider, kind, teamId, controller.signal, big ? { text: searched, limit } : undefined).then(setPage, (error: unknown) => {
      if (controller.signal.aborted) return;
      reportError(error);
      setPage({ targets: [], total: 0 });
    });
    return () => controller.abort();
  }, [dataProvider, kind, teamId, big, searched, limit]);
  return { page, big };
}

const KindList = ({ kind, teamId, selected, disabled, onSet }: KindListProps) => {
  const [text, setText] = useState('');
  const [limit, setLimit] = useState(PICKER_PAGE);
  const { page, big } = useTeamObjects(kind, teamId, text, limit);
  if (page === undefined) return <LinearProgress sx={{ my: 2 }} aria-label={kind.plural} />;
  const { targets, total } = page;
  const all = targets.length > 0 && targets.every((t) => selected.has(keyOf(t)));
  const some = targets.some((t) => selected.has(keyOf(t)));
  return (
    <Box component="section" aria-label={kind.plural}>
      <FormControlLabel
        label={<Typography variant="subtitle1">{kind.plural}</Typography>}
        control={
          <Checkbox
            checked={all}
            indeterminate={some && !all}
            disabled={disabled || targets.length === 0}
            onChange={() => onSet(targets, !all)}
            slotProps={{ input: { 'aria-label': ownMessages.selectAllOf(kind.plural) } }}
          />
        }
      />
      {big && (
        <PickerSearchBox
          plural={kind.plural}
          value={text}
          onSearch={(typed) => {
            setText(typed);
            setLimit(PICKER_PAGE);
          }}
          sx={{ mb: 1 }}
        />
      )}
      {targets.length === 0 ? (
        <Typography variant="body2" sx={{ pl: 4 }}>
          {text.trim() === '' ? ownMessages.noObjects : ownMessages.noMatches}
        </Typography>
      ) : (
        <Stack sx={{ pl: 4 }}>
          {targets.map((t) => (
            <FormControlLabel
              key={t.id}
              label={t.label}
              control={<Checkbox size="small" checked={selected.has(keyOf(t))} disabled={disabled} onChange={(e) => onSet([t], e.target.checked)} />}
            />
          ))}
        </Stack>
      )}
      {total > targets.length && (
        <Stack direction="row" spacing={2} sx={{ pl: 4, alignItems: 'center' }}>
          <Typography variant="body2">{ownMessages.moreMatches(total - targets.length)}</Typography>
          <Button size="small" disabled={disabled} onClick={() => setLimit(limit + PICKER_PAGE)}>
            {ownMessages.showMore}
          </Button>
        </Stack>
      )}
    </Box>
  );
};

const AssignOutcome = ({ result }: { result: AssignResult }) => (
  <Stack spacing={1} sx={{ mt: 2 }}>
    {result.failed && (
      <Alert severity="error">{ownMessages.assignFailed(result.failed.target.label, errorMessage(result.failed.error) ?? '')}</Alert>
    )}
    {result.added.length > 0 && <Alert severity="success">{ownMessages.assignDone(result.added.length)}</Alert>}
    {result.skipped.length > 0 && <Alert severity="info">{ownMessages.assignSkipped(result.skipped.map((t) => t.label))}</Alert>}
  </Stack>
);
