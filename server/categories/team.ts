/**
 * Teams: whoever creates a team becomes its administrator, in the same transaction; not with an API
 * token limited to some teams (server/tokens/guards.ts).
 */
import type { CategoryHooks } from '../crud/hooks';
import type { RowOf } from '../../src/schemas/rowOf';
import type { team } from '../../src/schemas/team';
import { ROLE } from '../../src/schemas/role';
import { refuseNewTeamByLimitedToken } from '../tokens/guards';

export const teamHooks: CategoryHooks<RowOf<typeof team>> = {
  async beforeCreate({ user }) {
    refuseNewTeamByLimitedToken(user);
  },
  async afterCreate({ tx, user, created }) {
    await tx.query(`INSERT INTO "role" ("team_id", "user_id", "role_id") VALUES ($1, $2, $3)`, [created.id, user.id, ROLE.ADMIN]);
  },
};
