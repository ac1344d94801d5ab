/**
 * Roles (a user's membership of a team):
 * - a team admin adds an existing user by username (the teams page): the write-only `username`
 *   input is resolved to user_id, exact match; an unknown name says only that there is no such
 *   user;
 * - a team must keep at least one administrator, so an admin role cannot be demoted, moved or
 *   deleted when it is the team's last one.
 */
import type { CategoryHooks, CreateContext } from '../crud/hooks';
import type { RowOf } from '../../src/schemas/rowOf';
import type { role } from '../../src/schemas/role';
import type { Queryable } from '../db/database';
import { ownMessages } from '../../src/messages';
import { ROLE } from '../../src/schemas/role';
import { badRequest, conflict } from '../http/errors';

const USERNAME_INPUT = 'username';

async function resolveUsername({ tx, input }: CreateContext): Promise<void> {
  if (!(USERNAME_INPUT in input)) return;
  const username = input[USERNAME_INPUT];
  delete input[USERNAME_INPUT];
  const { rows } =
    typeof username === 'string'
      ? await tx.query<{ id: number }>(`SELECT "id" FROM "user" WHERE "username" = $1`, [username])
      : { rows: [] };
  if (rows.length === 0) throw badRequest(ownMessages.noSuchUser);
  input.user_id = rows[0].id;
}

async function assertAnotherAdmin(tx: Queryable, existing: RowOf<typeof role>): Promise<void> {
  if (existing.role_id !== ROLE.ADMIN) return;
  // Locking the team row makes concurrent changes of its admins take turns, so two admins
  // demoting each other at once cannot both succeed.
  await tx.query(`SELECT 1 FROM "team" WHERE "id" = $1 FOR UPDATE`, [existing.team_id]);
  const { rows } = await tx.query(
    `SELECT 1 FROM "role" WHERE "team_id" = $1 AND "role_id" = $2 AND "id" <> $3 LIMIT 1`,
    [existing.team_id, ROLE.ADMIN, existing.id],
  );
  if (rows.length === 0) throw conflict(ownMessages.lastAdmin);
}

export const roleHooks: CategoryHooks<RowOf<typeof role>> = {
  async beforeCreate(ctx) {
    await resolveUsername(ctx);
  },
  async beforeUpdate(ctx) {
    await resolveUsername(ctx);
    const { tx, input, existing } = ctx;
    const losesAdmin =
      ('role_id' in input && input.role_id !== ROLE.ADMIN) ||
      ('team_id' in input && input.team_id !== existing.team_id) ||
      ('user_id' in input && input.user_id !== existing.user_id);
    if (losesAdmin) await assertAnotherAdmin(tx, existing);
  },
  async beforeDelete({ tx, existing }) {
    await assertAnotherAdmin(tx, existing);
  },
};
