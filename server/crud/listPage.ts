/**
 * Lists filtered, sorted and cut in SQL (the ra-data-simple-rest dialect of listQuery.ts and
 * the CSV export): a COUNT with the same WHERE gives the total, LIMIT/OFFSET the page, so a
 * page of a 100k-row table never brings more than the page into memory. Only objects the caller
 * may see are ever counted or returned.
 */
import { createHash } from 'node:crypto';
import type { Category } from '../../src/schemas/defineCategory';
import type { Queryable } from '../db/database';
import type { SessionUser } from '../auth/sessionUser';
import { blankPrivateFields, TEAM_FIELD } from './access';
import { memberTeamIds } from '../auth/sessionUser';
import { helperColumns, withDerived } from './expand';
import { resolveProjection } from './projection';
import type { ListQuery } from './listQuery';
import { conditionSql, KEYSET_ALIAS, keysetAfterSql, keysetKeySql, orderBySql, sortExpression, type Condition, type KeysetPosition, type Sort } from './listSql';
import { ident, SqlParams } from './sql';
import { rowsFromJson } from './serialize';
import type { ReadOptions, ReadStore } from './read';
import type { Row } from './hooks';
import { sqlType } from '../../src/schemas/kinds';
import { countVisible, countVisiblePerTeam, whereSql, type TeamCounts } from './listCounts';

export interface Page {
  /** The answered objects (projection and derived values applied). */
  rows: Row[];
  /** Index of the first one in the whole filtered list. */
  start: number;
  /** How many objects match, all pages together. */
  total: number;
}

/** The columns a read selects: id first (derived values and hooks key on it), each once. */
const selectedNames = (columns: readonly string[]) => [...new Set(['id', ...columns])];
const selectList = (columns: readonly string[]) => selectedNames(columns).map((c) => `"t".${ident(c)}`).join(', ');

/** Above this many teams a page is read in one scan of them all rather than merged team by team. */
export const MERGED_TEAMS_MAX = 32;
const SORT_ALIAS = '__sort';

/**
 * The teams whose objects are read team by team in the order of their list index (server/db/ddl.ts:
 * team, sort key, id), then merged: a page at any offset, or a chunk of an export, then reads only
 * as many index entries as it passes, instead of sorting every visible object. Undefined when the
 * category has no team column or the user is in no team or too many.
 */
function teamsInIndexOrder(category: Category, user: SessionUser): number[] | undefined {
  if (category.scope !== 'team' || category.fields[TEAM_FIELD] === undefined) return undefined;
  const teams = memberTeamIds(user);
  return teams.length >= 1 && teams.length <= MERGED_TEAMS_MAX ? teams : undefined;
}

/** Fewer matches than this in a team: its page is read through the condition's index, then sorted. */
export const FEW_IN_TEAM = 1_000;

/** One team's part of a merged read: its id (an SQL parameter), and whether few of its rows match. */
interface TeamBranch {
  team: string;
  few?: boolean;
}

/**
 * Each team's rows meeting `conditions` and one of `ranges` (each a range of the team's list index),
 * `enough` of each in order, merged in the same order; `tail` cuts the merged list (LIMIT, OFFSET).
 * A team where few rows match finds them first (OFFSET 0 keeps PostgreSQL from planning that part
 * with the order, which it would read by walking the team's whole list index) and sorts them.
 */
function mergedSql(category: Category, sort: Sort, teams: TeamBranch[], selected: string, conditions: string[], ranges: string[], enough: string, tail: string): string {
  const direction = sort.descending ? 'DESC' : 'ASC';
  const sorted = `ORDER BY ${ident(SORT_ALIAS)} ${direction}, "id" ${direction}`;
  const branches = teams.flatMap(({ team, few }) =>
    ranges.map((range) => {
      const rows = `SELECT ${selected}, ${sortExpression(category, sort)} AS ${ident(SORT_ALIAS)} FROM ${ident(category.key)} AS "t"
          WHERE ${[`"t".${ident(TEAM_FIELD)} = ${team}`, ...conditions, range].join(' AND ')}`;
      return few ? `(SELECT * FROM (${rows} OFFSET 0) AS "t" ${sorted} LIMIT ${enough})` : `(${rows} ${orderBySql(category, sort)} LIMIT ${enough})`;
    }),
  );
  return `SELECT * FROM (${branches.join(' UNION ALL ')}) AS "t" ${sorted} ${tail}`;
}

/** Where a page is read from: its rows' positions in the list as asked, or read backwards from the end. */
interface PageRange {
  sort: Sort;
  start: number;
  end: number;
  /** Read in the opposite order: the rows are answered reversed. */
  reversed: boolean;
}

/**
 * A page in the far half of a list of known length is read from the other end, in the opposite
 * order (PostgreSQL's NULL placement reverses with the direction, so it is the exact reverse):
 * OFFSET walks the rows it skips, and the page at offset 90,000 of 100,000 then skips 9,975.
 */
function pageRange(sort: Sort, range: { start: number; end: number }, total: number): PageRange {
  if (range.start <= total / 2 || range.start >= total) return { sort, ...range, reversed: false };
  const end = Math.min(range.end, total - 1);
  return { sort: { ...sort, descending: !sort.descending }, start: total - 1 - end, end: total - 1 - range.start, reversed: true };
}

/**
 * One page of the objects of `teams` matching `conditions`: the ids and sort keys are found in the
 * teams' list indexes (which an index-only scan reads without visiting the table), only the page's
 * rows are then read whole, so a page deep in the list costs the index entries it skips, not the
 * rows; the teams where nothing matches are not read at all.
 *
 * The database answers the page as one JSON array (json_agg of the `names` columns, in the page's
 * order): one value to hand over and decode rather than one per column of each row, which cost
 * more than the read itself (25 rows of the console's 9 columns on PGlite: 390 µs to write out and
 * 160 µs to decode apart, against 230 µs and a single JSON.parse as one array).
 */
async function readMergedPage(db: Queryable, category: Category, sort: Sort, asked: { start: number; end: number }, perTeam: TeamCounts, total: number, names: readonly string[], conditions: readonly Condition[]): Promise<Row[]> {
  const range = pageRange(sort, asked, total);
  if (range.start >= total) return [];
  const params = new SqlParams();
  const conds = conditions.map((c) => conditionSql(c, params));
  const teams = [...perTeam].map(([team, n]) => ({ team: `${params.add(team)}::int`, few: conds.length > 0 && n < FEW_IN_TEAM }));
  const tail = `LIMIT ${params.add(range.end - range.start + 1)} OFFSET ${params.add(range.start)}`;
  const keys = mergedSql(category, range.sort, teams, '"t"."id"', conds, ['TRUE'], params.add(range.end + 1), tail);
  const direction = range.sort.descending ? 'DESC' : 'ASC';
  const sql = `SELECT coalesce(json_agg("t" ORDER BY "k".${ident(SORT_ALIAS)} ${direction}, "k"."id" ${direction}), '[]')::text AS "page"
      FROM (${keys}) AS "k" JOIN (SELECT ${names.map(ident).join(', ')} FROM ${ident(category.key)}) AS "t" ON "t"."id" = "k"."id"`;
  const { rows } = await db.query<{ page: string }>(sql, params.values, conditions.length === 0 ? keptPlanName(db, sql) : undefined);
  const page = rowsFromJson(rows[0].page, category);
  return range.reversed ? page.reverse() : page;
}

/**
 * Kept plans per database at most. The console asks for few texts (its lists' fields, in a few orders),
 * but the fields are the caller's choice: a client asking for other fields on every call made a new
 * kept statement each time (220 calls, 220 statements), each holding the database's memory for good.
 * The first texts are kept; pages of a text past them are planned each time, as any other statement.
 */
export const KEPT_PLANS = 200;
const keptByDatabase = new WeakMap<Queryable, Set<string>>();

/**
 * A page without conditions (the console's list as it opens, at any depth and in any order) keeps
 * its plan (Queryable's `prepared`): planning it costs more than reading it. Its text depends only
 * on the fields, the order and the number of teams, each named by its hash; the values (teams,
 * limits, offset) are parameters.
 */
function keptPlanName(db: Queryable, sql: string): string | undefined {
  const name = `list_page_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
  let kept = keptByDatabase.get(db);
  if (!kept) keptByDatabase.set(db, (kept = new Set()));
  if (kept.size >= KEPT_PLANS && !kept.has(name)) return undefined;
  kept.add(name);
  return name;
}

export async function readPage({ db, registry, counts, config }: ReadStore, user: SessionUser, category: Category, opts: ReadOptions, query: ListQuery): Promise<Page> {
  const projection = resolveProjection(registry, category, opts.fields, opts.full);
  const conditions = [...(opts.conditions ?? []), ...query.conditions];
  const names = selectedNames([...projection.columns, ...helperColumns(projection)]);
  const teams = query.range ? teamsInIndexOrder(category, user) : undefined;
  let rows: Row[];
  let total: number;
  if (query.range && teams) {
    // Counted first (usually known: countCache.ts): the counts say which teams to read, and how.
    const perTeam = await countVisiblePerTeam(db, counts, category, user, conditions);
    total = [...perTeam.values()].reduce((a, b) => a + b, 0);
    rows = await readMergedPage(db, category, query.sort, query.range, perTeam, total, names, conditions);
  } else {
    const params = new SqlParams();
    const where = whereSql(category, user, conditions, params);
    const limit = query.range
      ? ` LIMIT ${params.add(query.range.end - query.range.start + 1)} OFFSET ${params.add(query.range.start)}`
      : opts.limit === undefined ? '' : ` LIMIT ${params.add(opts.limit)}`;
    const [page, counted] = await Promise.all([
      db.query<Row>(`SELECT ${selectList(names)} FROM ${ident(category.key)} AS "t" WHERE ${where} ${orderBySql(category, query.sort)}${limit}`, params.values),
      // Without a range the page is the whole list: its length is the total.
      query.range ? countVisible(db, counts, category, user, conditions) : undefined,
    ]);
    rows = page.rows;
    total = counted ?? rows.length;
  }
  const answers = await withDerived(db, user, rows, projection, { cap: config?.maxEmbeddedList, counts });
  blankPrivateFields(category, user, rows, answers);
  return { rows: answers, start: query.range?.start ?? 0, total };
}

/**
 * The ranges after `last`, in the order of orderBySql, each one range of a team's list index: the
 * rows with a sort key, compared as a row (key, id) so that the index reads from the position on,
 * and the rows without one (last in ascending order, first in descending order, by id).
 */
function keysetRanges(category: Category, sort: Sort, last: KeysetPosition | undefined, params: SqlParams): string[] {
  const expr = sortExpression(category, sort);
  const beyond = sort.descending ? '<' : '>';
  if (sort.column === 'id') return [last ? `"t"."id" ${beyond} ${params.add(last.id)}` : 'TRUE'];
  const field = category.fields[sort.column];
  const keyed = last?.key == null ? `${expr} IS NOT NULL` : `(${expr}, "t"."id") ${beyond} (${params.add(last.key)}::${field ? sqlType(field) : 'integer'}, ${params.add(last.id)})`;
  const unkeyed = last?.key === null ? `${expr} IS NULL AND "t"."id" ${beyond} ${params.add(last.id)}` : `${expr} IS NULL`;
  // Ascending, the keyless rows come after every keyed one; descending, before.
  if (!last) return [keyed, unkeyed];
  if (last.key === null) return sort.descending ? [unkeyed, `${expr} IS NOT NULL`] : [unkeyed];
  return sort.descending ? [keyed] : [keyed, unkeyed];
}

/**
 * Every visible object matching `conditions`, in `sort` order, as raw rows of `columns`, in
 * chunks: a keyset scan (listSql.ts), so a 100k-row export holds one chunk in memory at a time.
 * For the objects of teams, each chunk reads each team's list index from where the last one ended.
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
  const teams = teamsInIndexOrder(category, user);
  let last: KeysetPosition | undefined;
  for (;;) {
    const params = new SqlParams();
    const selected = `${selectList(columns)}, ${keysetKeySql(category, sort)}`;
    let sql: string;
    if (teams) {
      const conds = conditions.map((c) => conditionSql(c, params));
      const ranges = keysetRanges(category, sort, last, params);
      const limit = params.add(chunkSize);
      sql = mergedSql(category, sort, teams.map((t) => ({ team: `${params.add(t)}::int` })), selected, conds, ranges, limit, `LIMIT ${limit}`);
    } else {
      const where = whereSql(category, user, conditions, params);
      const after = last ? ` AND ${keysetAfterSql(category, sort, last, params)}` : '';
      sql = `SELECT ${selected} FROM ${ident(category.key)} AS "t" WHERE ${where}${after} ${orderBySql(category, sort)} LIMIT ${params.add(chunkSize)}`;
    }
    const { rows } = await db.query<Row>(sql, params.values);
    if (rows.length > 0) yield rows;
    if (rows.length < chunkSize) return;
    const end = rows[rows.length - 1];
    last = { key: end[KEYSET_ALIAS] as string | null, id: end.id as number };
  }
}
