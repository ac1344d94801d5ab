/**
 * Rollout fields that mean something only beside another's value, on its screen: the group, when the
 * rollout's devices are not a filter or chosen devices (an empty 'Group' would say nothing, and one
 * chosen beside them is refused); the wait, when a phase is followed by a wait (beside 'auto' or
 * 'manual' the server refuses it, so hiding it clears it). Each shows the field's generic input then.
 * And 'Roll back on abort', on and disabled with why for a rollout over a group (the server stores it true:
 * its abort gives every device back, rollsBackAll, docs/ROLLOUTS.md "The group rule").
 */
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { refListIds } from '../../schemas/kinds';
import { rollsBackAll } from '../../schemas/rolloutPlan';
import { ownMessages } from '../../messages';
import { SwitchFieldInput } from '../inputs/SwitchFieldInput';
import type { FieldInputProps } from '../overrides';

export const DevicesGroupInput = ({ generic }: FieldInputProps) => {
  const [filter, ids] = useWatch({ name: ['device_filter', 'device_ids'] }) as [unknown, unknown];
  const otherwise = (filter !== null && filter !== undefined) || (refListIds(ids) ?? []).length > 0;
  return otherwise ? null : <>{generic}</>;
};

export const WaitMinutesInput = ({ name, readOnly, generic }: FieldInputProps) => {
  const { setValue } = useFormContext();
  const [advance, minutes] = useWatch({ name: ['advance', name] }) as [unknown, unknown];
  const shown = advance === 'wait';
  useEffect(() => {
    if (!shown && !readOnly && minutes !== null && minutes !== undefined && minutes !== '') setValue(name, null, { shouldDirty: true });
  }, [shown, readOnly, minutes, name, setValue]);
  return shown ? <>{generic}</> : null;
};

export const RollbackOnAbortInput = (props: FieldInputProps) => {
  const group = useWatch({ name: 'devices_group_id' }) as unknown;
  if (!rollsBackAll({ devices_group_id: group ?? null })) return <>{props.generic}</>;
  return <SwitchFieldInput {...props} disabled helperText={ownMessages.rolloutGroupAlwaysRollsBack} />;
};
