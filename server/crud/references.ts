/**
 * References (fields of kind 'ref' and 'refList') must point at existing objects the caller may
 * see, and, between team-scoped categories, at objects of the same team (unless the field says
 * sameTeam: false). A field declared sameTeam: false (a role's user) is only checked for
 * existence: its target is by definition someone outside the caller's teams, e.g. a user being
 * added to a team. A list names each object once (its validator refuses duplicates).
 *
 * A reference declaring `matches` must also share those fields with the object (a device's
 * group and target firmware are of the device's type); it is checked again whenever one of
 * them changes, since changing the object's type breaks the match as surely as changing the
 * reference does. Moving the object to another team re-checks every reference.
 *
 * A reference declared `enabledOnly` (a target firmware) may not newly name a disabled object
 * (src/schemas/disabled.ts); a value it already holds is kept.
 */
import type { Category } from '../../src/schemas/defineCategory';
import { refListIds } from '../../src/schemas/kinds';
import { isSameTeamRef } from '../../src/schemas/referrers';
import { disabledChoiceProblem } from '../../src/schemas/disabled';
import { ownMessages } from '../../src/messages';
import type { Queryable } from '../db/database';
import type { SessionUser } from '../auth/sessionUser';
import { badRequest } from '../http/errors';
import { TEAM_FIELD, visibleWhere } from './access';
import { ident, SqlParams } from './sql';
import type { Row } from './hooks';
import type { ServerRegistry } from './registry';
import { readRows, type ReadMemo } from './readMemo';

/** The fields to check: those given plus the references that must match one of them. */
function withMatchingRefs(category: Category, fields: Iterable<string>): Set<string> {
  const names = new Set(fields);
  for (const [name, field] of Object.entries(category.fields)) {
    if (field.matches?.some((m) => names.has(m))) names.add(name);
  }
  return names;
}

export async function checkReferences(
  tx: Queryable,
  registry: ServerRegistry,
  user: SessionUser,
  category: Category,
  /** The object as it will be stored (existing values overlaid with the body). */
  after: Row,
  fields: Iterable<string>,
  /** The object as stored before an update: a reference it already holds may still name a disabled object. */
  existing?: Row,
  /** A batch's reads of the same targets, answered once (readMemo.ts). */
  memo?: ReadMemo,
): Promise<void> {
  for (const name of withMatchingRefs(category, fields)) {
    const field = category.fields[name];
    if (field?.kind !== 'ref' && field?.kind !== 'refList') continue;
    // The team itself is checked by the permission rule (admin of that team).
    if (category.scope === 'team' && name === TEAM_FIELD) continue;
    const ids = field.kind === 'ref' ? (after[name] === null || after[name] === undefined ? [] : [after[name]]) : refListIds(after[name]);
    if (ids === undefined) throw badRequest(ownMessages.wrongFieldType(field.label, 'a list of ids'));
    if (ids.length === 0) continue;
    const target = registry.get(field.ref ?? '');
    const sameTeam = isSameTeamRef(category, name, field, target);
    const matches = field.matches ?? [];
    const params = new SqlParams();
    const conditions = [`"t"."id" = ANY(${params.add(ids)}::int[])`];
    if (field.sameTeam !== false) conditions.push(visibleWhere(target, user, 't', params));
    // A disabled object's refusal names it: read it whole.
    const columns = field.enabledOnly ? ['"t".*'] : ['"t"."id"', ...matches.map((m) => `"t".${ident(m)}`)];
    if (target.scope === 'team') columns.push(`"t".${ident(TEAM_FIELD)} AS "__team"`);
    // Share locks: a concurrent change or delete of a target (which locks it first, write.ts)
    // either ends before this read, which then sees its result, or waits until this write
    // commits, and then finds this reference among the referrers (locks.ts).
    const rows = await readRows(
      tx,
      `SELECT ${columns.join(', ')} FROM ${ident(target.key)} AS "t" WHERE ${conditions.join(' AND ')} FOR SHARE OF "t"`,
      params.values,
      memo,
      target.key !== category.key,
    );
    if (rows.length < ids.length) throw badRequest(ownMessages.referenceNotFound(field.label));
    if (sameTeam && rows.some((r) => r.__team !== after[TEAM_FIELD])) throw badRequest(ownMessages.referenceOtherTeam(field.label));
    const mismatch = matches.find((m) => rows.some((r) => r[m] !== (after[m] ?? null)));
    if (mismatch !== undefined) {
      throw badRequest(ownMessages.referenceMismatch(field.label, category.fields[mismatch]?.label ?? mismatch));
    }
    if (existing?.[name] === after[name]) continue;
    const disabled = rows.map((r) => disabledChoiceProblem(field, target, r)).find((problem) => problem !== undefined);
    if (disabled !== undefined) throw badRequest(disabled);
  }
}

/**
 * A reference only the server sets that declares `matches` (a device's current firmware, matched
 * within the device's type) holds, in rows stored before that rule, values the rule now refuses: the
 * start after a registry change clears them (the device reports again; nothing else names them), since
 * such a value blocks deleting its target and changing its `matches` fields. Answers how many rows.
 */
export async function clearStrayServerRefs(tx: Queryable, categories: readonly Category[]): Promise<number> {
  let cleared = 0;
  for (const category of categories) {
    for (const [name, field] of Object.entries(category.fields)) {
      if (field.kind !== 'ref' || !field.system || !field.matches?.length || !field.ref) continue;
      const differs = field.matches.map((m) => `"r".${ident(m)} IS DISTINCT FROM "o".${ident(m)}`).join(' OR ');
      const { rows } = await tx.query<{ n: number }>(
        `WITH "stray" AS (UPDATE ${ident(category.key)} AS "o" SET ${ident(name)} = NULL FROM ${ident(field.ref)} AS "r"
          WHERE "r"."id" = "o".${ident(name)} AND (${differs}) RETURNING 1) SELECT count(*)::int AS "n" FROM "stray"`,
      );
      cleared += rows[0]?.n ?? 0;
    }
  }
  return cleared;
}
