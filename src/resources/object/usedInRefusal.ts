/**
 * Spec sections 4 and 5: a document used by an object cannot be deleted. Where a category's objects
 * are listed through a reference (FieldSpec.listThrough: a document in a device's documentation),
 * each one read with its 'Used in' already says so, so Delete refuses at once, in the server's
 * words, naming the objects using it, instead of asking 'Are you sure?' and failing after. Derived
 * from the declarations: a new listThrough gets the same refusal.
 */
import type { RaRecord } from 'react-admin';
import { ownMessages } from '../../messages';
import { categories as registry, type Category } from '../../schemas';
import { IN_USE_PLACES_NAMED, listThroughLinks } from '../../schemas/listThroughLinks';
import { displayField } from '../displayField';

const nameOf = (category: Category, object: Record<string, unknown>): string => {
  const name = object[displayField(category)];
  return typeof name === 'string' && name !== '' ? name : `${category.singular} ${String(object.id)}`;
};

/** The refusal of deleting `record`, naming the objects using it, or undefined when its 'Used in' names none. */
export function usedInRefusal(category: Category, record: RaRecord, categories: readonly Category[] = registry): string | undefined {
  const places: string[] = [];
  for (const { item, owner, through } of listThroughLinks(categories)) {
    if (item.key !== category.key) continue;
    const users = (record[through.usedIn] as Record<string, unknown> | null | undefined)?.[owner.key];
    if (!Array.isArray(users)) continue;
    places.push(...users.map((user: Record<string, unknown>) => ownMessages.inUsePlace(owner.singular, nameOf(owner, user))));
  }
  return places.length === 0 ? undefined : ownMessages.inUseBy(nameOf(category, record), places.slice(0, IN_USE_PLACES_NAMED).join(', '));
}
