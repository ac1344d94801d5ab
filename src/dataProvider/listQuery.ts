/**
 * Reading a page of a category's objects. The query is expressed in the ra-data-simple-rest
 * dialect (sort [field, order], inclusive range [start, end], filter object) so that moving paging
 * to the server is one new ListFetcher sending `sort=["name","ASC"]&range=[0,24]&filter={...}`
 * and reading Content-Range; nothing else in the data provider changes.
 *
 * Today's fetcher reads the whole json_list and sorts, filters and slices it here.
 */
import type { Category } from '../schemas';
import { http } from './http';

export type Row = Record<string, unknown> & { id: number | string };

export interface ListQuery {
  sort?: { field: string; order: 'ASC' | 'DESC' };
  /** Inclusive bounds, like Content-Range. */
  range?: [number, number];
  /** field -> value (equality) or list of values (any of); `q` searches the text columns. */
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

/** id plus the columns the schema marks for lists (never secret or write-only ones). */
export function listFields(category: Category): string[] {
  const listed = Object.entries(category.fields)
    .filter(([, f]) => f.list && !f.secret && !f.writeOnly)
    .map(([name]) => name);
  return ['id', ...listed];
}

/** The current dialect: GET /api/{cat}?fields=... answering {json_list}, paged here. */
export const fetchListClientSide: ListFetcher = async (category, query, options = {}) => {
  const fields = options.fields ?? listFields(category);
  const { json } = await http<{ json_list?: Row[] } | null>(`/${category.key}`, {
    query: { fields: fields.join(',') },
    signal: options.signal,
  });
  return applyListQuery(json?.json_list ?? [], query, textColumns(category));
};

function textColumns(category: Category): string[] {
  return Object.entries(category.fields)
    .filter(([, f]) => f.kind === 'text' && f.list && !f.secret)
    .map(([name]) => name);
}

const isBlank = (v: unknown) => v === undefined || v === null || v === '';

function matches(row: Row, filter: Record<string, unknown>, searchIn: readonly string[]): boolean {
  return Object.entries(filter).every(([field, wanted]) => {
    if (isBlank(wanted)) return true;
    if (field === 'q') {
      const needle = String(wanted).toLowerCase();
      return searchIn.some((c) => String(row[c] ?? '').toLowerCase().includes(needle));
    }
    // URL parameters and form values arrive as strings while ids are numbers: compare as text.
    if (Array.isArray(wanted)) return wanted.some((w) => String(w) === String(row[field]));
    return String(row[field]) === String(wanted);
  });
}

function compare(a: unknown, b: unknown): number {
  // Empty values sort last whatever the order, so that they never hide the real ones.
  if (isBlank(a) || isBlank(b)) return isBlank(a) === isBlank(b) ? 0 : isBlank(a) ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b), 'en', { numeric: true, sensitivity: 'base' });
}

export function applyListQuery(rows: readonly Row[], query: ListQuery, searchIn: readonly string[] = ['name']): ListPage {
  let data = query.filter ? rows.filter((r) => matches(r, query.filter!, searchIn)) : [...rows];
  const total = data.length;
  const sort = query.sort;
  if (sort?.field) {
    const sign = sort.order === 'DESC' ? -1 : 1;
    data.sort((x, y) => {
      const blankX = isBlank(x[sort.field]);
      const blankY = isBlank(y[sort.field]);
      if (blankX || blankY) return compare(x[sort.field], y[sort.field]);
      return sign * compare(x[sort.field], y[sort.field]);
    });
  }
  if (query.range) data = data.slice(query.range[0], query.range[1] + 1);
  return { data, total };
}

/** react-admin's page/perPage as the inclusive range of the simple-rest dialect. */
export function pageToRange(page: number, perPage: number): [number, number] {
  return [(page - 1) * perPage, page * perPage - 1];
}
