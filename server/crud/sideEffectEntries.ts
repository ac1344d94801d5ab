/**
 * The audit entries of objects changed as a consequence of another object's write (followers
 * taking a new value, values pruned by their definer, references cleared by a delete): one
 * statement changes many rows, and its RETURNING gives what each entry needs, so 10,000 devices
 * cost one UPDATE and one INSERT of entries, not a read per object. Each entry is the object's own
 * (objectEntry, changes.ts: its team, its name, the field before and after, a secret as changed).
 */
import type { Category } from '../../src/schemas/defineCategory';
import { objectEntry } from '../audit/changes';
import type { AuditActor, AuditEntry } from '../audit/record';
import { TEAM_FIELD } from './access';
import type { Row } from './hooks';
import { ident } from './sql';

/** The columns of alias `alias` an entry of `category` reads beside the changed field: id, team, display name. */
export function entryColumns(category: Category, alias: string): string {
  const named = category.summary.find((f) => category.fields[f]?.kind === 'text' && category.fieldSets.stored.includes(f));
  const team = category.scope === 'team' ? [TEAM_FIELD] : [];
  return [...new Set(['id', ...team, ...(named ? [named] : [])])].map((c) => `${ident(alias)}.${ident(c)}`).join(', ');
}

/**
 * One entry per row whose `field` changed: `row` read with entryColumns and the field's new value,
 * `before` its old value. A row whose value did not change writes none.
 */
export function fieldEntries(by: AuditActor, action: string, category: Category, field: string, changed: readonly { row: Row; before: unknown }[]): AuditEntry[] {
  return changed
    .map(({ row, before }) => objectEntry(by, action, category, { ...row, [field]: before }, row))
    .filter((entry) => Object.keys(entry.changes ?? {}).length > 0);
}
