/**
 * How a rollout names its devices when not by a group, on its screen: the devices table's filter in
 * words, or how many devices were chosen. The generic screen has no input for either (the create
 * page sets them): on a draft's edit screen a note says how to change them. Each shows nothing when
 * the rollout names its devices another way.
 */
import { Typography } from '@mui/material';
import { useGetOne, useRecordContext } from 'react-admin';
import { ownMessages } from '../../messages';
import { device } from '../../schemas/device';
import { FieldBlock } from '../device/FieldBlock';
import type { FieldInputProps } from '../overrides';

interface StoredFilter {
  q?: string;
  /** null: the devices of no group. */
  group_id?: number | null;
  last_seen?: keyof typeof ownMessages.recencyFilterLabels;
}

const GroupName = ({ id }: { id: number }) => {
  const { data } = useGetOne('devices_group', { id, meta: { full: false, fields: ['id', 'name'] } });
  return <>{data ? String(data.name) : ''}</>;
};

/** On the edit screen: the devices are changed by making the rollout again. */
const ChangeNote = ({ readOnly }: { readOnly?: boolean }) =>
  readOnly ? null : (
    <Typography variant="body2" color="text.secondary" data-testid="rollout-devices-note">
      {ownMessages.rolloutDevicesNotEditable}
    </Typography>
  );

export const DeviceFilterInput = ({ name, field, readOnly }: FieldInputProps) => {
  const filter = useRecordContext()?.[name] as StoredFilter | null | undefined;
  if (!filter) return null;
  return (
    <FieldBlock label={field.label}>
      <Typography component="ul" variant="body2" sx={{ m: 0, pl: 3 }}>
        <li>{ownMessages.rolloutFilterOfType}</li>
        {filter.q && <li>{ownMessages.rolloutFilterSearch(filter.q)}</li>}
        {filter.group_id === null && <li>{ownMessages.rolloutFilterNoGroup}</li>}
        {typeof filter.group_id === 'number' && (
          <li>
            {ownMessages.rolloutFilterGroup} <GroupName id={filter.group_id} />
          </li>
        )}
        {filter.last_seen && <li>{`${device.fields.last_seen.label}: ${ownMessages.recencyFilterLabels[filter.last_seen]}`}</li>}
      </Typography>
      <ChangeNote readOnly={readOnly} />
    </FieldBlock>
  );
};

export const DeviceIdsInput = ({ name, field, readOnly }: FieldInputProps) => {
  const ids = useRecordContext()?.[name];
  if (!Array.isArray(ids) || ids.length === 0) return null;
  return (
    <FieldBlock label={field.label}>
      <Typography variant="body2">{ownMessages.rolloutChosenCount(ids.length)}</Typography>
      <ChangeNote readOnly={readOnly} />
    </FieldBlock>
  );
};
