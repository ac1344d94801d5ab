/**
 * The phases of the rollout being made: each a percentage of the devices left or a count, added
 * and removed, with beside each how many devices it takes of those counted now (phaseSizes, the
 * very rule the engine applies at the start, so the preview is what happens).
 */
import { Box, Button, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { ownMessages } from '../../messages';
import { MAX_PHASES, phaseSizes, type Phase } from '../../schemas/rolloutPlan';

type PhaseKind = 'percent' | 'count';

const kindOf = (phase: Phase): PhaseKind => ('percent' in phase ? 'percent' : 'count');
const valueOf = (phase: Phase): number => ('percent' in phase ? phase.percent : phase.count);
const phaseOf = (kind: PhaseKind, value: number): Phase => (kind === 'percent' ? { percent: value } : { count: value });
const isWhole = (value: number) => Number.isInteger(value) && value >= 1;

export interface PhasesEditorProps {
  phases: Phase[];
  onChange: (phases: Phase[]) => void;
  /** The devices the rollout would take now; undefined while counted or unknown (no preview then). */
  total: number | undefined;
  error?: string;
}

export const PhasesEditor = ({ phases, onChange, total, error }: PhasesEditorProps) => {
  const sizes = total !== undefined && phases.every((p) => isWhole(valueOf(p))) ? phaseSizes(total, phases) : undefined;
  const set = (index: number, phase: Phase) => onChange(phases.map((p, i) => (i === index ? phase : p)));
  return (
    <Stack spacing={1.5}>
      {phases.map((phase, i) => {
        const label = ownMessages.rolloutPhaseHeading(i + 1);
        return (
          <Stack key={i} role="group" aria-label={label} direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography sx={{ minWidth: '5em' }}>{label}</Typography>
            <TextField
              select
              fullWidth={false}
              size="small"
              label={ownMessages.rolloutPhaseKind}
              value={kindOf(phase)}
              onChange={(e) => set(i, phaseOf(e.target.value as PhaseKind, valueOf(phase)))}
              sx={{ minWidth: '13em' }}
            >
              {(['percent', 'count'] as const).map((kind) => (
                <MenuItem key={kind} value={kind}>
                  {ownMessages.rolloutPhaseKindLabels[kind]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              fullWidth={false}
              size="small"
              type="number"
              label={ownMessages.rolloutPhaseValue}
              value={Number.isNaN(valueOf(phase)) ? '' : valueOf(phase)}
              onChange={(e) => set(i, phaseOf(kindOf(phase), e.target.value === '' ? NaN : Number(e.target.value)))}
              error={!isWhole(valueOf(phase))}
              slotProps={{ htmlInput: { min: 1, max: kindOf(phase) === 'percent' ? 100 : undefined, step: 1 } }}
              sx={{ width: '8em' }}
            />
            {total !== undefined && (
              <Typography aria-live="polite" sx={{ minWidth: '9em' }}>
                {sizes ? ownMessages.rolloutPhaseTakes(sizes[i]) : ''}
              </Typography>
            )}
            <IconButton aria-label={ownMessages.rolloutRemovePhase(i + 1)} disabled={phases.length === 1} onClick={() => onChange(phases.filter((_, j) => j !== i))}>
              <DeleteIcon />
            </IconButton>
          </Stack>
        );
      })}
      {error && (
        <Typography color="error" role="alert">
          {error}
        </Typography>
      )}
      <Box>
        <Button startIcon={<AddIcon />} disabled={phases.length >= MAX_PHASES} onClick={() => onChange([...phases, { percent: 100 }])}>
          {ownMessages.rolloutAddPhase}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {ownMessages.rolloutLastPhaseNote}
      </Typography>
    </Stack>
  );
};
