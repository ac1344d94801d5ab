/**
 * The devices of a rollout that failed, with the phase and the message each reported, their names
 * linking to their pages; the progress answer holds the first ones only, which is then said.
 */
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { messages, ownMessages } from '../../messages';
import { device } from '../../schemas/device';
import { rollout } from '../../schemas/rollout';
import type { RolloutProgress } from '../../schemas/rolloutPlan';
import { ObjectViewLink } from '../ObjectViewLink';

export const FailedDevices = ({ progress }: { progress: RolloutProgress }) => {
  const failed = progress.failed_devices;
  const total = progress.phases.reduce((sum, p) => sum + p.failed, 0);
  if (failed.length === 0) return <Typography color="text.secondary">{ownMessages.rolloutNoFailures}</Typography>;
  return (
    <>
      {total > failed.length && <Typography variant="body2">{ownMessages.rolloutFailedShown(failed.length, total)}</Typography>}
      <Table size="small" aria-label={ownMessages.rolloutFailedHeading}>
        <TableHead>
          <TableRow>
            <TableCell>{messages.nameColumn}</TableCell>
            <TableCell>{rollout.fields.phase.label}</TableCell>
            <TableCell>{ownMessages.rolloutFailureMessage}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {failed.map((d) => (
            <TableRow key={d.id}>
              <TableCell>
                <ObjectViewLink category={device} id={d.id}>
                  {d.name}
                </ObjectViewLink>
              </TableCell>
              <TableCell>{d.phase}</TableCell>
              <TableCell>{d.message ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
};
