/**
 * Sessions live in the database so that they survive a restart. The cookie carries a random
 * token; the table keeps only its SHA-256, so a leaked table cannot be replayed.
 */
import { randomBytes } from 'node:crypto';
import { hashSecret, newSecret } from '../tokens/secret';
import type { Queryable } from '../db/database';
import type { SessionUser } from './sessionUser';
import type { SessionCache } from './sessionCache';

export const SESSION_COOKIE = 'pucs_session';
export const SESSION_DAYS = 30;

/** The options of the sign-in's cookies (the session's, the device's): signed, httpOnly, secure over https. */
export function signInCookieOptions(protocol: string, path: string, days: number) {
  return { path, httpOnly: true, sameSite: 'lax' as const, secure: protocol === 'https', signed: true, maxAge: days * 24 * 3600 };
}


/** A new session of the user (a sign-in: the user's last_sign_in is now). */
export async function createSession(db: Queryable, userId: number): Promise<string> {
  const token = newSecret();
  // Sign-ins are rare next to requests: the right moment to forget sessions that have expired.
  await db.query('DELETE FROM sessions WHERE expires_at <= now()');
  await db.query('UPDATE "user" SET last_sign_in = now() WHERE id = $1', [userId]);
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '${SESSION_DAYS} days')`,
    [hashSecret(token), userId],
  );
  return token;
}

export async function deleteSession(db: Queryable, token: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [hashSecret(token)]);
}

/** What the one read of a caller gives: the user, their roles by team, the credential's end. */
export interface CallerRow {
  id: number;
  username: string;
  is_server_admin: boolean;
  preferences: unknown;
  preferences_bytes: number | null;
  expires_at: Date | string;
  teams: { id: number; name: string; role_id: number }[];
}

/**
 * The one query that loads a signed-in caller, whatever the credential: a session (`sessions`) or an
 * API token (`api_token`, server/tokens/). `credential` is the table holding `user_id` and
 * `expires_at`, read as `c`; `match` its condition (on `$1`...), `columns` what else of it is read.
 * Whatever makes a user unable to act is checked here, once, for both.
 */
export async function readCaller<T extends object = object>(db: Queryable, credential: 'sessions' | 'api_token', match: string, params: unknown[], columns = ''): Promise<(CallerRow & T) | undefined> {
  const { rows } = await db.query<CallerRow & T>(
    `SELECT u.id, u.username, u.is_server_admin, u.preferences, octet_length(u.preferences::text) AS preferences_bytes, c.expires_at${columns},
       COALESCE((SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'role_id', r.role_id) ORDER BY t.name, t.id)
                 FROM role r JOIN team t ON t.id = r.team_id WHERE r.user_id = u.id), '[]'::json) AS teams
     FROM ${credential} c JOIN "user" u ON u.id = c.user_id
     WHERE ${match} AND c.expires_at > now() AND u.active`,
    params,
  );
  return rows[0];
}

/** The caller a row of readCaller is: their roles (only those of `teams` when given) and profile. */
export function callerFrom(u: CallerRow, teams?: readonly number[]): SessionUser {
  const kept = teams ? u.teams.filter((t) => teams.includes(t.id)) : u.teams;
  return {
    id: u.id,
    username: u.username,
    isServerAdmin: u.is_server_admin === true,
    roles: new Map(kept.map((t) => [t.id, t.role_id])),
    profile: { preferences: u.preferences ?? {}, teams: kept.filter((t) => t.role_id > 0) },
  };
}

/**
 * The user behind a session token, with their roles and profile, or null when the session is
 * unknown or expired or its user deactivated (the one place a request's user is read, so the
 * check holds for every way in): from `cache` when it holds the session, else one query (then cached,
 * unless a change was notified while it ran: what it read may be older than that change).
 */
export async function loadSessionUser(db: Queryable, token: string, cache?: SessionCache): Promise<SessionUser | null> {
  const sessionHash = hashSecret(token);
  const cached = cache?.get(sessionHash);
  if (cached) return cached;
  const generation = cache?.generation;
  const u = await readCaller(db, 'sessions', 'c.token_hash = $1', [sessionHash]);
  if (!u) return null;
  const user: SessionUser = { ...callerFrom(u), sessionHash };
  if (cache && cache.generation === generation) cache.set(sessionHash, user, new Date(u.expires_at).getTime(), u.preferences_bytes ?? 0);
  return user;
}

/**
 * Ends the sessions of a user whose password changed (that is usually why it is changed), except
 * the one of the request that changed it, when that is the user's own.
 */
export async function endSessionsAfterPasswordChange(db: Queryable, userId: number, keepHash: string | undefined): Promise<void> {
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND token_hash IS DISTINCT FROM $2', [userId, keepHash ?? null]);
}

/** The cookie-signing secret: the configured one, else one generated once and kept in settings. */
export async function sessionSecret(db: Queryable, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const found = await db.query<{ value: string }>("SELECT value FROM settings WHERE key = 'session_secret'");
  if (found.rows.length > 0) return found.rows[0].value;
  const secret = randomBytes(48).toString('base64url');
  await db.query("INSERT INTO settings (key, value) VALUES ('session_secret', $1) ON CONFLICT (key) DO NOTHING", [secret]);
  const again = await db.query<{ value: string }>("SELECT value FROM settings WHERE key = 'session_secret'");
  return again.rows[0].value;
}
