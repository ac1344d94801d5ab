/**
 * Fields that can no longer change (spec sections 4 and 5): per field, the references that forbid
 * the change, derived from the registry (src/schemas/referrers.ts, as the server does); the full
 * form shows them when the category declares them as a reverse list or a count. Pure, unit-tested.
 */
import { categories, type Category, type ReverseList } from '../../schemas';
import { lockingReferrers } from '../../schemas/referrers';
import type { Values } from './formFields';

function isUsedBy(category: Category, record: Values, user: ReverseList): boolean {
  const same = (d: ReverseList) => d.category === user.category && d.via === user.via;
  for (const [key, list] of Object.entries(category.lists ?? {})) {
    if (same(list) && Array.isArray(record[key]) && (record[key] as unknown[]).length > 0) return true;
  }
  for (const [key, count] of Object.entries(category.counts ?? {})) {
    if (same(count) && Number(record[key] ?? 0) > 0) return true;
  }
  return false;
}

/** The names of the fields of an existing object that are locked by its users. */
export function lockedFields(category: Category, record: Values | undefined): Set<string> {
  const locked = new Set<string>();
  if (!record) return locked;
  for (const [field, users] of Object.entries(lockingReferrers(categories, category))) {
    if (users.some((u) => isUsedBy(category, record, u))) locked.add(field);
  }
  return locked;
}
