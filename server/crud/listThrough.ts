/**
 * Lists read through a reference (FieldSpec.listThrough): an object answers the list its
 * referenced holder keeps (a device's documentation is its collection's documents), and each listed
 * object answers the objects whose holder lists it (a document's 'Used in'). Both are computed for
 * a whole page of rows with one query per declaration, never one per row, and within one team
 * only: a holder of another team, or a list entry of another team (stored before lists were
 * checked), shows nothing.
 */
import type { Category } from '../../src/schemas/defineCategory';
import { listThroughLinks, type Link } from '../../src/schemas/listThroughLinks';
import { isSameTeamRef, TEAM_FIELD } from '../../src/schemas/referrers';
import type { Queryable } from '../db/database';
import type { SessionUser } from '../auth/sessionUser';
import { visibleWhere } from './access';
import { ident, SqlParams } from './sql';
import { toJson } from './serialize';
import type { Row } from './hooks';
import type { ServerRegistry } from './registry';

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

/** A list entry's id: a refList holds { "id": n } entries or plain ids (src/schemas/kinds.ts). */
const entryId = (entry: string) => `COALESCE(${entry}->>'id', ${entry}#>>'{}')::int`;

/** The joins owner "o" -> holder "h" -> entries "e" (with their position "n") -> item "i", each within one team where the references are. */
function joins({ owner, via, holder, list, item }: Link): string {
  const sameTeam = (from: Category, field: string, to: Category, a: string, b: string) =>
    isSameTeamRef(from, field, from.fields[field], to) ? ` AND "${a}".${ident(TEAM_FIELD)} = "${b}".${ident(TEAM_FIELD)}` : '';
  return `${ident(holder.key)} AS "h"
    CROSS JOIN LATERAL jsonb_array_elements("h".${ident(list)}) WITH ORDINALITY AS "e"("v", "n")
    JOIN ${ident(item.key)} AS "i" ON "i"."id" = ${entryId('"e"."v"')}${sameTeam(holder, list, item, 'i', 'h')}
    JOIN ${ident(owner.key)} AS "o" ON "o".${ident(via)} = "h"."id"${sameTeam(owner, via, holder, 'h', 'o')}`;
}

async function listed(db: Queryable, user: SessionUser, ids: number[], part: ListedPart, out: Row[], rows: Row[]) {
  const params = new SqlParams();
  const cols = part.fields.map((f) => `"i".${ident(f)}`).join(', ');
  const { rows: found } = await db.query<Row>(
    `SELECT "o"."id" AS "__owner"${cols ? `, ${cols}` : ''} FROM ${joins(part.link)}
      WHERE "o"."id" = ANY(${params.add(ids)}::int[]) AND ${visibleWhere(part.link.item, user, 'i', params)}
      ORDER BY "o"."id", "e"."n"`,
    params.values,
  );
  const byOwner = new Map<number, Row[]>();
  for (const row of found) {
    const owner = row.__owner as number;
    if (!byOwner.has(owner)) byOwner.set(owner, []);
    byOwner.get(owner)!.push(toJson(row, part.fields));
  }
  rows.forEach((row, i) => (out[i][part.key] = byOwner.get(row.id as number) ?? []));
}

async function usedIn(db: Queryable, user: SessionUser, ids: number[], part: UsedInPart, out: Row[], rows: Row[]) {
  const answers = rows.map(() => ({}) as Record<string, Row[]>);
  const index = new Map(rows.map((row, i) => [row.id as number, i]));
  for (const answer of answers) for (const { link } of part.sources) answer[link.owner.key] = [];
  await Promise.all(
    part.sources.map(async ({ link, fields }) => {
      const params = new SqlParams();
      const cols = [...new Set(['id', ...fields])].map((f) => `"o".${ident(f)}`).join(', ');
      const { rows: found } = await db.query<Row>(
        `SELECT "i"."id" AS "__item", ${cols} FROM ${joins(link)}
          WHERE "i"."id" = ANY(${params.add(ids)}::int[]) AND ${visibleWhere(link.owner, user, 'o', params)}
          ORDER BY "o".${ident(link.owner.summary[0])}, "o"."id"`,
        params.values,
      );
      const seen = new Set<string>();
      for (const row of found) {
        const pair = `${String(row.__item)}:${String(row.id)}`;
        if (seen.has(pair)) continue;
        seen.add(pair);
        answers[index.get(row.__item as number)!][link.owner.key].push(toJson(row, fields));
      }
    }),
  );
  rows.forEach((_, i) => (out[i][part.key] = answers[i]));
}

/** Computes one part for the answers `out` of `rows` (all visible, `id` selected). */
export function withThrough(db: Queryable, user: SessionUser, ids: number[], part: ThroughPart, out: Row[], rows: Row[]): Promise<void> {
  return part.kind === 'listed' ? listed(db, user, ids, part, out, rows) : usedIn(db, user, ids, part, out, rows);
}
