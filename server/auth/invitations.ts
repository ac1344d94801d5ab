/**
 * Invitation links (issue 29, item 1): how a user made without a password chooses one. A link holds
 * 256 random bits; the table keeps only their SHA-256, so a leaked table opens no account, and a
 * link is found by that digest: the time a look-up takes tells at most something of a digest,
 * nothing of a token (the comparison in constant time the issue asks for). One live link per user
 * (a new one replaces it), valid PUCS_INVITATION_DAYS days, used once: its use deletes it in the
 * transaction that sets the password, with the row locked, so two uses at once make one password.
 * Tokens are never logged nor stored in clear; the link carries it after '#', which no browser
 * sends with the page's address.
 */
import { hashSecret, newSecret } from '../tokens/secret';
import type { Database, Queryable } from '../db/database';
import type { OwnTables } from '../db/ownTables';
import { ownMessages } from '../../src/messages';
import { notFound } from '../http/errors';
import { hashPassword } from './password';
import { audit, type AuditActor, type AuditChanges } from '../audit/record';
import { checkNewPassword } from './passwordChange';
import { limitStore } from './limitStore';
import { Limiter } from './rateLimit';
import { SIGN_IN_WINDOW_MS } from './signInLimits';

import { INVITATION_PATH } from '../../src/custom/invitationPath';

export const INVITATION_TABLES: OwnTables = {
  names: ['invitations'],
  ddl: `
CREATE TABLE IF NOT EXISTS invitations (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL UNIQUE REFERENCES "user"(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
`,
};

/** Failed uses of links allowed per address in sign-in's window (as sign-in allows per address). */
export const INVITATION_ATTEMPTS = 50;


/** The link a person opens: the token after '#', read by the page, never sent with its address. */
export const invitationUrl = (origin: string, token: string) => `${origin}${INVITATION_PATH}#${token}`;

/**
 * A new link for the user (named change of a user: the audit's entry goes here): the account is
 * being taken back, so any earlier link, the password, the user's sessions and their API tokens
 * stop working. Answers the token, to show once.
 */
export async function inviteUser(tx: Queryable, userId: number, days: number, by: AuditActor): Promise<{ token: string; expiresAt: string }> {
  const token = newSecret();
  const { rows: had } = await tx.query<{ username: string; had_password: boolean }>(
    'SELECT username, password_hash IS NOT NULL AS had_password FROM "user" WHERE id = $1',
    [userId],
  );
  await tx.query('UPDATE "user" SET password_hash = NULL WHERE id = $1 AND password_hash IS NOT NULL', [userId]);
  await tx.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
  await tx.query('DELETE FROM api_token WHERE user_id = $1', [userId]);
  const { rows } = await tx.query<{ expires_at: Date | string }>(
    `INSERT INTO invitations (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(days => $3::int))
     ON CONFLICT (user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, expires_at = EXCLUDED.expires_at
     RETURNING expires_at`,
    [hashSecret(token), userId, days],
  );
  const changes: AuditChanges = { invitation: { secret: true }, ...(had[0]?.had_password ? { password: { secret: true } } : {}) };
  await audit(tx, { by, action: 'invite', category: 'user', id: userId, name: had[0]?.username ?? null, changes });
  return { token, expiresAt: new Date(rows[0].expires_at).toISOString() };
}

/**
 * A password set from a link (named change of a user): the link must be live and its user active
 * (else 404), the password meet the rules (else 400, the link kept). Answers the user's id.
 */
export async function acceptInvitation(tx: Queryable, token: string, password: unknown): Promise<number> {
  const { rows } = await tx.query<{ user_id: number; username: string }>(
    `SELECT i.user_id, u.username FROM invitations i JOIN "user" u ON u.id = i.user_id
      WHERE i.token_hash = $1 AND i.expires_at > now() AND u.active FOR UPDATE OF i`,
    [hashSecret(token)],
  );
  if (rows.length === 0) throw notFound(ownMessages.invitationUnknown);
  const { user_id: userId, username } = rows[0];
  checkNewPassword(password, username);
  await tx.query('UPDATE "user" SET password_hash = $1 WHERE id = $2', [await hashPassword(password as string), userId]);
  await tx.query('DELETE FROM invitations WHERE user_id = $1', [userId]);
  await audit(tx, { by: { id: userId, username }, action: 'accept_invitation', category: 'user', id: userId, name: username, changes: { password: { secret: true } } });
  return userId;
}

const limiters = new WeakMap<Database, Limiter>();

/** Uses of links per client address: every process on the database counts against the same limit. */
export function invitationLimiter(db: Database): Limiter {
  let limiter = limiters.get(db);
  if (!limiter) {
    limiter = new Limiter({ max: INVITATION_ATTEMPTS, windowMs: SIGN_IN_WINDOW_MS }, limitStore(db, 'invitation_address'));
    limiters.set(db, limiter);
  }
  return limiter;
}
