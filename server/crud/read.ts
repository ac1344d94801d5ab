/** Reads of one category: a list or one object, filtered by what the caller may see. */
import type { Category } from '../../src/schemas/defineCategory';
import type { Queryable } from '../db/database';
import type { ServerRegistry } from './registry';
import type { SessionUser } from '../auth/sessionUser';
import { blankPrivateFields, notFoundError, visibleWhere } from './access';
import { helperColumns, withDerived } from './expand';
import { resolveProjection } from './projection';
import { ident, SqlParams } from './sql';
import { conditionSql, type Condition } from './listSql';
import type { Row } from './hooks';
import type { CountCache } from './countCache';

export interface ReadOptions {
  /** The raw ?fields= value. */
  fields?: string;
  /** /api/full/...: every derived value when ?fields= is absent. */
  full: boolean;
  /** The plain `?field=value` filters (listQuery.ts, plainFilterConditions). */
  conditions?: Condition[];
  /** A list without a range: at most this many objects, the first in its order (listCap.ts). */
  limit?: number;
}

/** The given columns of the visible objects meeting `conditions` (built with the same params). */
export async function selectVisible(
  db: Queryable,
  user: SessionUser,
  category: Category,
  columns: readonly string[],
  conditions: (params: SqlParams) => string[],
  /** Lock the rows until the transaction ends (a write reads the object it changes this way). */
  forUpdate = false,
  limit?: number,
): Promise<Row[]> {
  const params = new SqlParams();
  const where = [visibleWhere(category, user, 't', params), ...conditions(params)];
  // id is always read: derived values and hooks key on it even when the answer omits it.
  const cols = [...new Set(['id', ...columns])].map((c) => `"t".${ident(c)}`).join(', ');
  const { rows } = await db.query<Row>(
    `SELECT ${cols} FROM ${ident(category.key)} AS "t" WHERE ${where.join(' AND ')} ORDER BY "t"."id"${limit === undefined ? '' : ` LIMIT ${params.add(limit)}`}${forUpdate ? ' FOR UPDATE' : ''}`,
    params.values,
  );
  return rows;
}

/** What a read runs on: a database and the registry (the app, once built). */
export interface ReadStore {
  db: Queryable;
  registry: ServerRegistry;
  /** List totals kept between requests (the app's; absent: every page counts afresh). */
  counts?: CountCache;
  /**
   * The app's settings: the lists embedded in each object of a list answer are cut at
   * config.maxEmbeddedList, those of one object at config.maxList (src/schemas/embeddedList.ts).
   */
  config?: { maxList: number; maxEmbeddedList: number };
}

export async function readList({ db, registry, counts, config }: ReadStore, user: SessionUser, category: Category, opts: ReadOptions): Promise<Row[]> {
  const projection = resolveProjection(registry, category, opts.fields, opts.full);
  const rows = await selectVisible(
    db,
    user,
    category,
    [...projection.columns, ...helperColumns(projection)],
    (params) => (opts.conditions ?? []).map((c) => conditionSql(c, params)),
    false,
    opts.limit,
  );
  const answers = await withDerived(db, user, rows, projection, { cap: config?.maxEmbeddedList, counts });
  blankPrivateFields(category, user, rows, answers);
  return answers;
}

export async function readOne({ db, registry, counts, config }: ReadStore, user: SessionUser, category: Category, id: number, opts: ReadOptions): Promise<Row> {
  const projection = resolveProjection(registry, category, opts.fields, opts.full);
  const rows = await selectVisible(db, user, category, [...projection.columns, ...helperColumns(projection)], (params) => [
    `"t"."id" = ${params.add(id)}`,
  ]);
  if (rows.length === 0) throw notFoundError();
  const answers = await withDerived(db, user, rows, projection, { cap: config?.maxList, counts });
  blankPrivateFields(category, user, rows, answers);
  return answers[0];
}
