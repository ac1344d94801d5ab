import { useEffect, useRef, useState } from 'react';
import { sameJson } from '../../schemas/sameJson';
import type { Values } from './formFields';

/**
 * The fields whose value changed at least once since the form opened, even back to where it
 * started (a team chosen, then unchosen). Unlike react-hook-form's dirty state, which forgets a
 * field that returns to its default, this is what "validated on change" needs.
 */
export function useChangedFields(fields: readonly string[], values: Values): ReadonlySet<string> {
  const previous = useRef(values);
  const [changed, setChanged] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    const now = fields.filter((name) => !changed.has(name) && !sameJson(values[name], previous.current[name]));
    previous.current = values;
    if (now.length > 0) setChanged(new Set([...changed, ...now]));
  }, [fields, values, changed]);
  return changed;
}
