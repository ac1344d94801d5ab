/**
 * The create page's last step: when the rollout pauses itself (the failure threshold), when a phase
 * ends anyway (its time limit), what follows a phase (at once, after a wait, or when someone
 * continues it), and whether an abort also takes back what succeeded (always, over a group).
 */
import { FormControl, FormControlLabel, FormHelperText, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { ownMessages } from '../../messages';
import { rollout } from '../../schemas/rollout';
import { ADVANCE_MODES, type AdvanceMode } from '../../schemas/rolloutPlan';
import type { FieldErrors } from '../object/validation';
import { rollsBackAnyway, type RolloutDraft } from './rolloutDraft';

export interface RulesStepProps {
  draft: RolloutDraft;
  change: (patch: Partial<RolloutDraft>) => void;
  errors: FieldErrors;
}

const numberOrNull = (value: string) => (value === '' ? null : Number(value));

/**
 * 'Roll back on abort': on and disabled, with why, for a rollout over a group (whose abort gives every
 * device back: rollsBackAll, docs/ROLLOUTS.md "The group rule"; its screen shows the same: ShownWhenInputs.tsx).
 */
const RollbackSwitch = ({ checked, always, onChange }: { checked: boolean; always: boolean; onChange: (checked: boolean) => void }) => (
  <FormControl>
    <FormControlLabel
      control={<Switch checked={checked || always} disabled={always} onChange={(e) => onChange(e.target.checked)} />}
      label={rollout.fields.rollback_on_abort.label}
    />
    {always && <FormHelperText>{ownMessages.rolloutGroupAlwaysRollsBack}</FormHelperText>}
  </FormControl>
);

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
      <RollbackSwitch checked={draft.rollback_on_abort} always={rollsBackAnyway(draft)} onChange={(checked) => change({ rollback_on_abort: checked })} />
    </Stack>
  );
};
