/**
 * Cross-cutting request rules for /api: who is calling (request.user from the session cookie, or
 * from an API token: `Authorization: Bearer`, server/tokens/), CSRF (X-Requested-With: pucs on
 * every non-GET call with the cookie, Origin equal to ours when present: a browser sends a cookie
 * by itself, never an Authorization header, so a token's call needs no such proof), 401 for
 * signed-out callers on every route not marked public and for any token that is not a live one,
 * and 403 for a read-only token's change.
 */
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ownMessages } from '../../src/messages';
import { CSRF_HEADER_NAME, CSRF_VALUE } from '../../src/csrf';
import { loadSessionUser, SESSION_COOKIE, sessionSecret } from './sessions';
import { SessionCache } from './sessionCache';
import type { SessionUser } from './sessionUser';
import { bearerToken, TokenCallers } from '../tokens/bearer';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who sent `request`, by its session cookie (null: nobody signed in): request.user's rule, for the pages the server draws (server/routes/drawnPages.tsx). */
    callerOf(request: FastifyRequest): Promise<SessionUser | null>;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// Node gives header names in lower case.
const CSRF_HEADER = CSRF_HEADER_NAME.toLowerCase();

function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return origin === `${request.protocol}://${request.host}`;
}

/**
 * Whether the rules apply: the raw address is under /api, or the route it reached is. The router
 * decodes the path, so '/%61pi/login' reaches POST /api/login while its raw URL does not begin
 * with /api/: judging by the raw URL alone let such a call skip the CSRF check.
 */
function isApiRequest(request: FastifyRequest): boolean {
  const { url } = request;
  if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) return true;
  const route = request.routeOptions.url;
  return route !== undefined && (route === '/api' || route.startsWith('/api/'));
}

/** The session token from the signed cookie, or undefined. */
export function sessionToken(request: FastifyRequest): string | undefined {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}

export const authPlugin = fp(async (app) => {
  await app.register(cookie, { secret: await sessionSecret(app.db, app.config.sessionSecret) });
  app.decorateRequest('user', null);
  const sessions = new SessionCache();
  const unsubscribe = app.db.onChange((payload) => sessions.changed(payload));
  app.addHook('onClose', async () => unsubscribe());
  const tokens = new TokenCallers(app.db, sessions);
  app.decorate('callerOf', (request: FastifyRequest) => {
    const token = sessionToken(request);
    return token ? loadSessionUser(app.db, token, sessions) : Promise.resolve(null);
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isApiRequest(request)) return;
    const token = bearerToken(request);
    if (token !== undefined) {
      request.user = await tokens.load(token);
      if (!request.user) return reply.code(401).send({ Description: ownMessages.signInRequired });
      if (request.user.token?.readOnly && !SAFE_METHODS.has(request.method) && request.routeOptions.config?.reads !== true) {
        return reply.code(403).send({ Description: ownMessages.tokenReadOnly });
      }
      return;
    }
    if (!SAFE_METHODS.has(request.method)) {
      if (request.headers[CSRF_HEADER] !== CSRF_VALUE || !sameOrigin(request)) {
        return reply.code(403).send({ Description: ownMessages.csrfRejected });
      }
    }
    request.user = await app.callerOf(request);
    if (!request.user && request.routeOptions.config?.public !== true) {
      return reply.code(401).send({ Description: ownMessages.signInRequired });
    }
  });
});
