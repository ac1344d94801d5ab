/**
 * The support user (PUCS_SUPPORT_USER, default 'pucs-support'): the account through which the
 * product's support helps a team that asked for it when claiming a device. It is created with no
 * password hash, so it cannot sign in whatever password is tried (server/routes/auth.ts compares
 * with a hash nothing matches) until an operator gives it one with `npm run user -- password`.
 */
import type { Queryable } from '../db/database';
import type { Row } from '../crud/hooks';
import { ROLE } from '../../src/schemas/role';
import { USERNAME_PATTERN } from '../../src/schemas/user';
import { ownMessages } from '../../src/messages';
import { usernameKey } from '../auth/usernameKey';
import { mustGetCategory } from '../../src/schemas/index';
import { audit } from '../audit/record';
import { objectEntry } from '../audit/changes';

/** The support user's id, created (sign-in disabled) when missing; `db`: a transaction, so the user is made with its entry. */
export async function ensureSupportUser(db: Queryable, username: string): Promise<number> {
  if (!USERNAME_PATTERN.test(username)) throw new Error(ownMessages.invalidSetting('PUCS_SUPPORT_USER', ownMessages.usernameInvalid));
  // A look-alike of the name (another user's, server/auth/usernameKey.ts) is never taken for the support user.
  const { rows: alike } = await db.query<{ username: string }>(
    'SELECT username FROM "user" WHERE username_key = $2 AND username <> $1 LIMIT 1',
    [username, usernameKey(username)],
  );
  if (alike.length > 0) throw new Error(ownMessages.supportUserLookalike(username, alike[0].username));
  const { rows: made } = await db.query<Row>(
    'INSERT INTO "user" (username, username_key, password_hash, is_server_admin) VALUES ($1, $2, NULL, false) ON CONFLICT (username) DO NOTHING RETURNING *',
    [username, usernameKey(username)],
  );
  // Made by the start or a claim's request for support: an entry by nobody signed in, in the caller's transaction.
  if (made[0]) await audit(db, objectEntry(null, 'create', mustGetCategory('user'), undefined, made[0]));
  const { rows } = await db.query<{ id: number; is_server_admin: boolean }>('SELECT id, is_server_admin FROM "user" WHERE username = $1', [username]);
  // Team admins add the support user to their teams: never a server administrator's account.
  if (rows[0].is_server_admin) throw new Error(ownMessages.supportUserIsServerAdmin(username));
  return rows[0].id;
}

/**
 * Makes the support user a member of the team (role user); a role it already has is kept. Answers
 * the role as it was (none: undefined) and as it is when it changed, else null.
 */
export async function addSupportUser(db: Queryable, username: string, teamId: number): Promise<{ before: Row | undefined; after: Row } | null> {
  const userId = await ensureSupportUser(db, username);
  const { rows: was } = await db.query<Row>('SELECT * FROM "role" WHERE "team_id" = $1 AND "user_id" = $2', [teamId, userId]);
  const { rows } = await db.query<Row>(
    `INSERT INTO "role" ("team_id", "user_id", "role_id") VALUES ($1, $2, $3)
     ON CONFLICT ("team_id", "user_id") DO UPDATE SET "role_id" = EXCLUDED."role_id" WHERE "role"."role_id" < EXCLUDED."role_id" RETURNING *`,
    [teamId, userId, ROLE.USER],
  );
  return rows[0] ? { before: was[0], after: rows[0] } : null;
}
