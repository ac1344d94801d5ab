/**
 * How many visible objects match a list's conditions: the total of `Content-Range`, and for the
 * objects of teams merged team by team (listPage.ts) the count of each team, which tells the page's
 * read which teams to leave out (none match there) and which to read through the condition's own
 * index rather than by walking the team's list in order (few match there: a search for 'LTE', whose
 * devices all belong to one team, walked the other teams' 33,000 names to find none). Kept in the
 * count cache (countCache.ts) until a change of the table's rows or of a column its conditions read.
 */
import { createHash } from 'node:crypto';
import type { Category } from '../../src/schemas/defineCategory';
import type { Queryable } from '../db/database';
import type { SessionUser } from '../auth/sessionUser';
import { TEAM_FIELD, visibleWhere } from './access';
import { conditionSql, type Condition } from './listSql';
import { ident, SqlParams } from './sql';
import type { Count, CountCache } from './countCache';

export type TeamCounts = ReadonlyMap<number, number>;

export function whereSql(category: Category, user: SessionUser, conditions: readonly Condition[], params: SqlParams): string {
  return [visibleWhere(category, user, 't', params), ...conditions.map((c) => conditionSql(c, params))].join(' AND ');
}

/** Who sees a user depends on other tables (roles): those lists are counted each time. */
const cacheFor = (category: Category, counts: CountCache | undefined) => (category.scope === 'user' ? undefined : counts);

/** A count by age changes as time passes and with every check-in, which tells the cache nothing. */
const changesUntold = (conditions: readonly Condition[]) => conditions.some((c) => c.kind === 'recency');

/** The columns the conditions read: an update of one of them forgets the count (countCache.ts). */
function columnsOf(conditions: readonly Condition[]): string[] {
  const columns = conditions.flatMap((c) => {
    switch (c.kind) {
      case 'search':
        return [...c.columns, ...(c.through ?? []).map((r) => r.column), ...(c.refs ?? []).map((r) => r.column), ...(c.values ?? []).map((v) => v.column)];
      case 'standing':
        return [...c.fields];
      default:
        return [c.column];
    }
  });
  return [...new Set(columns)];
}

async function counted<T extends Count>(
  db: Queryable,
  counts: CountCache | undefined,
  category: Category,
  sql: string,
  params: unknown[],
  read: (rows: { grouped: number; n: number }[]) => T,
  conditions: readonly Condition[],
  /** Columns it reads beyond the conditions' (a count by owner's reference). */
  also: readonly string[] = [],
): Promise<T> {
  const cache = changesUntold(conditions) ? undefined : cacheFor(category, counts);
  // As a digest: a search's text is in the key, and a kept count must not keep a long text.
  const key = createHash('sha256').update(`${sql}\u0000${JSON.stringify(params)}`).digest('base64url');
  const known = cache?.get(category.key, key);
  if (known !== undefined) return known as T;
  const columns = [...columnsOf(conditions), ...also];
  const generation = cache?.generation(category.key, columns) ?? 0;
  const n = read((await db.query<{ grouped: number; n: number }>(sql, params)).rows);
  cache?.set(category.key, key, n, generation, columns);
  return n;
}

export function countVisible(db: Queryable, counts: CountCache | undefined, category: Category, user: SessionUser, conditions: readonly Condition[]): Promise<number> {
  const params = new SqlParams();
  const sql = `SELECT count(*)::int AS n FROM ${ident(category.key)} AS "t" WHERE ${whereSql(category, user, conditions, params)}`;
  return counted(db, counts, category, sql, params.values, (rows) => rows[0].n, conditions);
}

export function countVisiblePerTeam(db: Queryable, counts: CountCache | undefined, category: Category, user: SessionUser, conditions: readonly Condition[]): Promise<TeamCounts> {
  const params = new SqlParams();
  const sql = `SELECT "t".${ident(TEAM_FIELD)} AS grouped, count(*)::int AS n FROM ${ident(category.key)} AS "t"
    WHERE ${whereSql(category, user, conditions, params)} GROUP BY 1`;
  return counted(db, counts, category, sql, params.values, (rows) => new Map(rows.map((r) => [r.grouped, r.n])), conditions);
}

/**
 * How many visible objects point at each of `owners` through `via` (absent: none), in one grouped
 * count: a group's number of devices, the total of a cut embedded list (expand.ts).
 */
export function countVisibleByOwner(db: Queryable, counts: CountCache | undefined, category: Category, user: SessionUser, via: string, owners: readonly number[]): Promise<ReadonlyMap<number, number>> {
  if (owners.length === 0) return Promise.resolve(new Map());
  const params = new SqlParams();
  const column = `"t".${ident(via)}`;
  const sql = `SELECT ${column} AS grouped, count(*)::int AS n FROM ${ident(category.key)} AS "t"
    WHERE ${column} = ANY(${params.add(owners)}::int[]) AND ${visibleWhere(category, user, 't', params)} GROUP BY 1`;
  return counted(db, counts, category, sql, params.values, (rows) => new Map(rows.map((r) => [r.grouped, r.n])), [], [via]);
}
