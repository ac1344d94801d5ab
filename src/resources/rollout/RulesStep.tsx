/**
 * The create page's last step: when the rollout pauses itself (the failure threshold), when a phase
 * ends anyway (its time limit), what follows a phase (at once, after a wait, or when someone
 * continues it), and whether an abort also takes back what succeeded.
 */
import { FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { ownMessages } from '../../messages';
import { rollout } from '../../schemas/rollout';
import { ADVANCE_MODES, type AdvanceMode } from '../../schemas/rolloutPlan';
import type { FieldErrors } from '../object/validation';
import type { RolloutDraft } from './rolloutDraft';

export interface RulesStepProps {
  draft: RolloutDraft;
  change: (patch: Partial<RolloutDraft>) => void;
  errors: FieldErrors;
}

const numberOrNull = (value: string) => (value === '' ? null : Number(value));

export const RulesStep = ({ draft, change, errors }: RulesStepProps) => {
  const { fields } = rollout;
  const minutes = (name: 'phase_timeout_minutes' | 'wait_minutes', helper?: string) => (
    <TextField
      type="number"
      label={fields[name].label}
      value={draft[name] ?? ''}
      onChange={(e) => change({ [name]: numberOrNull(e.target.value) })}
      error={!!errors[name]}
      helperText={errors[name] ?? helper}
      slotProps={{ htmlInput: { min: 1, step: 1 } }}
    />
  );
  return (
    <Stack spacing={2} sx={{ maxWidth: '32em' }}>
      <TextField
        type="number"
        label={fields.failure_threshold_percent.label}
        value={draft.failure_threshold_percent ?? ''}
        onChange={(e) => change({ failure_threshold_percent: numberOrNull(e.target.value) })}
        error={!!errors.failure_threshold_percent}
        helperText={errors.failure_threshold_percent}
        slotProps={{ htmlInput: { min: 1, max: 100, step: 1 } }}
      />
      {minutes('phase_timeout_minutes', ownMessages.rolloutNoTimeLimit)}
      <TextField select label={fields.advance.label} value={draft.advance} onChange={(e) => change({ advance: e.target.value as AdvanceMode })} error={!!errors.advance} helperText={errors.advance}>
        {ADVANCE_MODES.map((mode) => (
          <MenuItem key={mode} value={mode}>
            {ownMessages.rolloutAdvanceLabels[mode]}
          </MenuItem>
        ))}
      </TextField>
      {draft.advance === 'wait' && minutes('wait_minutes')}
      <FormControlLabel
        control={<Switch checked={draft.rollback_on_abort} onChange={(e) => change({ rollback_on_abort: e.target.checked })} />}
        label={fields.rollback_on_abort.label}
      />
    </Stack>
  );
};
