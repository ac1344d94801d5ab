/**
 * The create page's first step: the rollout's name, its team (one the user administers) and the
 * firmware it brings (an enabled one of the team, with its file); the type follows the firmware.
 */
import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { messages, ownMessages } from '../../messages';
import { rollout } from '../../schemas/rollout';
import type { FieldErrors } from '../object/validation';
import type { RolloutDraft } from './rolloutDraft';
import { useAdminTeamChoices, useFirmwareChoices } from './useRolloutChoices';

export interface FirmwareStepProps {
  draft: RolloutDraft;
  change: (patch: Partial<RolloutDraft>) => void;
  errors: FieldErrors;
}

/** A new team or firmware: the devices named for the old type no longer fit. */
const noDevices: Partial<RolloutDraft> = { devices_group_id: null, devices: [] };

export const FirmwareStep = ({ draft, change, errors }: FirmwareStepProps) => {
  const teams = useAdminTeamChoices() ?? [];
  const firmwares = useFirmwareChoices(draft.team_id);
  const { fields } = rollout;
  return (
    <Stack spacing={2} sx={{ maxWidth: '32em' }}>
      <TextField label={fields.name.label} required value={draft.name} onChange={(e) => change({ name: e.target.value })} error={!!errors.name} helperText={errors.name} />
      <TextField
        select
        required
        label={fields.team_id.label}
        value={draft.team_id ?? ''}
        onChange={(e) => change({ team_id: Number(e.target.value), firmware_id: null, type_id: null, ...noDevices, filter: { ...draft.filter, group_id: null } })}
        error={!!errors.team_id}
        helperText={errors.team_id}
      >
        {teams.map((t) => (
          <MenuItem key={t.id} value={t.id}>
            {String(t.name)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        required
        label={fields.firmware_id.label}
        value={draft.firmware_id ?? ''}
        disabled={draft.team_id === null}
        onChange={(e) => {
          const firmware = firmwares?.find((f) => String(f.id) === String(e.target.value));
          if (firmware) change({ firmware_id: Number(firmware.id), type_id: Number(firmware.type_id), ...noDevices, filter: { ...draft.filter, group_id: null } });
        }}
        error={!!errors.firmware_id}
        helperText={errors.firmware_id ?? (draft.team_id === null ? ownMessages.rolloutChooseTeamFirst : undefined)}
      >
        {(firmwares ?? []).map((f) => (
          <MenuItem key={f.id} value={f.id}>
            {messages.firmwareOption(String(f.name), String(f.version))}
          </MenuItem>
        ))}
      </TextField>
      {firmwares?.length === 0 && <Typography color="text.secondary">{ownMessages.rolloutNoFirmware}</Typography>}
    </Stack>
  );
};
