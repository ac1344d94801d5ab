/**
 * Reading what a table's selection holds. 'Select all N matching' reads the ids only of every
 * object the table's filters match, as one whole list, which the server cuts at its list cap
 * (PUCS_MAX_LIST, told by Content-Range): the answer says when. An action then reads the few
 * fields it needs of the selected objects, a chunk of ids per call, so that no address grows
 * past what a server takes whatever the selection's size.
 */
import type { DataProvider, Identifier } from 'react-admin';
import type { Category } from '../../schemas';
import type { Row } from '../../dataProvider/listQuery';

/** Ids per read of the selected rows: an address of a few kilobytes. */
export const IDS_PER_READ = 200;

export interface MatchingIds {
  ids: Identifier[];
  /** How many match in all: more than ids.length when the server's cap cut the list. */
  total: number;
}

/** Every match of the filters, no page (the data provider's getList without pagination); failures are thrown for the caller to show. */
export async function fetchMatchingIds(
  dataProvider: DataProvider,
  category: Category,
  filter: Readonly<Record<string, unknown>>,
  sort?: { field: string; order: string },
): Promise<MatchingIds> {
  const page = await dataProvider.getList(category.key, { filter: { ...filter }, sort: sort?.field ? { field: sort.field, order: sort.order === 'DESC' ? 'DESC' : 'ASC' } : undefined, meta: { fields: ['id'], report: false } });
  return { ids: page.data.map((row) => row.id), total: Math.max(page.total ?? 0, page.data.length) };
}

/**
 * The fields of the selected objects, in the selection's order (an object gone meanwhile is left
 * out): the data provider's getMany, a chunk at a time. Failures are thrown for the caller to show.
 */
export async function fetchSelectedRows(dataProvider: DataProvider, category: Category, ids: readonly Identifier[], fields: readonly string[]): Promise<Row[]> {
  const byId = new Map<string, Row>();
  for (let start = 0; start < ids.length; start += IDS_PER_READ) {
    const chunk = ids.slice(start, start + IDS_PER_READ);
    const { data } = await dataProvider.getMany<Row>(category.key, { ids: chunk, meta: { fields: [...new Set(['id', ...fields])], report: false } });
    for (const row of data) byId.set(String(row.id), row);
  }
  return ids.flatMap((id) => byId.get(String(id)) ?? []);
}
