/**
 * The rollout at a glance, on top of its screen: its state and phase, what it waits for (someone
 * to continue it, or the time its next phase starts), the buttons that change its state, and a bar
 * per phase with its devices by state (a draft: what each phase would take if started now). It
 * reads itself again while the rollout is live.
 */
import { Alert, Stack, Typography } from '@mui/material';
import { ownMessages } from '../../messages';
import { formatDate } from '../../formatDate';
import type { ObjectPanelProps } from '../overrides';
import { DraftPreview } from './DraftPreview';
import { PhaseBars } from './PhaseBars';
import { RolloutActions } from './RolloutActions';
import { useRefreshProgress, useRolloutProgress } from './useRolloutProgress';
import { rollsBackAll } from '../../schemas/rolloutPlan';

export const RolloutSummary = ({ record, mode, isAdmin, refresh }: ObjectPanelProps) => {
  const { data: progress, isError } = useRolloutProgress(record?.id);
  const refreshProgress = useRefreshProgress(record?.id);
  if (!record || mode !== 'view') return null;
  if (!progress) return isError ? <Alert severity="warning">{ownMessages.rolloutProgressUnavailable}</Alert> : null;
  const state = ownMessages.rolloutStateLabels[progress.state] ?? progress.state;
  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <Typography role="status" variant="h6" component="p">
        {ownMessages.rolloutStateLine(state, progress.phase, progress.phases.length)}
      </Typography>
      {progress.state === 'running' && progress.waits_for_continue && <Alert severity="info">{ownMessages.rolloutWaitsForContinue}</Alert>}
      {progress.state === 'running' && progress.next_phase_at && <Alert severity="info">{ownMessages.rolloutNextPhaseAt(formatDate(progress.next_phase_at))}</Alert>}
      {isError && <Alert severity="warning">{ownMessages.rolloutProgressUnavailable}</Alert>}
      <RolloutActions
        id={record.id}
        name={String(record.name)}
        rollbackOnAbort={rollsBackAll(record as { rollback_on_abort?: unknown; devices_group_id?: unknown })}
        progress={progress}
        isAdmin={isAdmin}
        onDone={() => {
          refreshProgress();
          refresh();
        }}
      />
      {progress.state === 'draft' ? <DraftPreview record={record} /> : <PhaseBars phases={progress.phases} current={progress.phase} />}
    </Stack>
  );
};
