/**
 * The 'Add devices' dialog of the devices-in-group block (spec section 2): the devices of the
 * group's type and team that are not in the group, with their current group, a select/deselect-all
 * checkbox and 'Add selected devices (n)', which moves the chosen ones in, one call at a time.
 */
import {
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
import { useEffect, useState } from 'react';
import type { Identifier } from 'react-admin';
import { reportError } from '../../dataProvider/errors';
import { messages, ownMessages } from '../../messages';
import { addDevicesToGroup, fetchAddableDevices, type DeviceSummary, type GroupKey } from './groupMembership';

export interface AddDevicesDialogProps {
  group: GroupKey & { name: string; type_name: string };
  onClose: () => void;
  /** Devices moved in (some or all): the group is read again. */
  onAdded: () => void;
}

/** Rendered only while open, so every opening reads the devices afresh. */
export const AddDevicesDialog = ({ group, onClose, onAdded }: AddDevicesDialogProps) => {
  const [devices, setDevices] = useState<DeviceSummary[] | undefined>(undefined);
  const [selected, setSelected] = useState<ReadonlySet<Identifier>>(new Set());
  const [busy, setBusy] = useState(false);
  const [reload, setReload] = useState(0);
  const { id, type_id, team_id } = group;

  useEffect(() => {
    const controller = new AbortController();
    fetchAddableDevices({ id, type_id, team_id }, controller.signal).then(setDevices, (error: unknown) => {
      reportError(error);
      setDevices([]);
    });
    return () => controller.abort();
  }, [id, type_id, team_id, reload]);

  const list = devices ?? [];
  const allSelected = list.length > 0 && list.every((d) => selected.has(d.id));
  const someSelected = list.some((d) => selected.has(d.id));

  const toggle = (deviceId: Identifier) => {
    const next = new Set(selected);
    if (next.has(deviceId)) next.delete(deviceId);
    else next.add(deviceId);
    setSelected(next);
  };

  const add = async () => {
    setBusy(true);
    // In the table's order, so that a stop half-way leaves an easy-to-read state.
    const ids = list.filter((d) => selected.has(d.id)).map((d) => d.id);
    const { moved, ok } = await addDevicesToGroup(ids, group.id);
    setBusy(false);
    if (moved > 0) onAdded();
    if (ok) {
      onClose();
      return;
    }
    setSelected(new Set());
    setReload((n) => n + 1);
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="add-devices-title">
      <DialogTitle id="add-devices-title">{messages.selectDevicesForGroup(group.name)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{messages.devicesOfType(group.type_name)}</DialogContentText>
        {devices === undefined ? (
          <LinearProgress sx={{ my: 2 }} />
        ) : list.length === 0 ? (
          <Typography variant="body2" sx={{ my: 2 }}>
            {ownMessages.noDevicesToAdd}
          </Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allSelected}
                    indeterminate={someSelected && !allSelected}
                    onChange={() => setSelected(allSelected ? new Set() : new Set(list.map((d) => d.id)))}
                    slotProps={{ input: { 'aria-label': ownMessages.selectAllDevices } }}
                  />
                </TableCell>
                <TableCell>{messages.nameColumn}</TableCell>
                <TableCell>{messages.currentGroupColumn}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((device) => (
                <TableRow key={device.id} hover selected={selected.has(device.id)} onClick={() => toggle(device.id)} sx={{ cursor: 'pointer' }}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.has(device.id)}
                      onClick={(e) => e.stopPropagation()}
                      onChange={() => toggle(device.id)}
                      slotProps={{ input: { 'aria-label': device.name } }}
                    />
                  </TableCell>
                  <TableCell>{device.name}</TableCell>
                  <TableCell>{device.group?.name ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
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
