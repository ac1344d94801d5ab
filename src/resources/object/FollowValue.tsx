import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Category } from '../../schemas';
import { sameJson } from '../../schemas/sameJson';
import { isEmptyValue } from './formFields';
import { useRefField } from './useRefField';

/**
 * Keeps a field declared `follows` equal to the same field of the object its `via` reference
 * points at (spec section 4: choosing a group sets the device's target firmware from the group; a
 * device shows its type's icon). Renders nothing.
 */
export const FollowValue = ({ category, name }: { category: Category; name: string }) => {
  const { via, always } = category.fields[name].follows!;
  const viaValue = useWatch({ name: via });
  const current = useWatch({ name });
  const followed = useRefField(category.fields[via]?.ref, viaValue, name);
  const { setValue } = useFormContext();
  useEffect(() => {
    if (isEmptyValue(viaValue)) {
      // A value that only ever comes from the reference goes with it.
      if (always && !isEmptyValue(current)) setValue(name, null, { shouldDirty: true });
      return;
    }
    if (followed === undefined) return;
    const value = followed ?? null;
    if (!sameJson(current ?? null, value)) setValue(name, value, { shouldDirty: true });
  }, [viaValue, followed, current, name, always, setValue]);
  return null;
};
