/** Sign-in, sign-out and the caller's profile (GET /api/current_user). */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ownMessages } from '../../src/messages';
import { ApiError, badRequest, unauthorized } from '../http/errors';
import { DUMMY_HASH, verifyPassword } from '../auth/password';
import { createSession, deleteSession, SESSION_COOKIE, SESSION_DAYS, signInCookieOptions } from '../auth/sessions';
import { SignInLimits } from '../auth/signInLimits';
import { sessionToken } from '../auth/plugin';
import { onlyWaits } from '../http/loadShedding';
import { findUserByName, usernameKey } from '../auth/usernameKey';
import { deviceOf, setDeviceCookie } from '../auth/deviceCookie';

interface LoginBody {
  username: string;
  password: string;
}

function readLoginBody(body: unknown): LoginBody {
  const b = body as Partial<LoginBody> | null;
  if (!b || typeof b !== 'object' || typeof b.username !== 'string' || typeof b.password !== 'string') {
    throw badRequest(ownMessages.wrongCredentials);
  }
  return { username: b.username, password: b.password };
}

export interface Profile {
  id: number;
  username: string;
  preferences: unknown;
  is_server_admin: boolean;
  teams: { id: number; name: string; role_id: number }[];
}

export const authRoutes: FastifyPluginAsync = async (app) => {
  // Failed attempts per account and address, per address, per account: every process on the database counts against the same limits.
  const limits = new SignInLimits(app.db);

  const tooMany = (seconds: number) =>
    new ApiError(429, ownMessages.tooManyAttempts, { 'Retry-After': String(seconds) });

  app.post('/api/login', { config: { public: true } }, async (request: FastifyRequest, reply) => {
    const { username, password } = readLoginBody(request.body);
    // Letter case aside (server/auth/usernameKey.ts); a name PostgreSQL cannot even compare (a NUL byte) belongs to nobody.
    // Looked up first: the limits count the account the look-up finds (its id), whatever spelling matched it.
    const key = usernameKey(username);
    const found = await findUserByName<{ id: number; password_hash: string | null }>(app.db, username, ['password_hash'], key);
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
    if (!ok || !found) throw unauthorized(ownMessages.wrongCredentials);
    await limits.succeeded(attempt);
    const token = await createSession(app.db, found.id);
    reply.setCookie(SESSION_COOKIE, token, signInCookieOptions(request.protocol, '/', SESSION_DAYS));
    // After the session's: a client that keeps only the first cookie it is given keeps the session.
    setDeviceCookie(request, reply, found.id, device);
    return reply.code(204).send();
  });

  app.post('/api/logout', { config: { public: true } }, async (request, reply) => {
    const token = sessionToken(request);
    if (token) await deleteSession(app.db, token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.code(204).send();
  });

  app.get('/api/current_user', { config: { public: true } }, async (request, reply) => {
    const user = request.user;
    if (!user) return reply.code(200).send('');
    // Read with the session (server/auth/sessions.ts): a known session costs no query here.
    const profile: Profile = {
      id: user.id,
      username: user.username,
      preferences: user.profile?.preferences ?? {},
      is_server_admin: user.isServerAdmin,
      teams: user.profile?.teams ?? [],
    };
    return profile;
  });
};
