/**
 * The create page's second step: which devices get the firmware (a group of its type, the devices
 * table's filter, or devices chosen one by one), with how many that is now, counted by the server
 * as the user changes the choice. The filter asks for the devices of no group at first, and the devices
 * offered one by one are those of no group: a rollout that would take a device of a group is refused
 * (docs/ROLLOUTS.md, "The group rule"; a group's devices are a rollout over the group).
 */
import { useState } from 'react';
import { Autocomplete, FormControlLabel, MenuItem, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { ownMessages } from '../../messages';
import { device } from '../../schemas/device';
import { rollout } from '../../schemas/rollout';
import { RECENCY_VALUES, type RecencyFilter } from '../../schemas/recency';
import { useDebounced } from '../dropdown/usePickerSearch';
import type { FieldErrors } from '../object/validation';
import { ANY_GROUP, DEVICE_SOURCES, type DeviceFilter, type DeviceSource, type RolloutDraft } from './rolloutDraft';
import { useDeviceChoices, useGroupChoices, useTypeName } from './useRolloutChoices';

export interface DevicesStepProps {
  draft: RolloutDraft;
  change: (patch: Partial<RolloutDraft>) => void;
  /** The devices the rollout would take now (undefined while counted). */
  count: number | undefined;
  errors: FieldErrors;
}

const numberOrNull = (value: string) => (value === '' ? null : Number(value));

/** The filter's group as its select holds it: 'none' for the devices of no group (a select's value is no null). */
const NO_GROUP = 'none';
const filterGroupValue = (group: DeviceFilter['group_id']) => (group === null ? NO_GROUP : group);
const filterGroupOf = (value: string): DeviceFilter['group_id'] => (value === NO_GROUP ? null : value === ANY_GROUP ? ANY_GROUP : Number(value));

export const DevicesStep = ({ draft, change, count, errors }: DevicesStepProps) => {
  const groups = useGroupChoices(draft.team_id, draft.type_id) ?? [];
  const typeName = useTypeName(draft.type_id);
  const [search, setSearch] = useState('');
  const choices = useDeviceChoices(draft.team_id, draft.type_id, useDebounced(search)) ?? [];
  const groupItems = groups.map((g) => (
    <MenuItem key={g.id} value={g.id}>
      {String(g.name)}
    </MenuItem>
  ));
  const { label } = rollout.fields.devices_group_id;

  return (
    <Stack spacing={2}>
      <RadioGroup aria-label={ownMessages.rolloutDevicesBy} value={draft.source} onChange={(e) => change({ source: e.target.value as DeviceSource })}>
        {DEVICE_SOURCES.map((source) => (
          <FormControlLabel key={source} value={source} control={<Radio />} label={ownMessages.rolloutDevicesByLabels[source]} />
        ))}
      </RadioGroup>
      {draft.source === 'group' && (
        <TextField
          select
          label={label}
          value={draft.devices_group_id ?? ''}
          onChange={(e) => change({ devices_group_id: numberOrNull(e.target.value) })}
          error={!!errors.devices_group_id}
          helperText={errors.devices_group_id}
          sx={{ minWidth: '16em' }}
        >
          {groupItems}
        </TextField>
      )}
      {draft.source === 'filter' && (
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
          <TextField label={ownMessages.rolloutSearchText} value={draft.filter.q} onChange={(e) => change({ filter: { ...draft.filter, q: e.target.value } })} sx={{ minWidth: '20em' }} />
          <TextField
            select
            label={label}
            value={filterGroupValue(draft.filter.group_id)}
            onChange={(e) => change({ filter: { ...draft.filter, group_id: filterGroupOf(e.target.value) } })}
            sx={{ minWidth: '16em' }}
          >
            <MenuItem value={NO_GROUP}>{ownMessages.rolloutNoGroup}</MenuItem>
            <MenuItem value={ANY_GROUP}>{ownMessages.rolloutAnyGroup}</MenuItem>
            {groupItems}
          </TextField>
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
