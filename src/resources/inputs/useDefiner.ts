/**
 * The definer of a field declared with `definedBy`: the object its `via` reference points at in
 * the form (a device's chosen type), read for just the defining field. Shared by the inputs whose
 * shape another object defines (custom field values, a provisioning schema).
 */
import { useGetOne } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { Category } from '../../schemas';

export interface Definer {
  /** The `via` reference is set. */
  hasRef: boolean;
  /** The definer of the current reference is read (false while reading, or without a reference). */
  loaded: boolean;
  /** The definer's defining field. */
  value: unknown;
  /** The reference's current value. */
  refId: unknown;
}

export function useDefiner(category: Category, name: string): Definer {
  const definedBy = category.fields[name]?.definedBy;
  const refKey = definedBy ? category.fields[definedBy.via]?.ref : undefined;
  const refId = useWatch({ name: definedBy?.via ?? '' }) as number | string | null | undefined;
  const hasRef = refKey !== undefined && refId !== null && refId !== undefined && refId !== '';
  const { data } = useGetOne(
    refKey ?? '',
    { id: hasRef ? refId : '', meta: { full: false, fields: ['id', definedBy?.field ?? 'id'] } },
    { enabled: hasRef },
  );
  const loaded = hasRef && data !== undefined && String(data.id) === String(refId);
  return { hasRef, loaded, value: loaded && definedBy ? data[definedBy.field] : undefined, refId };
}
