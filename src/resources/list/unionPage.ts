/**
 * One table over several categories sharing a list route (/documents: basic documents and
 * collections), while the server lists each category on its own (GET /api/full/{cat} in the list
 * dialect). To show rows [offset, offset + perPage) of the union in one order, each category's
 * first offset + perPage rows are read in that order and merged: the union's first n rows are
 * among the first n of each category. That reads more the further one pages, which is fine for
 * what shares a route: documents are hundreds, not thousands (the server pages up to 10,000).
 *
 * The merge takes, again and again, the smallest head of the category lists (the earlier category
 * on a tie), never reorders within a list: so the pages of one order follow each other without a
 * row missing or repeated, even where our comparison and the server's collation disagree.
 */
import type { Category } from '../../schemas';
import type { ListPage, Row } from '../../dataProvider/listQuery';
import { displayField } from '../displayField';
import { filterFields, SEARCH_FILTER } from './filterFields';
import { isUnset } from '../dropdown/picker';

/** The keys each row of the union carries besides the object's own fields. */
export const UNION_KIND = '__category';
export const UNION_OBJECT_ID = '__object_id';

export interface UnionSort {
  field: string;
  order: 'ASC' | 'DESC';
}

/** How one category's rows are read: its first `count` rows in the order, with its filter. */
export type CategoryReader = (category: Category, query: { sort: UnionSort; count: number; filter: Record<string, unknown> }) => Promise<ListPage>;

/**
 * The filter as one category's list understands it, or undefined when it excludes the whole
 * category: a filter by a field the category does not have (a document type for collections),
 * or a search in a category without search fields.
 */
export function filterFor(category: Category, filter: Readonly<Record<string, unknown>>): Record<string, unknown> | undefined {
  const own = new Set(filterFields(category).map((f) => f.name));
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(filter)) {
    if (isUnset(value) || (name === SEARCH_FILTER && String(value).trim() === '')) continue;
    const applies = name === SEARCH_FILTER ? category.fieldSets.searchable.length > 0 : own.has(name);
    if (!applies) return undefined;
    kept[name] = value;
  }
  return kept;
}

/** The sort of the union: the requested field when every category has it, else the first one's display field. */
export function unionSort(categories: readonly Category[], sort: Partial<UnionSort> | undefined): UnionSort {
  const order = sort?.order === 'DESC' ? 'DESC' : 'ASC';
  const field = sort?.field && categories.every((c) => c.fields[sort.field!]) ? sort.field : displayField(categories[0]);
  return { field, order };
}

/** Text case-insensitively (the server sorts text by lower()), numbers as numbers, nothing last. */
export function compareValues(a: unknown, b: unknown): number {
  const missing = (v: unknown) => v === null || v === undefined;
  if (missing(a) || missing(b)) return Number(missing(a)) - Number(missing(b));
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [x, y] = [String(a).toLowerCase(), String(b).toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The category lists merged into one in the sort's order, each row tagged with its category and kept id. */
export function mergeRows(lists: readonly { category: Category; rows: readonly Row[] }[], sort: UnionSort): Row[] {
  const direction = sort.order === 'DESC' ? -1 : 1;
  const heads = lists.map(() => 0);
  const merged: Row[] = [];
  for (;;) {
    let best = -1;
    lists.forEach(({ rows }, i) => {
      if (heads[i] >= rows.length) return;
      if (best < 0 || direction * compareValues(rows[heads[i]][sort.field], lists[best].rows[heads[best]][sort.field]) < 0) best = i;
    });
    if (best < 0) return merged;
    const { category, rows } = lists[best];
    const row = rows[heads[best]++];
    merged.push({ ...row, id: `${category.key}:${row.id}`, [UNION_KIND]: category.key, [UNION_OBJECT_ID]: row.id });
  }
}

/** Rows [offset, offset + perPage) of the union of the categories' filtered lists, and its total. */
export async function readUnionPage(
  categories: readonly Category[],
  params: { offset: number; perPage: number; sort?: Partial<UnionSort>; filter: Readonly<Record<string, unknown>> },
  read: CategoryReader,
): Promise<ListPage> {
  const sort = unionSort(categories, params.sort);
  const count = params.offset + params.perPage;
  const lists = await Promise.all(
    categories.map(async (category) => {
      const filter = filterFor(category, params.filter);
      if (!filter) return { category, rows: [], total: 0 };
      const page = await read(category, { sort, count, filter });
      return { category, rows: page.data, total: page.total };
    }),
  );
  const merged = mergeRows(lists, sort);
  return { data: merged.slice(params.offset, count), total: lists.reduce((sum, l) => sum + l.total, 0) };
}
