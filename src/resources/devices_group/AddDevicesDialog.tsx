/**
 * The 'Add devices' dialog of the devices-in-group block (spec section 2): the devices of the
 * group's type and team with their current group (the group's own shown but not to be chosen), a
 * select/deselect-all checkbox and 'Add selected devices (n)', which moves the chosen ones in with
 * the batch call (spec section 7: adding devices takes device ids and a group id), as a table's bulk
 * actions do (useTurnRun: the same progress, and the same stop at the first refusal, which names the
 * device, the ones not moved still chosen). Once all are in, the
 * dialog closes. A type may hold tens of thousands of devices: the dialog shows the first page by
 * name, a search box narrows it on the server and 'Show more' reads further; a choice outlives a
 * new search. A shift-click chooses (or drops) every row from the last one clicked; chosen devices
 * that are in another group are named under the table, since adding them takes them out of it.
 */
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { PickerSearchBox } from '../dropdown/PickerSearchBox';
import { useEffect, useRef, useState } from 'react';
import type { Identifier } from 'react-admin';
import { reportError } from '../../dataProvider/errors';
import { useObjectCalls } from '../../dataProvider/useObjectCalls';
import { messages, ownMessages } from '../../messages';
import { mustGetCategory } from '../../schemas';
import { PICKER_PAGE, useDebounced } from '../dropdown/usePickerSearch';
import { useTurnRun } from '../list/useTurnRun';
import {
  fetchCandidateDevices,
  isInGroup,
  leavingOtherGroups,
  rangeBetween,
  setDevicesGroup,
  GROUP_MOVE_TOUCHES,
  type CandidatePage,
  type DeviceSummary,
  type GroupKey,
} from './groupMembership';
import { BATCH_MAX } from '../../batch';

const byName = (a: DeviceSummary, b: DeviceSummary) => a.name.localeCompare(b.name, undefined, { numeric: true });

export interface AddDevicesDialogProps {
  group: GroupKey & { name: string; type_name: string };
  onClose: () => void;
}

/** Rendered only while open, so every opening reads the devices afresh. */
export const AddDevicesDialog = ({ group, onClose }: AddDevicesDialogProps) => {
  const { dataProvider, changed } = useObjectCalls();
  const [page, setPage] = useState<CandidatePage | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [text, setText] = useState('');
  const [limit, setLimit] = useState(PICKER_PAGE);
  const [selected, setSelected] = useState<ReadonlyMap<Identifier, DeviceSummary>>(new Map());
  const { run, progress, running: busy } = useTurnRun();
  const [reload, setReload] = useState(0);
  const searched = useDebounced(text);
  const { id, type_id, team_id } = group;

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    fetchCandidateDevices(dataProvider, { id, type_id, team_id }, searched, limit, controller.signal)
      .then(setPage, (error: unknown) => {
        if (controller.signal.aborted) return;
        reportError(error);
        setPage({ devices: [], total: 0 });
      })
      .finally(() => !controller.signal.aborted && setLoading(false));
    return () => controller.abort();
  }, [dataProvider, id, type_id, team_id, searched, limit, reload]);

  const list = (page?.devices ?? []).filter((d) => !isInGroup(d, id));
  const shown = page?.devices ?? [];
  const more = (page?.total ?? 0) - shown.length;
  const allSelected = list.length > 0 && list.every((d) => selected.has(d.id));
  const someSelected = list.some((d) => selected.has(d.id));

  const setMany = (devices: readonly DeviceSummary[], on: boolean) => {
    const next = new Map(selected);
    for (const d of devices) {
      if (on) next.set(d.id, d);
      else next.delete(d.id);
    }
    setSelected(next);
  };
  // The device last clicked (by id: a new search or 'Show more' changes the rows shown), and whether
  // the click that reaches onChange held shift. A shift-click whose anchor is no longer shown is a plain click.
  const anchor = useRef<Identifier | undefined>(undefined);
  const shiftHeld = useRef(false);
  const toggle = (device: DeviceSummary, index: number, shift: boolean) => {
    const on = !selected.has(device.id);
    const from = anchor.current === undefined ? -1 : shown.findIndex((d) => String(d.id) === String(anchor.current));
    const rows = shift && from >= 0 ? rangeBetween(shown, from, index) : [device];
    setMany(rows.filter((d) => !isInGroup(d, id)), on);
    anchor.current = device.id;
  };
  const leaving = leavingOtherGroups(selected.values(), id);

  const add = async () => {
    // By name, as the table shows them, so that a stop half-way leaves an easy-to-read state.
    const chosen = [...selected.values()].sort(byName);
    const result = await run({
      items: chosen,
      nameOf: (d) => d.name,
      batchSize: BATCH_MAX,
      step: (batch) => setDevicesGroup(dataProvider, batch.map((d) => d.id), group.id),
    });
    // Devices moved in (some or all): the group's form, and whatever shows those devices, read them again.
    if (result.done > 0) await changed(GROUP_MOVE_TOUCHES);
    if (!result.failure) {
      onClose();
      return;
    }
    // The ones not moved stay chosen, to try again once the cause is fixed.
    setSelected(new Map(chosen.slice(result.done).map((d) => [d.id, d])));
    setReload((n) => n + 1);
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="add-devices-title">
      <DialogTitle id="add-devices-title">{messages.selectDevicesForGroup(group.name)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{messages.devicesOfType(group.type_name)}</DialogContentText>
        <PickerSearchBox
          plural={mustGetCategory('device').plural}
          value={text}
          onSearch={(typed) => {
            setText(typed);
            setLimit(PICKER_PAGE);
          }}
          sx={{ mt: 2 }}
          disabled={busy}
        />
        {loading && <LinearProgress sx={{ my: 1 }} />}
        {page === undefined ? null : shown.length === 0 ? (
          <Typography variant="body2" sx={{ my: 2 }}>
            {searched.trim() === '' ? ownMessages.noDevicesToAdd : ownMessages.noMatches}
          </Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allSelected}
                    indeterminate={someSelected && !allSelected}
                    disabled={busy || list.length === 0}
                    onChange={() => setMany(list, !allSelected)}
                    slotProps={{ input: { 'aria-label': ownMessages.selectAllDevices } }}
                  />
                </TableCell>
                <TableCell>{messages.nameColumn}</TableCell>
                <TableCell>{messages.currentGroupColumn}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((device, index) => {
                const member = isInGroup(device, id);
                // The choice stays as it is while the devices are moved (a stop keeps the rest chosen).
                const fixed = member || busy;
                return (
                  <TableRow
                    key={device.id}
                    hover={!fixed}
                    selected={selected.has(device.id)}
                    onClick={fixed ? undefined : (event) => toggle(device, index, event.shiftKey)}
                    sx={{ cursor: fixed ? 'default' : 'pointer' }}
                  >
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={member || selected.has(device.id)}
                        disabled={fixed}
                        onClick={(e) => {
                          e.stopPropagation();
                          shiftHeld.current = e.shiftKey;
                        }}
                        onChange={() => toggle(device, index, shiftHeld.current)}
                        slotProps={{ input: { 'aria-label': device.name } }}
                      />
                    </TableCell>
                    <TableCell>{device.name}</TableCell>
                    <TableCell>{device.group?.name ?? ''}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
        {leaving.names.length > 0 && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {ownMessages.leaveOtherGroups(leaving.names, leaving.more)}
          </Alert>
        )}
        {more > 0 && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1 }}>
            <Typography variant="body2">{ownMessages.moreMatches(more)}</Typography>
            <Button size="small" disabled={loading || busy} onClick={() => setLimit(limit + PICKER_PAGE)}>
              {ownMessages.showMore}
            </Button>
          </Box>
        )}
        {progress && <Box sx={{ mt: 2 }}>{progress}</Box>}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" disabled={busy || selected.size === 0} onClick={add}>
          {messages.addSelectedDevices(selected.size)}
        </Button>
        <Button disabled={busy} onClick={onClose}>
          {messages.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
