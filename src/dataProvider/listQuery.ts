/**
 * Reading lists of a category's objects, in the two forms the server speaks:
 *
 * - a page, in the dialect of react-admin's ra-data-simple-rest on GET /api/full/{cat}:
 *   `sort=["name","ASC"]&range=[0,24]&filter={"q":"x","{field}":3}` answering a JSON array and
 *   `Content-Range: {cat} 0-24/319`. Sorting, filtering and paging happen in the server's SQL, so a
 *   table of 100k devices only ever brings one page to the browser. getMany is the same call with
 *   `filter={"id":[1,2]}` and no range.
 * - the whole list, the spec's own call (section 7): GET /api/{cat}?fields=... answering
 *   {"json_list": [...]}; the Dropdown's options are read this way.
 *
 * The data provider (dataProvider.ts) reads pages with ra-data-simple-rest itself, over an http
 * client adding the `fields` projection (a full device carries its configuration history); these
 * functions remain for a read of every match without a range, and the whole lists.
 */
import type { Category } from '../schemas';
import { http } from './http';
import { ownMessages } from '../messages';

export type Row = Record<string, unknown> & { id: number | string };

export interface ListQuery {
  sort?: { field: string; order: 'ASC' | 'DESC' };
  /** Inclusive bounds, like Content-Range; absent: every match. */
  range?: [number, number];
  /** field -> value, a list of values (any of) or null (no reference); `q` searches the name. */
  filter?: Record<string, unknown>;
}

export interface ListPage {
  data: Row[];
  total: number;
}

export interface FetchListOptions {
  signal?: AbortSignal;
  /** The ?fields= projection; defaults to listFields(category). */
  fields?: readonly string[];
}

export type ListFetcher = (category: Category, query: ListQuery, options?: FetchListOptions) => Promise<ListPage>;

/** id plus the category's list columns (fieldSets.listed). */
export const listFields = (category: Category): string[] => ['id', ...category.fieldSets.listed];

/**
 * Filter values react-admin sends for a cleared input (undefined, '') mean "no filter" and are
 * left out; null is kept: the server reads it as "no reference" (devices without a group).
 */
export function cleanFilter(filter: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== ''));
}

/** The total of `Content-Range: {cat} 0-24/319`, the number after the last slash (also for an empty page). */
export function totalFromContentRange(header: string | null): number | undefined {
  const match = header ? /\/\s*(\d+)\s*$/.exec(header) : null;
  return match ? Number(match[1]) : undefined;
}

/** A page of objects through the server's list dialect. */
export const fetchListPage: ListFetcher = async (category, query, options = {}) => {
  const fields = options.fields ?? listFields(category);
  const { json, headers } = await http<Row[] | null>(`/full/${category.key}`, {
    query: {
      fields: fields.join(','),
      sort: query.sort ? JSON.stringify([query.sort.field, query.sort.order]) : undefined,
      range: query.range ? JSON.stringify(query.range) : undefined,
      // Always sent, even empty: any dialect parameter switches the answer to the paged form.
      filter: JSON.stringify(cleanFilter(query.filter ?? {})),
    },
    signal: options.signal,
  });
  const data = Array.isArray(json) ? json : [];
  return { data, total: totalFromContentRange(headers.get('content-range')) ?? data.length };
};

/** A whole list the server cut at its cap (PUCS_MAX_LIST): never to be shown as if it were whole. */
export class ListCutError extends Error {
  constructor(shown: number, total: number) {
    super(ownMessages.listCut(shown, total));
    this.name = 'ListCutError';
  }
}

/** The rows of a whole list's answer, or ListCutError when its Content-Range says there are more. */
export function wholeListRows<T>(json: { json_list?: T[] } | null, headers: Headers): T[] {
  const rows = json?.json_list ?? [];
  const total = totalFromContentRange(headers.get('content-range'));
  if (total !== undefined && total > rows.length) throw new ListCutError(rows.length, total);
  return rows;
}

/** Every object of a category the user can see: the spec's GET /api/{cat}?fields=... */
export async function fetchWholeList(category: Category, options: FetchListOptions = {}): Promise<Row[]> {
  const fields = options.fields ?? listFields(category);
  const { json, headers } = await http<{ json_list?: Row[] } | null>(`/${category.key}`, {
    query: { fields: fields.join(',') },
    signal: options.signal,
  });
  return wholeListRows(json, headers);
}

/** react-admin's page/perPage as the inclusive range of the simple-rest dialect. */
export function pageToRange(page: number, perPage: number): [number, number] {
  return [(page - 1) * perPage, page * perPage - 1];
}
