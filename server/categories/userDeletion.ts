/**
 * Deleting a user (the server administrator, or the user themself) leaves no team orphaned and the
 * server with an administrator:
 * - the last administrator of a team cannot be deleted until another member is made administrator
 *   or the team is deleted (409 naming the teams);
 * - the last active server administrator cannot be deleted.
 * Locks make concurrent deletes take turns: the user's roles, then their teams (the order a role's
 * own change takes, server/categories/role.ts), so two admins of one team deleting themselves at
 * once cannot both pass; and one lock for the server administrators.
 */
import type { Queryable } from '../db/database';
import type { CategoryRow } from '../../src/schemas/index';
import { ownMessages } from '../../src/messages';
import { ROLE } from '../../src/schemas/role';
import { conflict } from '../http/errors';

/** Any constant: deletes of server administrators take turns. */
const SERVER_ADMINS_LOCK = 7_311_021;

async function assertTeamsKeepAnAdmin(tx: Queryable, userId: number): Promise<void> {
  await tx.query(`SELECT 1 FROM "role" WHERE "user_id" = $1 ORDER BY "id" FOR UPDATE`, [userId]);
  const { rows: teams } = await tx.query<Pick<CategoryRow<'team'>, 'id'>>(
    `SELECT "t"."id" FROM "team" AS "t" JOIN "role" AS "r" ON "r"."team_id" = "t"."id"
      WHERE "r"."user_id" = $1 AND "r"."role_id" = $2 ORDER BY "t"."id" FOR UPDATE OF "t"`,
    [userId, ROLE.ADMIN],
  );
  if (teams.length === 0) return;
  const { rows: orphaned } = await tx.query<Pick<CategoryRow<'team'>, 'name'>>(
    `SELECT "t"."name" FROM "team" AS "t" WHERE "t"."id" = ANY($1::int[]) AND NOT EXISTS (
       SELECT 1 FROM "role" AS "r" WHERE "r"."team_id" = "t"."id" AND "r"."role_id" = $2 AND "r"."user_id" <> $3)
      ORDER BY "t"."name"`,
    [teams.map((t) => t.id), ROLE.ADMIN, userId],
  );
  if (orphaned.length > 0) throw conflict(ownMessages.lastAdminOfTeams(orphaned.map((t) => t.name)));
}

/**
 * A 409 (`message`) unless another active server administrator remains beside `existing` (when it
 * is one): for its delete, deactivation or loss of the role (userChanges.ts), in turns.
 */
export async function assertAnotherServerAdmin(tx: Queryable, existing: CategoryRow<'user'>, message: string = ownMessages.lastServerAdmin): Promise<void> {
  if (existing.is_server_admin !== true) return;
  await tx.query('SELECT pg_advisory_xact_lock($1)', [SERVER_ADMINS_LOCK]);
  const { rows } = await tx.query(`SELECT 1 FROM "user" WHERE "is_server_admin" AND "active" AND "id" <> $1 LIMIT 1`, [existing.id]);
  if (rows.length === 0) throw conflict(message);
}

export async function assertDeletable(tx: Queryable, existing: CategoryRow<'user'>): Promise<void> {
  await assertAnotherServerAdmin(tx, existing);
  await assertTeamsKeepAnAdmin(tx, existing.id);
}
