/**
 * Who a user sees among the users (scope 'user' of the schemas): themselves and the users sharing
 * one of their teams, so a team admin can name members; the server administrator sees everyone.
 * Membership is the auth layer's (server/auth/sessions.ts reads the same roles), so the predicate
 * lives here rather than in a category hook the generic visibility would have to look up.
 */
import { ROLE } from '../../src/schemas/role';
import { ident, type SqlParams } from '../crud/sql';
import { memberTeamIds, type SessionUser } from './sessionUser';

export function teammatesWhere(user: SessionUser, alias: string, params: SqlParams): string {
  if (user.isServerAdmin) return 'TRUE';
  const a = ident(alias);
  return `(${a}."id" = ${params.add(user.id)} OR EXISTS (
    SELECT 1 FROM "role" AS "shared" WHERE "shared"."user_id" = ${a}."id"
       AND "shared"."role_id" > ${params.add(ROLE.NONE)}
       AND "shared"."team_id" = ANY(${params.add(memberTeamIds(user))}::int[])))`;
}
