/**
 * Invitation links (server/auth/invitations.ts) over HTTP: a server administrator makes a new link
 * for a user (POST /api/user_invitation/{id}); whoever holds a link chooses the password and is
 * signed in (POST /api/invitation/{token}, public, its failures counted per address like sign-in's).
 * A user made without a password gets their first link from POST /api/user itself (userChanges.ts).
 */
import { z } from 'zod';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ownMessages } from '../../src/messages';
import { ApiError, forbidden, notFound } from '../http/errors';
import { answers, error, errors, ID_PARAMS, json, jsonBody, objectId } from '../openapi/contract';
import { requireUser } from '../crud/access';
import { refuseAccountsByToken } from '../tokens/guards';
import { DEFAULT_INVITATION_DAYS } from '../config';
import { acceptInvitation, INVITATION_ATTEMPTS, invitationLimiter, invitationUrl, inviteUser } from '../auth/invitations';
import { createSession, SESSION_COOKIE, SESSION_DAYS, signInCookieOptions } from '../auth/sessions';
import { addressKey } from '../auth/addressKey';
import { publicOrigin } from '../http/publicOrigin';

const NEW_LINK = z.object({
  id: objectId,
  invitation_url: z.string().describe('The one-time link: shown once, stored only hashed.'),
  expires_at: z.string().describe('When the link stops working (ISO 8601).'),
});

const NEW_LINK_SCHEMA = {
  operationId: 'newInvitation',
  summary: 'A new invitation link for a user',
  description:
    'Server administrators only, signed in (not with an API token). The user chooses a new password from the link (`POST /api/invitation/{token}`); ' +
    'their earlier link, their password and their API tokens stop working, and their sessions end. ' +
    `The link works once, for \`PUCS_INVITATION_DAYS\` days (default ${DEFAULT_INVITATION_DAYS}).`,
  tags: ['user'],
  params: ID_PARAMS,
  response: answers({ 201: { description: 'The new link.', content: json(NEW_LINK) }, ...errors('401', '403', '404') }),
};

const ACCEPT_SCHEMA = {
  operationId: 'acceptInvitation',
  summary: 'Choose a password from an invitation link, and sign in',
  description:
    'No sign-in needed. `token` is what follows `#` in the link. Sets the password (the password rules of every password) and the HttpOnly session cookie ' +
    `\`${SESSION_COOKIE}\`. Failed uses are counted per client address: beyond ${INVITATION_ATTEMPTS} in 15 minutes, 429 with \`Retry-After\`.`,
  tags: ['session'],
  params: z.object({ token: z.string().describe('The token of the link (after `#`).') }),
  body: jsonBody({ password: z.unknown().meta({ format: 'password', type: 'string' }).describe('The password chosen.') }),
  response: answers({
    204: { description: 'Password set and signed in: the session cookie is set.' },
    400: error('The password breaks a rule (the Description names it); the link still works.'),
    ...errors('403'),
    404: error(ownMessages.invitationUnknown),
    ...errors('429'),
  }),
};

export const invitationRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/api/user_invitation/:id', { schema: NEW_LINK_SCHEMA }, async (request, reply) => {
    const user = requireUser(request.user);
    // A new link takes the account: never through a token (a stolen token would take one over).
    refuseAccountsByToken(user);
    if (!user.isServerAdmin) throw forbidden(ownMessages.serverAdminOnly);
    const { id } = request.params;
    const link = await app.db.transaction(async (tx) => {
      const { rows } = await tx.query('SELECT 1 FROM "user" WHERE id = $1 FOR UPDATE', [id]);
      if (rows.length === 0) throw notFound(ownMessages.notFound);
      return inviteUser(tx, id, app.config.invitationDays, user);
    });
    return reply.code(201).send({ id, invitation_url: invitationUrl(publicOrigin(app.config, request), link.token), expires_at: link.expiresAt });
  });

  app.post('/api/invitation/:token', { config: { public: true, secretInPath: true }, schema: ACCEPT_SCHEMA }, async (request, reply) => {
    const limiter = invitationLimiter(app.db);
    const taken = await limiter.take(addressKey(request.ip));
    if (taken.wait > 0) {
      await limiter.takeBack(taken);
      throw new ApiError(429, ownMessages.tooManyAttempts, { 'Retry-After': String(taken.wait) });
    }
    let userId: number;
    try {
      userId = await app.db.transaction((tx) => acceptInvitation(tx, request.params.token, request.body.password));
    } catch (err) {
      // Only an unknown link is a guess; a refused password came with a live one.
      if (!(err instanceof ApiError && err.status === 404)) await limiter.takeBack(taken);
      throw err;
    }
    await limiter.takeBack(taken);
    const token = await createSession(app.db, userId);
    reply.setCookie(SESSION_COOKIE, token, signInCookieOptions(request.protocol, '/', SESSION_DAYS));
    return reply.code(204).send();
  });
};
