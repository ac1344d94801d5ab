/** Teams: whoever creates a team becomes its administrator, in the same transaction. */
import type { CategoryHooks } from '../crud/hooks';
import type { RowOf } from '../../src/schemas/rowOf';
import type { team } from '../../src/schemas/team';
import { ROLE } from '../../src/schemas/role';

export const teamHooks: CategoryHooks<RowOf<typeof team>> = {
  async afterCreate({ tx, user, created }) {
    await tx.query(`INSERT INTO "role" ("team_id", "user_id", "role_id") VALUES ($1, $2, $3)`, [created.id, user.id, ROLE.ADMIN]);
  },
};
