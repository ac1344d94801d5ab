/**
 * Teams: whoever creates a team becomes its administrator, in the same transaction (and its audit
 * entry); not with an API token limited to some teams (server/tokens/guards.ts).
 */
import type { CategoryHooks, Row } from '../crud/hooks';
import type { RowOf } from '../../src/schemas/rowOf';
import type { team } from '../../src/schemas/team';
import { ROLE } from '../../src/schemas/role';
import { audit } from '../audit/record';
import { objectEntry } from '../audit/changes';
import { refuseNewTeamByLimitedToken } from '../tokens/guards';

export const teamHooks: CategoryHooks<RowOf<typeof team>> = {
  async beforeCreate({ user }) {
    refuseNewTeamByLimitedToken(user);
  },
  async afterCreate({ tx, user, registry, created }) {
    const { rows } = await tx.query<Row>(`INSERT INTO "role" ("team_id", "user_id", "role_id") VALUES ($1, $2, $3) RETURNING *`, [created.id, user.id, ROLE.ADMIN]);
    await audit(tx, objectEntry(user, 'create', registry.get('role'), undefined, rows[0]));
  },
};
