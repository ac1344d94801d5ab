/**
 * Small calls of spec section 7 that are not generic CRUD:
 *
 *   GET /api/issemver/:value                  true or false
 *   GET /api/get_teams_where_user_is_admin/   {"json_list": [{id, name}, ...]}
 *   PUT /api/user                             body {preferences}: the caller's preferences
 *                                             (src/schemas/preferences.ts); answers the caller's user object
 */
import { z } from 'zod';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isSemver } from '../../src/schemas/rules';
import { ROLE } from '../../src/schemas/role';
import { team } from '../../src/schemas/team';
import { fieldSchema } from '../../src/schemas/compile';
import { requireUser } from '../crud/access';
import { updateObject } from '../crud/write';
import { preferencesSchema } from '../../src/schemas/preferences';
import { answers, component, describedAs, errors, json, jsonBody, objectId } from '../openapi/contract';
import type { JsonSchema } from '../openapi/jsonSchema';

const SEMVER_SCHEMA = {
  operationId: 'isSemver',
  summary: 'Is this a semantic version?',
  tags: ['misc'],
  params: z.object({ value: z.string().meta({ examples: ['1.2.3'] }) }),
  response: answers({ 200: { description: '`true` or `false`.', content: json(z.boolean()) }, ...errors('401') }),
};

const TEAMS_WHERE_ADMIN_SCHEMA = {
  operationId: 'getTeamsWhereUserIsAdmin',
  summary: 'Teams the caller administers',
  tags: ['session'],
  response: answers({
    200: {
      description: 'The teams where the caller is an admin.',
      content: json(z.object({ json_list: z.array(z.object({ id: objectId, name: fieldSchema(team.fields.name) })) })),
    },
    ...errors('401'),
  }),
};

/** The preferences' shape for the document (what the console keeps: theme, and per table its columns and page size). */
const { $schema: _dialect, ...PREFERENCES_JSON } = z.toJSONSchema(preferencesSchema) as JsonSchema;

const PREFERENCES_SCHEMA = {
  operationId: 'updatePreferences',
  summary: "Change the caller's preferences",
  tags: ['session'],
  // Only the preferences: the rest of the user object is the user form's (PUT /api/user/{id}). Checked as the
  // registry's user field says (its kind, then preferences.ts), the same words on both routes.
  body: jsonBody({ preferences: describedAs(PREFERENCES_JSON, z.unknown()).optional() }),
  response: answers({ 200: { description: 'The caller as a user object.', content: json(component('user')) }, ...errors('400', '401', '403', '413') }),
};

export const miscRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/issemver/:value', { schema: SEMVER_SCHEMA }, async (request) => {
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
  app.get('/api/get_teams_where_user_is_admin/', { schema: TEAMS_WHERE_ADMIN_SCHEMA }, teamsWhereAdmin);
  const noSlash = { ...TEAMS_WHERE_ADMIN_SCHEMA, operationId: 'getTeamsWhereUserIsAdminNoSlash', summary: `${TEAMS_WHERE_ADMIN_SCHEMA.summary} (without the final slash)` };
  app.get('/api/get_teams_where_user_is_admin', { schema: noSlash }, teamsWhereAdmin);

  app.put('/api/user', { schema: PREFERENCES_SCHEMA }, async (request) => {
    const user = requireUser(request.user);
    return updateObject(app, user, app.registry.get('user'), user.id, request.body);
  });
};
