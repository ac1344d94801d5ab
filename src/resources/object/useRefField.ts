import { useGetOne } from 'react-admin';
import { isEmptyValue } from './formFields';

/**
 * One field of a referenced object, e.g. GET /api/type/{id}?fields=icon (spec section 7), or
 * undefined while unknown. react-query shares the answer between the inputs that ask.
 */
export function useRefField(refKey: string | undefined, id: unknown, field: string): unknown {
  const enabled = refKey !== undefined && !isEmptyValue(id);
  const { data } = useGetOne(
    refKey ?? '',
    { id: enabled ? String(id) : '', meta: { full: false, fields: ['id', field] } },
    { enabled },
  );
  // An answer for another id (the reference just changed) is not this one's.
  return enabled && data && String(data.id) === String(id) ? data[field] : undefined;
}
