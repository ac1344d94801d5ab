/**
 * The rollout's add screen (/rollout_new): made in four steps (its firmware, its devices with how
 * many they are now, its phases with how many devices each takes, its rules), then saved with
 * POST /api/rollout, which lands on its progress page (a draft there, started with Start). What was
 * chosen stays while stepping back and forth, and a refused save keeps it all.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useDataProvider } from 'react-admin';
import { Box, Button, Card, CardContent, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { messages, ownMessages } from '../../messages';
import { rollout } from '../../schemas/rollout';
import { objectHref, viewRoute } from '../consoleRoutes';
import { PageTitle } from '../PageTitle';
import { useDebounced } from '../dropdown/usePickerSearch';
import { DevicesStep } from './DevicesStep';
import { FirmwareStep } from './FirmwareStep';
import { PhasesEditor } from './PhasesEditor';
import { RulesStep } from './RulesStep';
import { deviceCountFilter, newDraft, rolloutBody, STEPS, stepErrors, type RolloutDraft } from './rolloutDraft';
import { useDeviceCount } from './useRolloutChoices';

const STEP_LABELS: Record<(typeof STEPS)[number]['key'], string> = {
  firmware: ownMessages.rolloutStepFirmware,
  devices: ownMessages.rolloutStepDevices,
  phases: ownMessages.rolloutStepPhases,
  rules: ownMessages.rolloutStepRules,
};

export const RolloutCreatePage = () => {
  const dataProvider = useDataProvider();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<RolloutDraft>(newDraft);
  const [step, setStep] = useState(0);
  // A step's problems show once the user tried to leave it (not while they fill it in).
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const change = (patch: Partial<RolloutDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const counted = useDeviceCount(deviceCountFilter({ ...draft, filter: { ...draft.filter, q: useDebounced(draft.filter.q) } }));
  const count = draft.source === 'chosen' ? draft.devices.length : counted;
  const errors = tried ? stepErrors(draft, step) : {};
  const last = step === STEPS.length - 1;

  const next = async () => {
    if (Object.keys(stepErrors(draft, step)).length > 0) return setTried(true);
    setTried(false);
    if (!last) return setStep(step + 1);
    setSaving(true);
    try {
      const { data } = await dataProvider.create('rollout', { data: rolloutBody(draft) });
      navigate(objectHref(viewRoute(rollout), data.id));
    } catch {
      // The data provider showed the server's refusal; everything chosen stays to be corrected.
      setSaving(false);
    }
  };

  const heading = messages.addHeading(rollout.singular);
  return (
    <Card sx={{ mt: 2 }}>
      <PageTitle title={messages.addTitle(rollout.title)} heading={false} />
      <CardContent>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {heading}
        </Typography>
        <Stepper activeStep={step} sx={{ mb: 3, flexWrap: 'wrap', rowGap: 1 }}>
          {STEPS.map((s) => (
            <Step key={s.key}>
              <StepLabel>{STEP_LABELS[s.key]}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <Box component="section" aria-label={STEP_LABELS[STEPS[step].key]}>
          {STEPS[step].key === 'firmware' && <FirmwareStep draft={draft} change={change} errors={errors} />}
          {STEPS[step].key === 'devices' && <DevicesStep draft={draft} change={change} count={count} errors={errors} />}
          {STEPS[step].key === 'phases' && <PhasesEditor phases={draft.phases} onChange={(phases) => change({ phases })} total={count} error={errors.phases} />}
          {STEPS[step].key === 'rules' && <RulesStep draft={draft} change={change} errors={errors} />}
        </Box>
        <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
          <Button disabled={step === 0 || saving} onClick={() => {
              setTried(false);
              setStep(step - 1);
            }}>
            {ownMessages.rolloutBack}
          </Button>
          <Button variant="contained" disabled={saving} onClick={() => void next()}>
            {last ? ownMessages.rolloutSave : ownMessages.rolloutNext}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
};
