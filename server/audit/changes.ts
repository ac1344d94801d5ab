/**
 * The entry of an object's write, from its category's declaration: which fields changed, before and
 * after. A field declared `secret` (a password hash, a claim code's hash, a QR id) is recorded only
 * as changed, never its value; write-only inputs (a password as sent) are not stored, so never
 * seen here; a column the server derives for itself (`derived`: a look-alike key) is no change of its own. Long values
 * (an icon's data URL, a configuration) are cut to VALUE_MAX characters, so an entry stays small.
 */
import type { Category } from '../../src/schemas/defineCategory';
import { sameJson } from '../../src/schemas/sameJson';
import { teamOf } from '../crud/access';
import { displayName } from '../crud/dbErrors';
import type { Row } from '../crud/hooks';
import type { AuditActor, AuditChanges, AuditEntry } from './record';

export const VALUE_MAX = 500;

/** A value as the entry keeps it: JSON, a date as ISO 8601, anything longer than VALUE_MAX as its cut text. */
export function keptValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX)}…` : value;
}

/** The fields of `category` that differ between `before` and `after` (either absent: a create or a delete). */
export function objectChanges(category: Category, before: Row | undefined, after: Row | undefined): AuditChanges {
  const changes: AuditChanges = {};
  for (const name of category.fieldSets.stored) {
    const field = category.fields[name];
    if (field.derived) continue;
    const was = before?.[name] ?? null;
    const is = after?.[name] ?? null;
    if (sameJson(was instanceof Date ? was.toISOString() : was, is instanceof Date ? is.toISOString() : is)) continue;
    // A create or a delete lists the values the object has, not its empty fields (an empty text is no value).
    if ((before === undefined || after === undefined) && (was ?? is) === '') continue;
    changes[name] = field.secret ? { secret: true } : { before: keptValue(was), after: keptValue(is) };
  }
  return changes;
}

/**
 * The entry of a create (no `before`), update or delete (no `after`) of one object, in the team it
 * was in and the team it is in (one entry each when they differ).
 */
export function objectEntry(by: AuditActor, action: string, category: Category, before: Row | undefined, after: Row | undefined): AuditEntry {
  const row = (after ?? before) as Row;
  return {
    by,
    action,
    category: category.key,
    id: row.id as number,
    name: keptValue(displayName(category, row)) as string,
    team: [before && teamOf(category, before), after && teamOf(category, after)],
    changes: objectChanges(category, before, after),
  };
}
