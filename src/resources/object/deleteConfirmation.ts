/**
 * What the generic Delete asks (spec section 8's 'Are you sure you want to delete '{name}'?'),
 * followed by what happens to the object's dependants when the object carries their count: the
 * objects that point at it through a reference emptied on delete leave it ('3 devices will leave
 * Greenhouse North'). Pure, unit-tested.
 */
import { getCategory, type Category } from '../../schemas';
import { messages, ownMessages } from '../../messages';
import { displayField } from '../displayField';
import type { Values } from './formFields';

export function deleteConfirmationText(category: Category, record: Values): string {
  const name = String(record[displayField(category)] ?? '');
  const lines = [messages.confirmDelete(name)];
  for (const [key, count] of Object.entries(category.counts ?? {})) {
    const n = Number(record[key]);
    const referring = getCategory(count.category);
    if (!Number.isInteger(n) || n <= 0 || referring?.fields[count.via]?.onDelete !== 'setNull') continue;
    lines.push(ownMessages.willLeave(ownMessages.countOf(n, referring), name));
  }
  return lines.join('\n');
}
