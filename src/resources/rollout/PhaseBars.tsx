/**
 * A bar per phase of a rollout: its devices by where they stand (pending, downloading, installing,
 * succeeded, failed), each state a share of the bar and, below it, its count in words, so that the
 * bar reads at a glance and the counts are there for a screen reader and a test alike.
 */
import { Box, Stack, Typography } from '@mui/material';
import { ownMessages } from '../../messages';
import { ROLLOUT_DEVICE_STATES, type PhaseProgress, type RolloutDeviceState } from '../../schemas/rolloutPlan';
import { deviceStateLabel } from './deviceStateLabel';

/** The theme's colours: what is waiting grey, what is under way blue, the ends green and red. */
export const STATE_COLOURS: Readonly<Record<RolloutDeviceState, string>> = {
  pending: 'action.disabled',
  downloading: 'info.light',
  installing: 'info.main',
  succeeded: 'success.main',
  failed: 'error.main',
};

const PhaseBar = ({ phase, index, current }: { phase: PhaseProgress; index: number; current: number }) => {
  const label = ownMessages.rolloutPhaseHeading(index + 1);
  const isCurrent = index + 1 === current;
  return (
    <Box role="group" aria-label={label} aria-current={isCurrent ? 'step' : undefined}>
      <Typography sx={{ fontWeight: isCurrent ? 600 : 400 }}>
        {label} · {ownMessages.rolloutPhaseDevices(phase.devices)}
      </Typography>
      <Box aria-hidden sx={{ display: 'flex', height: 14, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover', my: 0.5 }}>
        {ROLLOUT_DEVICE_STATES.map((state) =>
          phase[state] > 0 ? <Box key={state} sx={{ width: `${(100 * phase[state]) / Math.max(phase.devices, 1)}%`, bgcolor: STATE_COLOURS[state] }} /> : null,
        )}
      </Box>
      <Stack direction="row" component="ul" sx={{ listStyle: 'none', p: 0, m: 0, columnGap: 2, flexWrap: 'wrap' }}>
        {ROLLOUT_DEVICE_STATES.map((state) => (
          <Typography key={state} component="li" variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Box aria-hidden component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: STATE_COLOURS[state] }} />
            {deviceStateLabel(state, index + 1, current)}: {phase[state]}
          </Typography>
        ))}
      </Stack>
    </Box>
  );
};

export const PhaseBars = ({ phases, current }: { phases: readonly PhaseProgress[]; current: number }) => (
  <Stack spacing={2}>
    {phases.map((phase, i) => (
      <PhaseBar key={i} phase={phase} index={i} current={current} />
    ))}
  </Stack>
);
