/**
 * Lists filtered, sorted and cut in SQL (the ra-data-simple-rest dialect of listQuery.ts and
 * the CSV export): a COUNT with the same WHERE gives the total, LIMIT/OFFSET the page, so a
 * page of a 100k-row table never brings more than the page into memory. Only objects the caller
 * may see are ever counted or returned.
 */
import type { Category } from '../../src/schemas/defineCategory';
import type { Queryable } from '../db/database';
import type { SessionUser } from '../auth/sessionUser';
import { blankPrivateFields, visibleWhere } from './access';
import { helperColumns, withDerived } from './expand';
import { resolveProjection } from './projection';
import type { Condition, ListQuery, Sort } from './listQuery';
import { conditionSql, KEYSET_ALIAS, keysetAfterSql, keysetKeySql, orderBySql, type KeysetPosition } from './listSql';
import { ident, SqlParams } from './sql';
import type { ReadOptions, ReadStore } from './read';
import type { Row } from './hooks';

export interface Page {
  /** The answered objects (projection and derived values applied). */
  rows: Row[];
  /** Index of the first one in the whole filtered list. */
  start: number;
  /** How many objects match, all pages together. */
  total: number;
}

function whereSql(category: Category, user: SessionUser, conditions: readonly Condition[], params: SqlParams): string {
  return [visibleWhere(category, user, 't', params), ...conditions.map((c) => conditionSql(c, params))].join(' AND ');
}

const selectList = (columns: readonly string[]) => [...new Set(['id', ...columns])].map((c) => `"t".${ident(c)}`).join(', ');

export async function readPage({ db, registry }: ReadStore, user: SessionUser, category: Category, opts: ReadOptions, query: ListQuery): Promise<Page> {
  const projection = resolveProjection(registry, category, opts.fields, opts.full);
  const params = new SqlParams();
  const where = whereSql(category, user, [...(opts.conditions ?? []), ...query.conditions], params);
  const from = `FROM ${ident(category.key)} AS "t" WHERE ${where}`;
  const countParams = [...params.values];
  const start = query.range?.start ?? 0;
  const limit = query.range ? ` LIMIT ${params.add(query.range.end - start + 1)} OFFSET ${params.add(start)}` : '';
  const columns = selectList([...projection.columns, ...helperColumns(projection)]);
  const [page, counted] = await Promise.all([
    db.query<Row>(`SELECT ${columns} ${from} ${orderBySql(category, query.sort)}${limit}`, params.values),
    // Without a range the page is the whole list: its length is the total.
    query.range ? db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, countParams) : undefined,
  ]);
  const total = counted ? counted.rows[0].n : page.rows.length;
  const answers = await withDerived(db, user, page.rows, projection);
  blankPrivateFields(category, user, page.rows, answers);
  return { rows: answers, start, total };
}

/**
 * Every visible object matching `conditions`, in `sort` order, as raw rows of `columns`, in
 * chunks: a keyset scan (listSql.ts), so a 100k-row export holds one chunk in memory at a time.
 */
export async function* scanVisible(
  db: Queryable,
  user: SessionUser,
  category: Category,
  columns: readonly string[],
  conditions: readonly Condition[],
  sort: Sort,
  chunkSize = 1000,
): AsyncGenerator<Row[]> {
  let last: KeysetPosition | undefined;
  for (;;) {
    const params = new SqlParams();
    const where = whereSql(category, user, conditions, params);
    const after = last ? ` AND ${keysetAfterSql(category, sort, last, params)}` : '';
    const { rows } = await db.query<Row>(
      `SELECT ${selectList(columns)}, ${keysetKeySql(category, sort)} FROM ${ident(category.key)} AS "t"
        WHERE ${where}${after} ${orderBySql(category, sort)} LIMIT ${params.add(chunkSize)}`,
      params.values,
    );
    if (rows.length > 0) yield rows;
    if (rows.length < chunkSize) return;
    const end = rows[rows.length - 1];
    last = { key: end[KEYSET_ALIAS] as string | null, id: end.id as number };
  }
}
