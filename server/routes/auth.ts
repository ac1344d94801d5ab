/** Sign-in, sign-out and the caller's profile (GET /api/current_user). */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ownMessages } from '../../src/messages';
import { ApiError, forbidden, unauthorized } from '../http/errors';
import { answers, error, errors, json, objectId } from '../openapi/contract';
import { DUMMY_HASH, verifyPassword } from '../auth/password';
import { createSession, deleteSession, SESSION_COOKIE, SESSION_DAYS, signInCookieOptions } from '../auth/sessions';
import { SignInLimits } from '../auth/signInLimits';
import { sessionToken } from '../auth/plugin';
import { onlyWaits } from '../http/loadShedding';
import { findUserByName, usernameKey } from '../auth/usernameKey';
import { deviceOf, setDeviceCookie } from '../auth/deviceCookie';
import { audit } from '../audit/record';
import { auditTeamIds } from '../audit/query';

// Whatever is wrong with a sign-in body, the answer says no more than a wrong password's words.
const LOGIN_BODY = z.object(
  { username: z.string({ error: ownMessages.wrongCredentials }), password: z.string({ error: ownMessages.wrongCredentials }).meta({ format: 'password' }) },
  { error: ownMessages.wrongCredentials },
);

const PROFILE = z.object({
  id: objectId,
  username: z.string(),
  preferences: z.unknown().describe('The console preferences of the caller (any JSON).'),
  is_server_admin: z.boolean(),
  teams: z.array(z.object({ id: objectId, name: z.string(), role_id: z.number().int() })),
  audit_team_ids: z
    .array(objectId)
    .nullable()
    .describe("The teams whose audit entries the caller reads (GET /api/audit): null, every team's (a server administrator); empty, none."),
});

export type Profile = z.output<typeof PROFILE>;

const LOGIN_SCHEMA = {
  operationId: 'login',
  summary: 'Sign in',
  description: `Sets the HttpOnly session cookie \`${SESSION_COOKIE}\`. A wrong password and an unknown user get the same answer.`,
  tags: ['session'],
  body: LOGIN_BODY,
  response: answers({
    204: { description: 'Signed in: the session cookie is set.' },
    ...errors('400'),
    401: error('Wrong user name or password.'),
    403: error(`A non-GET call without the CSRF header, or the right password of a deactivated user: ${ownMessages.accountDeactivated}`),
    ...errors('429'),
  }),
};

const LOGOUT_SCHEMA = {
  operationId: 'logout',
  summary: 'Sign out',
  description: 'Ends the session on the server and clears the cookie.',
  tags: ['session'],
  response: answers({ 204: { description: 'Signed out.' }, ...errors('403') }),
};

const CURRENT_USER_SCHEMA = {
  operationId: 'currentUser',
  summary: 'The caller',
  tags: ['session'],
  response: answers({
    200: { description: 'The caller and their teams; an empty body when signed out.', content: { ...json(PROFILE), 'text/plain': { schema: z.string().max(0) } } },
  }),
};

export const authRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Failed attempts per account and address, per address, per account: every process on the database counts against the same limits.
  const limits = new SignInLimits(app.db);

  const tooMany = (seconds: number) =>
    new ApiError(429, ownMessages.tooManyAttempts, { 'Retry-After': String(seconds) });

  app.post('/api/login', { config: { public: true }, schema: LOGIN_SCHEMA }, async (request, reply) => {
    const { username, password } = request.body;
    // Letter case aside (server/auth/usernameKey.ts); a name PostgreSQL cannot even compare (a NUL byte) belongs to nobody.
    // Looked up first: the limits count the account the look-up finds (its id), whatever spelling matched it.
    const key = usernameKey(username);
    const found = await findUserByName<{ id: number; username: string; password_hash: string | null; active: boolean }>(app.db, username, ['username', 'password_hash', 'active'], key);
    const device = deviceOf(request, found?.id);
    // A name that is no user's is counted by its key's digest: a megabyte of name is not kept for the window.
    const account = found ? `id ${found.id}` : `name ${createHash('sha256').update(key).digest('base64url')}`;
    // Counted now, not after the hash: otherwise any number of parallel guesses would pass the check.
    const attempt = await limits.begin({ account, ip: request.ip, device });
    if (attempt.refused) throw tooMany(attempt.wait);

    // An unknown user costs the same hash as a known one: the answer must not tell them apart.
    const ok = (await verifyPassword(password, found?.password_hash ?? DUMMY_HASH)) && found !== undefined;
    // Right password or wrong, an attempt past its account's allowance is answered late; waiting holds no place in flight.
    if (attempt.delayMs > 0) onlyWaits(request);
    await limits.delay(attempt);
    // A failed sign-in is an entry of its own (no change to record it with); of a known account
    // only: a name nobody has may be a password typed in the wrong field.
    const signIn = { category: 'user', id: found?.id ?? null, name: found?.username ?? null };
    if (!ok || !found) {
      await audit(app.db, { by: null, action: 'sign_in_failed', ...signIn });
      throw unauthorized(ownMessages.wrongCredentials);
    }
    // Said only to whoever knows the password; the attempt stays counted.
    if (!found.active) {
      await audit(app.db, { by: null, action: 'sign_in_failed', ...signIn });
      throw forbidden(ownMessages.accountDeactivated);
    }
    await limits.succeeded(attempt);
    const token = await app.db.transaction(async (tx) => {
      await audit(tx, { by: { id: found.id, username: found.username }, action: 'sign_in', ...signIn });
      return createSession(tx, found.id);
    });
    reply.setCookie(SESSION_COOKIE, token, signInCookieOptions(request.protocol, '/', SESSION_DAYS));
    // After the session's: a client that keeps only the first cookie it is given keeps the session.
    setDeviceCookie(request, reply, found.id, device);
    return reply.code(204).send();
  });

  app.post('/api/logout', { config: { public: true }, schema: LOGOUT_SCHEMA }, async (request, reply) => {
    const token = sessionToken(request);
    if (token) await deleteSession(app.db, token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.code(204).send();
  });

  app.get('/api/current_user', { config: { public: true }, schema: CURRENT_USER_SCHEMA }, async (request, reply) => {
    const user = request.user;
    if (!user) return reply.code(200).send('');
    // Read with the session (server/auth/sessions.ts): a known session costs no query here.
    const profile: Profile = {
      id: user.id,
      username: user.username,
      preferences: user.profile?.preferences ?? {},
      is_server_admin: user.isServerAdmin,
      teams: user.profile?.teams ?? [],
      audit_team_ids: auditTeamIds(user),
    };
    return profile;
  });
};
