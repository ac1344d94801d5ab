/**
 * Derived values of a read (expansions, reverse lists, lookups, counts, and lists read through a
 * reference, listThrough.ts), fetched in batch: one
 * query per derived value for the whole page of rows (`id = ANY($1)`), never one per row, since
 * a type or group may list thousands of devices.
 *
 * Reverse lists and counts only include objects the caller may see. An expansion shows the
 * summary of the object a visible row points at: the reference itself is already visible, and
 * cross-team references (an author) are declared as such in the schema; but a user the caller
 * does not see (an author who left the caller's teams) is answered by id alone (hiddenUsers).
 *
 * The objects of an expansion or reverse list get their own lookups and counts when their
 * fields name them (a team's roles with each member's username): the same batch functions,
 * run once more over all those objects together.
 */
import type { Queryable } from '../db/database';
import type { Category } from '../../src/schemas/defineCategory';
import type { SessionUser } from '../auth/sessionUser';
import { visibleWhere } from './access';
import { ident, SqlParams } from './sql';
import { toJson } from './serialize';
import type { Row } from './hooks';
import type { CountPart, ExpansionPart, ListPart, LookupPart, Projection } from './projection';
import { withThrough } from './listThrough';
import { embeddedTotalKey } from '../../src/schemas/embeddedList';
import { countVisibleByOwner } from './listCounts';
import type { CountCache } from './countCache';

const distinctIds = (rows: Row[], field: string): number[] => [
  ...new Set(rows.map((r) => r[field]).filter((v): v is number => typeof v === 'number')),
];

async function fetchByIds(db: Queryable, table: string, columns: readonly string[], ids: number[]): Promise<Map<number, Row>> {
  if (ids.length === 0) return new Map();
  const cols = [...new Set(['id', ...columns])].map(ident).join(', ');
  const { rows } = await db.query<Row>(`SELECT ${cols} FROM ${ident(table)} WHERE "id" = ANY($1::int[])`, [ids]);
  return new Map(rows.map((r) => [r.id as number, r]));
}

/**
 * The ids among `ids` of users the caller does not see (scope 'user', server/auth/teammates.ts):
 * an author who shares no team with the caller now is answered as their id alone, every other
 * field null, as GET /api/user/{id} answers them 404.
 */
async function hiddenUsers(db: Queryable, user: SessionUser, target: Category, ids: number[]): Promise<Set<number>> {
  if (target.scope !== 'user' || ids.length === 0) return new Set();
  const params = new SqlParams();
  const { rows } = await db.query<{ id: number }>(
    `SELECT "u"."id" FROM ${ident(target.key)} AS "u" WHERE "u"."id" = ANY(${params.add(ids)}::int[]) AND ${visibleWhere(target, user, 'u', params)}`,
    params.values,
  );
  const seen = new Set(rows.map((r) => r.id));
  return new Set(ids.filter((id) => !seen.has(id)));
}

async function expansion(db: Queryable, user: SessionUser, rows: Row[], part: ExpansionPart, out: Row[], how: Derivation) {
  const { sub } = part;
  const ids = distinctIds(rows, part.via);
  const [fetched, hidden] = await Promise.all([
    fetchByIds(db, part.target.key, [...sub.columns, ...helperColumns(sub)], ids),
    hiddenUsers(db, user, part.target, ids),
  ]);
  const found = [...fetched.values()].filter((r) => !hidden.has(r.id as number));
  const answers = await withDerived(db, user, found, sub, how);
  const byId = new Map(found.map((target, k) => [target.id as number, answers[k]]));
  for (const id of hidden) byId.set(id, toJson({ id }, sub.columns));
  rows.forEach((row, i) => (out[i][part.key] = byId.get(row[part.via] as number) ?? null));
}

async function lookup(db: Queryable, user: SessionUser, rows: Row[], part: LookupPart, out: Row[]) {
  const ids = distinctIds(rows, part.via);
  const [found, hidden] = await Promise.all([fetchByIds(db, part.target.key, [part.field], ids), hiddenUsers(db, user, part.target, ids)]);
  rows.forEach((row, i) => {
    const target = hidden.has(row[part.via] as number) ? undefined : found.get(row[part.via] as number);
    out[i][part.key] = target ? toJson(target, [part.field])[part.field] : null;
  });
}

/**
 * A reverse list holds at most `cap` objects per row, the first by id (src/schemas/embeddedList.ts):
 * each row's objects are read through a LIMIT of their own, one above the cap to tell a cut, and
 * only a cut list is counted, into `{key}_total`. They are found through the index of `via` and
 * then sorted (OFFSET 0 keeps the planner from walking the whole table in id order instead, until
 * enough of one owner's turn up: 300 ms for a firmware of few devices among 20,000). The rest is
 * read through the list's own paged call, GET /api/{source}?filter={"via":id}&range=..., whose
 * Content-Range tells the total.
 */
async function reverseList(db: Queryable, user: SessionUser, ids: number[], part: ListPart, out: Row[], rows: Row[], how: Derivation) {
  const { cap } = how;
  const { sub } = part;
  const params = new SqlParams();
  const names = [...new Set(['id', part.via, ...sub.columns, ...helperColumns(sub)])].map(ident);
  const cols = names.map((c) => `"t".${c}`).join(', ');
  const visible = visibleWhere(part.source, user, 't', params);
  const sql =
    cap === undefined
      ? `SELECT ${cols} FROM ${ident(part.source.key)} AS "t" WHERE "t".${ident(part.via)} = ANY(${params.add(ids)}::int[]) AND ${visible} ORDER BY "t"."id"`
      : `SELECT ${cols} FROM unnest(${params.add(ids)}::int[]) AS "o"("owner") CROSS JOIN LATERAL (
           SELECT * FROM (SELECT ${cols} FROM ${ident(part.source.key)} AS "t" WHERE "t".${ident(part.via)} = "o"."owner" AND ${visible} OFFSET 0) AS "t"
            ORDER BY "t"."id" LIMIT ${params.add(cap + 1)}::int) AS "t"
          ORDER BY "t"."id"`;
  const { rows: items } = await db.query<Row>(sql, params.values);
  const byOwner = new Map<number, Row[]>();
  for (const item of items) {
    const owner = item[part.via] as number;
    let list = byOwner.get(owner);
    if (!list) byOwner.set(owner, (list = []));
    list.push(item);
  }
  const cut: number[] = [];
  for (const [owner, list] of byOwner) {
    if (cap === undefined || list.length <= cap) continue;
    list.length = cap;
    cut.push(owner);
  }
  const kept = [...byOwner.values()].flat();
  const [answers, totals] = await Promise.all([withDerived(db, user, kept, sub, how), countVisibleByOwner(db, how.counts, part.source, user, part.via, cut)]);
  const answerOf = new Map(kept.map((item, k) => [item, answers[k]]));
  rows.forEach((row, i) => {
    const owner = row.id as number;
    out[i][part.key] = (byOwner.get(owner) ?? []).map((item) => answerOf.get(item));
    const total = totals.get(owner);
    if (total !== undefined) out[i][embeddedTotalKey(part.key)] = total;
  });
}

async function count(db: Queryable, user: SessionUser, ids: number[], part: CountPart, out: Row[], rows: Row[], counts?: CountCache) {
  const byOwner = await countVisibleByOwner(db, counts, part.source, user, part.via, ids);
  rows.forEach((row, i) => (out[i][part.key] = byOwner.get(row.id as number) ?? 0));
}

/** Columns a read must select besides the answered ones, to compute the derived values. */
export function helperColumns(p: Projection): string[] {
  const needed = [...p.expansions.map((e) => e.via), ...p.lookups.map((l) => l.via)];
  if (p.lists.length > 0 || p.counts.length > 0 || p.throughs.length > 0) needed.push('id');
  return needed;
}

/** How derived values are read: each embedded list cut at `cap` (none: whole), counts kept in `counts` (listCounts.ts). */
export interface Derivation {
  cap?: number;
  counts?: CountCache;
}

/** The JSON answer for `rows`: the projection's columns plus its derived values. */
export async function withDerived(db: Queryable, user: SessionUser, rows: Row[], p: Projection, how: Derivation = {}): Promise<Row[]> {
  const out = rows.map((r) => toJson(r, p.columns));
  if (rows.length === 0) return out;
  const ids = rows.map((r) => r.id as number);
  await Promise.all([
    ...p.expansions.map((e) => expansion(db, user, rows, e, out, how)),
    ...p.lookups.map((l) => lookup(db, user, rows, l, out)),
    ...p.lists.map((l) => reverseList(db, user, ids, l, out, rows, how)),
    ...p.counts.map((c) => count(db, user, ids, c, out, rows, how.counts)),
    ...p.throughs.map((t) => withThrough(db, user, ids, t, out, rows, how.cap)),
  ]);
  return out;
}
