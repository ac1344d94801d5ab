/**
 * The API token calls (issue 29 item 2), for a signed-in session only (guards.ts):
 *
 *   POST   /api/tokens        {name, expires_in_days, team_ids?, read_only?} -> 201 {id, token}, the token this once
 *   GET    /api/tokens        the caller's tokens, with teams and last use, never a secret
 *   DELETE /api/tokens/:id    revokes one of the caller's tokens (another user's: 404)
 *
 * What a token then does is the request rules' business (server/auth/plugin.ts, bearer.ts).
 */
import { isStorableText } from '../../src/schemas/kinds';
import { z } from 'zod';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages, ownMessages } from '../../src/messages';
import { TOKEN_MAX_DAYS } from '../../src/apiTokens';
import { idValue } from '../../src/schemas/kinds';
import { answers, error, errors, ID_PARAMS, json, jsonBody, objectId } from '../openapi/contract';
import { createToken, listTokens, revokeToken } from './service';
import { sessionOnly } from './guards';
import { LAST_USE_EVERY_MS } from './bearer';

/** Longest token name: a label for its owner, not a document. */
const NAME_MAX = 100;

const days = ownMessages.tokenExpiresInDays(TOKEN_MAX_DAYS);

const CREATE_BODY = jsonBody({
  name: z
    .string({ error: (issue) => (issue.input === undefined ? messages.nameEmpty : ownMessages.wrongFieldType('name', 'a text')) })
    .trim()
    .min(1, { error: messages.nameEmpty })
    .max(NAME_MAX, { error: ownMessages.tooLong('name', NAME_MAX) })
    .refine(isStorableText, { error: ownMessages.unstorableText('name') })
    .describe('What the token is for, for its owner (a pipeline, a script).'),
  expires_in_days: z.int({ error: days }).min(1, { error: days }).max(TOKEN_MAX_DAYS, { error: days }).describe(`The token stops working after this many days (1 to ${TOKEN_MAX_DAYS}).`),
  team_ids: z
    .array(idValue(ownMessages.tokenTeamIds), { error: ownMessages.tokenTeamIds })
    .min(1, { error: ownMessages.tokenTeamIds })
    .max(1000, { error: ownMessages.tokenTeamIds })
    .optional()
    .describe("Only these teams of the caller's: every other object answers 404. Left out: all the caller's teams, as they are at each call."),
  read_only: z.boolean({ error: ownMessages.wrongFieldType('read_only', 'true or false') }).optional().describe('Only reads: any change answers 403.'),
});

const TOKEN_INFO = z.object({
  id: objectId,
  name: z.string(),
  teams: z.array(z.object({ id: objectId, name: z.string() })).nullable().describe("The teams it is limited to; null: all the user's teams."),
  read_only: z.boolean(),
  created_at: z.string().meta({ format: 'date-time' }),
  expires_at: z.string().meta({ format: 'date-time' }),
  last_used_at: z
    .string()
    .meta({ format: 'date-time' })
    .nullable()
    .describe(`Its last call, written at most every ${LAST_USE_EVERY_MS / 1000} s; null: never used.`),
});

const TOKENS_ONLY = error(`Not with an API token: ${ownMessages.tokenCannotManageTokens}`);

export const tokenRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const createSchema = {
    operationId: 'createApiToken',
    summary: 'Make an API token',
    description:
      'A token for a script or a build pipeline, sent as `Authorization: Bearer <token>` instead of the session cookie and the CSRF header. ' +
      'It is answered this once (`pucs_<id>_<secret>`, 256 random bits); the server keeps only a hash. It acts as the caller, ' +
      'never beyond: limited to `team_ids` and to reads when `read_only`; it cannot manage tokens, users, sign-in links nor team members.',
    tags: ['tokens'],
    body: CREATE_BODY,
    response: answers({
      201: { description: 'The token, shown only now.', content: json(z.object({ id: objectId, token: z.string() })) },
      ...errors('400', '401'),
      403: TOKENS_ONLY,
    }),
  };
  app.post('/api/tokens', { schema: createSchema }, async (request, reply) => {
    const user = sessionOnly(request.user);
    const made = await app.db.transaction((tx) => createToken(tx, user, request.body));
    return reply.code(201).send(made);
  });

  const listSchema = {
    operationId: 'listApiTokens',
    summary: "The caller's API tokens",
    description: 'Newest first, expired ones included; never a secret.',
    tags: ['tokens'],
    response: answers({ 200: { description: 'The tokens.', content: json(z.array(TOKEN_INFO)) }, ...errors('401'), 403: TOKENS_ONLY }),
  };
  app.get('/api/tokens', { schema: listSchema }, async (request) => listTokens(app.db, sessionOnly(request.user).id));

  const revokeSchema = {
    operationId: 'revokeApiToken',
    summary: 'Revoke an API token',
    description: 'The next call with it answers 401, on every process.',
    tags: ['tokens'],
    params: ID_PARAMS,
    response: answers({
      204: { description: 'Revoked.' },
      ...errors('401'),
      403: TOKENS_ONLY,
      404: error("No such token of the caller's (another user's token is an unknown one)."),
    }),
  };
  app.delete('/api/tokens/:id', { schema: revokeSchema }, async (request, reply) => {
    const user = sessionOnly(request.user);
    await app.db.transaction((tx) => revokeToken(tx, user, request.params.id));
    return reply.code(204).send();
  });
};
