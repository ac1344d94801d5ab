/**
 * The create page's second step: which devices get the firmware (a group of its type, the devices
 * table's filter, or devices chosen one by one), with how many that is now, counted by the server
 * as the user changes the choice.
 */
import { useState } from 'react';
import { Autocomplete, FormControlLabel, MenuItem, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { ownMessages } from '../../messages';
import { device } from '../../schemas/device';
import { rollout } from '../../schemas/rollout';
import { RECENCY_VALUES, type RecencyFilter } from '../../schemas/recency';
import { useDebounced } from '../dropdown/usePickerSearch';
import type { FieldErrors } from '../object/validation';
import { DEVICE_SOURCES, type DeviceSource, type RolloutDraft } from './rolloutDraft';
import { useDeviceChoices, useGroupChoices, useTypeName } from './useRolloutChoices';

export interface DevicesStepProps {
  draft: RolloutDraft;
  change: (patch: Partial<RolloutDraft>) => void;
  /** The devices the rollout would take now (undefined while counted). */
  count: number | undefined;
  errors: FieldErrors;
}

const numberOrNull = (value: string) => (value === '' ? null : Number(value));

export const DevicesStep = ({ draft, change, count, errors }: DevicesStepProps) => {
  const groups = useGroupChoices(draft.team_id, draft.type_id) ?? [];
  const typeName = useTypeName(draft.type_id);
  const [search, setSearch] = useState('');
  const choices = useDeviceChoices(draft.team_id, draft.type_id, useDebounced(search)) ?? [];
  const groupSelect = (value: number | null, onChange: (id: number | null) => void, label: string, anyLabel?: string, error?: string) => (
    <TextField select label={label} value={value ?? ''} onChange={(e) => onChange(numberOrNull(e.target.value))} error={!!error} helperText={error} sx={{ minWidth: '16em' }}>
      {anyLabel !== undefined && <MenuItem value="">{anyLabel}</MenuItem>}
      {groups.map((g) => (
        <MenuItem key={g.id} value={g.id}>
          {String(g.name)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Stack spacing={2}>
      <RadioGroup aria-label={ownMessages.rolloutDevicesBy} value={draft.source} onChange={(e) => change({ source: e.target.value as DeviceSource })}>
        {DEVICE_SOURCES.map((source) => (
          <FormControlLabel key={source} value={source} control={<Radio />} label={ownMessages.rolloutDevicesByLabels[source]} />
        ))}
      </RadioGroup>
      {draft.source === 'group' &&
        groupSelect(draft.devices_group_id, (id) => change({ devices_group_id: id }), rollout.fields.devices_group_id.label, undefined, errors.devices_group_id)}
      {draft.source === 'filter' && (
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
          <TextField label={ownMessages.rolloutSearchText} value={draft.filter.q} onChange={(e) => change({ filter: { ...draft.filter, q: e.target.value } })} sx={{ minWidth: '20em' }} />
          {groupSelect(draft.filter.group_id, (id) => change({ filter: { ...draft.filter, group_id: id } }), rollout.fields.devices_group_id.label, ownMessages.rolloutAnyGroup)}
          <TextField
            select
            label={device.fields.last_seen.label}
            value={draft.filter.last_seen}
            onChange={(e) => change({ filter: { ...draft.filter, last_seen: e.target.value as RecencyFilter | '' } })}
            sx={{ minWidth: '16em' }}
          >
            <MenuItem value="">{ownMessages.rolloutAnyLastSeen}</MenuItem>
            {RECENCY_VALUES.map((value) => (
              <MenuItem key={value} value={value}>
                {ownMessages.recencyFilterLabels[value]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      )}
      {draft.source === 'chosen' && (
        <Autocomplete
          multiple
          options={choices.map((d) => ({ id: Number(d.id), name: String(d.name) }))}
          value={draft.devices}
          getOptionLabel={(d) => d.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          filterOptions={(options) => options}
          onInputChange={(_e, text) => setSearch(text)}
          onChange={(_e, devices) => change({ devices })}
          renderInput={(params) => <TextField {...params} label={ownMessages.rolloutChooseDevices} error={!!errors.device_ids} helperText={errors.device_ids} />}
        />
      )}
      <Typography role="status" sx={{ fontWeight: 500 }}>
        {count !== undefined && typeName !== undefined ? ownMessages.rolloutDeviceCount(count, typeName) : ''}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {ownMessages.rolloutDeviceCountNote}
      </Typography>
    </Stack>
  );
};
