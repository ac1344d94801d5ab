/**
 * First start: with no user at all, nobody could sign in, so we create the server administrator
 * (PUCS_ADMIN_USER, default 'admin') and a first team they administer. The password is
 * PUCS_ADMIN_PASSWORD or a generated one, which the caller prints once. The three have their audit
 * entries, in the same transaction.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database';
import type { ServerConfig } from '../config';
import { hashPassword } from './password';
import { ROLE } from '../../src/schemas/role';
import { USERNAME_PATTERN } from '../../src/schemas/user';
import { passwordProblem } from '../../src/schemas/passwordRules';
import { isCommonPassword } from './commonPasswords';
import { ownMessages } from '../../src/messages';
import { usernameKey } from './usernameKey';
import { mustGetCategory } from '../../src/schemas/index';
import { audit } from '../audit/record';
import { objectEntry } from '../audit/changes';
import type { Row } from '../crud/hooks';

export const FIRST_TEAM_NAME = 'My team';

export type AdminBootstrap =
  /** adminExists: whether a user named PUCS_ADMIN_USER (or its look-alike) exists, so that the start can say whom to sign in as. */
  | { created: false; adminExists: boolean }
  | { created: true; username: string; userId: number; teamId: number; teamName: string; generatedPassword?: string };

/** 144 random bits, URL-safe: easy to copy from a terminal. */
export const generatePassword = () => randomBytes(18).toString('base64url');

/** The error in the admin settings, if any (checked before touching the database). */
export function adminSettingsProblem(config: Pick<ServerConfig, 'adminUser' | 'adminPassword'>): string | undefined {
  if (!USERNAME_PATTERN.test(config.adminUser)) return ownMessages.invalidSetting('PUCS_ADMIN_USER', ownMessages.usernameInvalid);
  if (config.adminPassword !== undefined) {
    const problem = passwordProblem(config.adminPassword, { username: config.adminUser, isCommon: isCommonPassword });
    if (problem) return ownMessages.invalidSetting('PUCS_ADMIN_PASSWORD', problem);
  }
  return undefined;
}

export async function ensureAdmin(db: Database, config: Pick<ServerConfig, 'adminUser' | 'adminPassword'>): Promise<AdminBootstrap> {
  const problem = adminSettingsProblem(config);
  if (problem) throw new Error(problem);
  const generatedPassword = config.adminPassword === undefined ? generatePassword() : undefined;
  const passwordHash = await hashPassword(config.adminPassword ?? (generatedPassword as string));

  return db.transaction(async (tx) => {
    // Checked inside the transaction: two servers starting on one PostgreSQL create one admin.
    await tx.query('LOCK TABLE "user" IN SHARE ROW EXCLUSIVE MODE');
    const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM "user"');
    if (rows[0].n > 0) {
      const named = await tx.query('SELECT 1 FROM "user" WHERE username_key = $1', [usernameKey(config.adminUser)]);
      return { created: false, adminExists: named.rows.length > 0 } as const;
    }
    const user = await tx.query<Row & { id: number }>(
      'INSERT INTO "user" (username, username_key, password_hash, is_server_admin) VALUES ($1, $2, $3, true) RETURNING *',
      [config.adminUser, usernameKey(config.adminUser), passwordHash],
    );
    const userId = user.rows[0].id;
    const team = await tx.query<Row & { id: number }>('INSERT INTO team (name) VALUES ($1) RETURNING *', [FIRST_TEAM_NAME]);
    const teamId = team.rows[0].id;
    const role = await tx.query<Row>('INSERT INTO role (team_id, user_id, role_id) VALUES ($1, $2, $3) RETURNING *', [teamId, userId, ROLE.ADMIN]);
    // Made by the start, nobody signed in: their entries say so (user_id null).
    await audit(tx, [
      objectEntry(null, 'create', mustGetCategory('user'), undefined, user.rows[0]),
      objectEntry(null, 'create', mustGetCategory('team'), undefined, team.rows[0]),
      objectEntry(null, 'create', mustGetCategory('role'), undefined, role.rows[0]),
    ]);
    return { created: true, username: config.adminUser, userId, teamId, teamName: FIRST_TEAM_NAME, generatedPassword };
  });
}
