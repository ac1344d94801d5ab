/**
 * The device's rollouts on its screen (issue 30): each rollout it is or was in, newest first, its name
 * linked to the rollout's page, the rollout's state, the device's phase in it and how its update went
 * there (with the failure message).
 */
import { Alert, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { LinkBase } from 'react-admin';
import { ownMessages } from '../../messages';
import { rollout } from '../../schemas/rollout';
import { phaseStarted } from '../../schemas/rolloutPlan';
import { objectHref, viewRoute } from '../consoleRoutes';
import type { ObjectPanelProps } from '../overrides';
import { useDeviceRollouts } from './deviceRollouts';
import { deviceStateLabel } from '../rollout/deviceStateLabel';

const COLUMNS = ownMessages.deviceRolloutColumns;

export const DeviceRolloutsPanel = ({ record }: ObjectPanelProps) => {
  const { data, isError } = useDeviceRollouts(record?.id);
  if (!record) return null;
  if (isError) return <Alert severity="warning">{ownMessages.deviceRolloutsUnreadable}</Alert>;
  if (!data) return null;
  if (data.length === 0) return <Typography color="text.secondary">{ownMessages.deviceNoRollouts}</Typography>;
  return (
    <Table size="small" aria-label={ownMessages.sectionRollouts}>
      <TableHead>
        <TableRow>
          {[COLUMNS.name, COLUMNS.state, COLUMNS.phase, COLUMNS.device_state, COLUMNS.message].map((label) => (
            <TableCell key={label}>{label}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((r) => (
          <TableRow key={r.id}>
            <TableCell>
              <Link component={LinkBase} to={objectHref(viewRoute(rollout), r.id)}>
                {r.name}
              </Link>
            </TableCell>
            <TableCell>{ownMessages.rolloutStateLabels[r.state]}</TableCell>
            <TableCell>{ownMessages.rolloutPhaseOf(r.device_phase, r.phase)}</TableCell>
            <TableCell>{deviceStateLabel(r.device_state, r.device_phase, r.phase)}</TableCell>
            <TableCell>{r.message ?? ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

/**
 * Beside the target firmware, why it is what it is when a rollout decided it. While a rollout holds the
 * device: the rollout that set it, once the device's phase started (it told the device); before, the
 * target is still the device's own (or one a former rollout left), so the note says when the rollout
 * sets it. After: the rollout that left it its target (`keeps_target`), and for a device of a group, that
 * the group's target is not its own until the group's changes (docs/ROLLOUTS.md, "The group rule").
 */
export const HeldTargetNote = ({ deviceId, grouped }: { deviceId: number | string; grouped: boolean }) => {
  const { data } = useDeviceRollouts(deviceId);
  const held = data?.find((r) => r.holds);
  const left = held ? undefined : data?.find((r) => r.keeps_target);
  const shown = held ?? left;
  if (!shown) return null;
  const note = held
    ? phaseStarted(held.device_phase, held.phase)
      ? ownMessages.targetSetByRollout(held.name, held.device_phase)
      : ownMessages.targetHeldByRollout(held.name, held.device_phase)
    : ownMessages.targetLeftByRollout(shown.name, shown.device_phase, grouped);
  return (
    <Link component={LinkBase} to={objectHref(viewRoute(rollout), shown.id)} variant="body2" data-testid="held-target">
      {note}
    </Link>
  );
};
