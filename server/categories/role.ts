/**
 * Roles (a user's membership of a team): a team must keep at least one administrator, so an
 * admin role cannot be demoted, moved or deleted when it is the team's last one.
 */
import type { CategoryHooks, Row } from '../crud/hooks';
import type { Queryable } from '../db/database';
import { ownMessages } from '../../src/messages';
import { ROLE } from '../../src/schemas/role';
import { conflict } from '../http/errors';

async function assertAnotherAdmin(tx: Queryable, existing: Row): Promise<void> {
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

export const roleHooks: CategoryHooks = {
  async beforeUpdate({ tx, input, existing }) {
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
