/**
 * Lists read through a reference (FieldSpec.listThrough): an object answers the list its
 * referenced holder keeps (a device's documentation is its collection's documents), and each listed
 * object answers the objects whose holder lists it (a document's 'Used in'). Both are computed for
 * a whole page of rows with one query per declaration, never one per row, and within one team
 * only: a holder of another team, or a list entry of another team (stored before lists were
 * checked), shows nothing. Each list is cut as every embedded list is (src/schemas/embeddedList.ts).
 */
import type { Category } from '../../src/schemas/defineCategory';
import { listThroughLinks, type Link } from '../../src/schemas/listThroughLinks';
import { isSameTeamRef, TEAM_FIELD } from '../../src/schemas/referrers';
import type { Queryable } from '../db/database';
import type { SessionUser } from '../auth/sessionUser';
import { visibleWhere } from './access';
import { entryId, ident, SqlParams } from './sql';
import { toJson } from './serialize';
import type { Row } from './hooks';
import type { ServerRegistry } from './registry';
import { embeddedTotalKey } from '../../src/schemas/embeddedList';

/** On the owner: the holder's list, each item with `fields`. */
export interface ListedPart {
  kind: 'listed';
  key: string;
  link: Link;
  fields: string[];
}

/** On the item: per owner category, the owners reaching it, each with `fields`. */
export interface UsedInPart {
  kind: 'usedIn';
  key: string;
  sources: { link: Link; fields: string[] }[];
}

export type ThroughPart = ListedPart | UsedInPart;

/** The fields among `wanted` that the category answers, in `wanted`'s order. */
const answered = (wanted: readonly string[], columns: readonly string[]) => wanted.filter((f) => columns.includes(f));

/** The derived values `category` gets from every listThrough of the registry. */
export function throughParts(registry: ServerRegistry, category: Category, columnsOf: (c: Category) => readonly string[]): ThroughPart[] {
  const parts: ThroughPart[] = [];
  const usedIn = new Map<string, UsedInPart>();
  for (const link of listThroughLinks(registry.categories)) {
    const { through } = link;
    if (link.owner.key === category.key) parts.push({ kind: 'listed', key: through.as, link, fields: answered(through.fields, columnsOf(link.item)) });
    if (link.item.key !== category.key) continue;
    let part = usedIn.get(through.usedIn);
    if (!part) usedIn.set(through.usedIn, (part = { kind: 'usedIn', key: through.usedIn, sources: [] }));
    part.sources.push({ link, fields: answered(through.usedInFields, columnsOf(link.owner)) });
  }
  return [...parts, ...usedIn.values()];
}


/** The joins owner "o" -> holder "h" -> entries "e" (with their position "n") -> item "i", each within one team where the references are. */
function joins({ owner, via, holder, list, item }: Link): string {
  const sameTeam = (from: Category, field: string, to: Category, a: string, b: string) =>
    isSameTeamRef(from, field, from.fields[field], to) ? ` AND "${a}".${ident(TEAM_FIELD)} = "${b}".${ident(TEAM_FIELD)}` : '';
  return `${ident(holder.key)} AS "h"
    CROSS JOIN LATERAL jsonb_array_elements("h".${ident(list)}) WITH ORDINALITY AS "e"("v", "n")
    JOIN ${ident(item.key)} AS "i" ON "i"."id" = ${entryId('"e"."v"')}${sameTeam(holder, list, item, 'i', 'h')}
    JOIN ${ident(owner.key)} AS "o" ON "o".${ident(via)} = "h"."id"${sameTeam(owner, via, holder, 'h', 'o')}`;
}

/**
 * The rows of `sql` (one owner's list in `order`, keyed by `key`) cut at `cap` per key
 * (src/schemas/embeddedList.ts), each with its key's whole count `__total`: a window over the
 * rows, the answer holding no more than the cap whatever the list's length.
 */
function cutSql(sql: string, key: string, order: string, cap: number | undefined, params: SqlParams): string {
  if (cap === undefined) return `SELECT *, NULL::int AS "__total" FROM (${sql}) AS "r" ORDER BY "r"."${key}", ${order}`;
  return `SELECT * FROM (
      SELECT "r".*, row_number() OVER (PARTITION BY "r"."${key}" ORDER BY ${order}) AS "__rank", count(*) OVER (PARTITION BY "r"."${key}")::int AS "__total"
        FROM (${sql}) AS "r") AS "r"
    WHERE "r"."__rank" <= ${params.add(cap)}::int ORDER BY "r"."${key}", ${order}`;
}

/** `{key}_total` beside `list` in `holder` when the list was cut (its first row's `__total` above its length). */
function markCut(holder: Row, key: string, list: unknown[], first: Row | undefined) {
  const total = first?.__total as number | null | undefined;
  if (typeof total === 'number' && total > list.length) holder[embeddedTotalKey(key)] = total;
}

async function listed(db: Queryable, user: SessionUser, ids: number[], part: ListedPart, out: Row[], rows: Row[], cap?: number) {
  const params = new SqlParams();
  const cols = part.fields.map((f) => `"i".${ident(f)}`).join(', ');
  const found = await db.query<Row>(
    cutSql(
      `SELECT "o"."id" AS "__owner", "e"."n" AS "__n"${cols ? `, ${cols}` : ''} FROM ${joins(part.link)}
        WHERE "o"."id" = ANY(${params.add(ids)}::int[]) AND ${visibleWhere(part.link.item, user, 'i', params)}`,
      '__owner',
      '"r"."__n"',
      cap,
      params,
    ),
    params.values,
  );
  const byOwner = new Map<number, Row[]>();
  for (const row of found.rows) {
    const owner = row.__owner as number;
    if (!byOwner.has(owner)) byOwner.set(owner, []);
    byOwner.get(owner)!.push(row);
  }
  rows.forEach((row, i) => {
    const items = byOwner.get(row.id as number) ?? [];
    out[i][part.key] = items.map((item) => toJson(item, part.fields));
    markCut(out[i], part.key, items, items[0]);
  });
}

async function usedIn(db: Queryable, user: SessionUser, ids: number[], part: UsedInPart, out: Row[], rows: Row[], cap?: number) {
  const answers = rows.map(() => ({}) as Record<string, unknown>);
  const index = new Map(rows.map((row, i) => [row.id as number, i]));
  for (const answer of answers) for (const { link } of part.sources) answer[link.owner.key] = [];
  await Promise.all(
    part.sources.map(async ({ link, fields }) => {
      const params = new SqlParams();
      const by = link.owner.summary[0];
      // Distinct: an owner whose holder lists the item twice (stored before lists were checked) uses it once.
      const cols = [...new Set(['id', by, ...fields])].map((f) => `"o".${ident(f)}`).join(', ');
      const { rows: found } = await db.query<Row>(
        cutSql(
          `SELECT DISTINCT "i"."id" AS "__item", ${cols} FROM ${joins(link)}
            WHERE "i"."id" = ANY(${params.add(ids)}::int[]) AND ${visibleWhere(link.owner, user, 'o', params)}`,
          '__item',
          `"r".${ident(by)}, "r"."id"`,
          cap,
          params,
        ),
        params.values,
      );
      const byItem = new Map<number, Row[]>();
      for (const row of found) {
        const item = row.__item as number;
        if (!byItem.has(item)) byItem.set(item, []);
        byItem.get(item)!.push(row);
      }
      for (const [item, owners] of byItem) {
        const answer = answers[index.get(item)!];
        answer[link.owner.key] = owners.map((owner) => toJson(owner, fields));
        markCut(answer, link.owner.key, owners, owners[0]);
      }
    }),
  );
  rows.forEach((_, i) => (out[i][part.key] = answers[i]));
}

/** Computes one part for the answers `out` of `rows` (all visible, `id` selected), each list cut at `cap` when given. */
export function withThrough(db: Queryable, user: SessionUser, ids: number[], part: ThroughPart, out: Row[], rows: Row[], cap?: number): Promise<void> {
  return part.kind === 'listed' ? listed(db, user, ids, part, out, rows, cap) : usedIn(db, user, ids, part, out, rows, cap);
}
