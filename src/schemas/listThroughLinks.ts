/**
 * Every reference declaring `listThrough` (FieldSpec.listThrough), found once from the
 * declarations: the server computes the lists and 'Used in' from these links
 * (server/crud/listThrough.ts) and describes them (server/openapi/), and the console reads a
 * listed object's 'Used in' through them (what keeps a document from being deleted).
 */
import type { Category, FieldSpec } from './defineCategory';

/** One reference declaring `listThrough`: `owner.via` names a `holder` whose `list` names `item` objects. */
export interface Link {
  owner: Category;
  via: string;
  holder: Category;
  list: string;
  item: Category;
  through: NonNullable<FieldSpec['listThrough']>;
}

/** Every listThrough of the categories. */
export function listThroughLinks(categories: readonly Category[]): Link[] {
  const found: Link[] = [];
  const byKey = (key: string | undefined) => categories.find((c) => c.key === key);
  for (const owner of categories) {
    for (const [via, field] of Object.entries(owner.fields)) {
      const through = field.listThrough;
      const holder = byKey(field.ref);
      const item = byKey(through && holder?.fields[through.list]?.ref);
      if (through && holder && item) found.push({ owner, via, holder, list: through.list, item, through });
    }
  }
  return found;
}

/** How many of the objects using one a refusal names: enough to find them, not a listing. */
export const IN_USE_PLACES_NAMED = 5;
