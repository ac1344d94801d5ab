/**
 * References (fields of kind 'ref') must point at an existing object the caller may see, and,
 * between team-scoped categories, at one of the same team (unless the field says sameTeam:
 * false). A field declared sameTeam: false (a role's user) is only checked for existence: its
 * target is by definition someone outside the caller's teams, e.g. a user being added to a team.
 *
 * A reference declaring `matches` must also share those fields with the object (a device's
 * group and target firmware are of the device's type); it is checked again whenever one of
 * them changes, since changing the object's type breaks the match as surely as changing the
 * reference does.
 */
import type { Category } from '../../src/schemas/defineCategory';
import { mustGetCategory } from '../../src/schemas/index';
import { ownMessages } from '../../src/messages';
import type { Queryable } from '../db/database';
import type { SessionUser } from '../auth/sessionUser';
import { badRequest } from '../http/errors';
import { TEAM_FIELD, visibleWhere } from './access';
import { ident, SqlParams } from './sql';
import type { Row } from './hooks';

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
  user: SessionUser,
  category: Category,
  /** The object as it will be stored (existing values overlaid with the body). */
  after: Row,
  fields: Iterable<string>,
): Promise<void> {
  for (const name of withMatchingRefs(category, fields)) {
    const field = category.fields[name];
    const value = after[name];
    if (field?.kind !== 'ref' || value === null || value === undefined) continue;
    // The team itself is checked by the permission rule (admin of that team).
    if (category.scope === 'team' && name === TEAM_FIELD) continue;
    const target = mustGetCategory(field.ref ?? '');
    const crossTeam = field.sameTeam === false;
    const matches = field.matches ?? [];
    const params = new SqlParams();
    const conditions = [`"t"."id" = ${params.add(value)}`];
    if (!crossTeam) conditions.push(visibleWhere(target, user, 't', params));
    const columns = ['"t"."id"', ...matches.map((m) => `"t".${ident(m)}`)];
    if (target.scope === 'team') columns.push(`"t".${ident(TEAM_FIELD)} AS "__team"`);
    const { rows } = await tx.query<Row>(
      `SELECT ${columns.join(', ')} FROM ${ident(target.key)} AS "t" WHERE ${conditions.join(' AND ')}`,
      params.values,
    );
    if (rows.length === 0) throw badRequest(ownMessages.referenceNotFound(name));
    if (!crossTeam && category.scope === 'team' && target.scope === 'team' && rows[0].__team !== after[TEAM_FIELD]) {
      throw badRequest(ownMessages.referenceOtherTeam(name));
    }
    const mismatch = matches.find((m) => rows[0][m] !== (after[m] ?? null));
    if (mismatch !== undefined) {
      throw badRequest(ownMessages.referenceMismatch(field.label, category.fields[mismatch]?.label ?? mismatch));
    }
  }
}
