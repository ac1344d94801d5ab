import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Category } from '../../schemas';
import { sameJson } from '../../schemas/sameJson';
import { isEmptyValue } from './formFields';
import { useRefField } from './useRefField';

/**
 * Keeps a field declared `follows` equal to the same field of the object its `via` reference
 * points at (spec section 4: choosing a group sets the device's target firmware from the group; a
 * device shows its type's icon). Renders nothing. A stored object keeps its own value until `via`
 * is changed (unless `always`): a rollout gives a device of a group its firmware as its target
 * (docs/ROLLOUTS.md), which the form would otherwise show as the group's and offer to change back.
 */
export const FollowValue = ({ category, name, stored }: { category: Category; name: string; stored?: Readonly<Record<string, unknown>> }) => {
  const { via, always } = category.fields[name].follows!;
  const viaValue = useWatch({ name: via });
  const current = useWatch({ name });
  const followed = useRefField(category.fields[via]?.ref, viaValue, name);
  const { setValue } = useFormContext();
  // Whether the user moved `via` away from the stored object's (from then on the value follows it).
  const viaChanged = useRef(false);
  useEffect(() => {
    if (stored && !always && !viaChanged.current) {
      if (sameJson(viaValue ?? null, stored[via] ?? null)) return;
      viaChanged.current = true;
    }
    if (isEmptyValue(viaValue)) {
      // A value that only ever comes from the reference goes with it.
      if (always && !isEmptyValue(current)) setValue(name, null, { shouldDirty: true });
      return;
    }
    if (followed === undefined) return;
    const value = followed ?? null;
    if (!sameJson(current ?? null, value)) setValue(name, value, { shouldDirty: true });
  }, [viaValue, followed, current, name, always, setValue, stored, via]);
  return null;
};
