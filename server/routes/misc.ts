/**
 * Small calls of spec section 7 that are not generic CRUD:
 *
 *   GET /api/issemver/:value                  true or false
 *   GET /api/get_teams_where_user_is_admin/   {"json_list": [{id, name}, ...]}
 *   PUT /api/user                             body {preferences}: the caller's preferences;
 *                                             answers the caller's user object
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isSemver } from '../../src/schemas/rules';
import { ROLE } from '../../src/schemas/role';
import { ownMessages } from '../../src/messages';
import { badRequest } from '../http/errors';
import { requireUser } from '../crud/access';
import { isPlainObject } from '../crud/validate';
import { updateObject } from '../crud/write';

const PREFERENCES = 'preferences';

export const miscRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { value: string } }>('/api/issemver/:value', async (request) => {
    requireUser(request.user);
    return isSemver(request.params.value);
  });

  const teamsWhereAdmin = async (request: FastifyRequest) => {
    const user = requireUser(request.user);
    const ids = [...user.roles].filter(([, role]) => role === ROLE.ADMIN).map(([team]) => team);
    const { rows } = await app.db.query<{ id: number; name: string }>(
      `SELECT "id", "name" FROM "team" WHERE "id" = ANY($1::int[]) ORDER BY "id"`,
      [ids],
    );
    return { json_list: rows };
  };
  app.get('/api/get_teams_where_user_is_admin/', teamsWhereAdmin);
  app.get('/api/get_teams_where_user_is_admin', teamsWhereAdmin);

  app.put('/api/user', async (request) => {
    const user = requireUser(request.user);
    const body = request.body;
    if (!isPlainObject(body)) throw badRequest(ownMessages.bodyNotObject);
    const other = Object.keys(body).find((k) => k !== PREFERENCES);
    if (other !== undefined) throw badRequest(ownMessages.unknownField(other));
    return updateObject(app, user, app.registry.get('user'), user.id, body);
  });
};
