/**
 * The rollout's phases on its screen: read as words in view ('1% of the rest, ...'), edited with the
 * create page's phase editor while a draft is edited (the generic JSON text read badly).
 */
import { Typography } from '@mui/material';
import { useInput } from 'react-admin';
import { ownMessages } from '../../messages';
import type { Phase } from '../../schemas/rolloutPlan';
import { FieldBlock } from '../device/FieldBlock';
import type { FieldInputProps } from '../overrides';
import { PhasesEditor } from './PhasesEditor';

export const phaseWords = (phase: Phase): string =>
  'percent' in phase ? ownMessages.rolloutPhasePercent(phase.percent) : ownMessages.rolloutPhaseDevices(phase.count);

export const PhasesInput = ({ name, field, readOnly }: FieldInputProps) => {
  const { field: input, fieldState } = useInput({ source: name });
  const phases = Array.isArray(input.value) ? (input.value as Phase[]) : [];
  return (
    <FieldBlock label={field.label}>
      {readOnly ? (
        <Typography component="ol" variant="body2" sx={{ m: 0, pl: 3 }}>
          {phases.map((phase, i) => (
            <li key={i}>{phaseWords(phase)}</li>
          ))}
        </Typography>
      ) : (
        <PhasesEditor phases={phases} onChange={input.onChange} total={undefined} error={fieldState.error?.message} />
      )}
    </FieldBlock>
  );
};
