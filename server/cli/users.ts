/**
 * What the user CLI does, on an open database: add a user (optionally into a team with a role),
 * change a password, list users and teams. Each returns the lines to print, or throws a
 * CliError carrying the message for the operator.
 */
import type { Database } from '../db/database';
import { hashPassword } from '../auth/password';
import { generatePassword } from '../auth/bootstrap';
import { ROLE } from '../../src/schemas/role';
import { USERNAME_PATTERN } from '../../src/schemas/user';
import { passwordProblem } from '../../src/schemas/passwordRules';
import { isCommonPassword } from '../auth/commonPasswords';
import { messages, ownMessages } from '../../src/messages';

export class CliError extends Error {}

const ROLES: Record<string, number> = { admin: ROLE.ADMIN, user: ROLE.USER };

export interface AddUserOptions {
  username: string;
  password?: string;
  team?: string;
  role?: string;
  serverAdmin?: boolean;
}

/** The password given, once it meets the rules (src/schemas/passwordRules.ts), else a generated one. */
function checkPassword(password: string | undefined, username: string): string {
  if (password === undefined) return generatePassword();
  const problem = passwordProblem(password, { username, isCommon: isCommonPassword });
  if (problem) throw new CliError(problem);
  return password;
}

/** A team by id (digits) or exact name. */
async function findTeam(db: Database, team: string): Promise<{ id: number; name: string }> {
  const byId = /^\d+$/.test(team)
    ? await db.query<{ id: number; name: string }>('SELECT id, name FROM team WHERE id = $1', [Number(team)])
    : { rows: [] };
  if (byId.rows.length === 1) return byId.rows[0];
  const byName = await db.query<{ id: number; name: string }>('SELECT id, name FROM team WHERE name = $1', [team]);
  if (byName.rows.length > 1) throw new CliError(ownMessages.cliTeamAmbiguous(team));
  if (byName.rows.length === 0) throw new CliError(ownMessages.cliTeamNotFound(team));
  return byName.rows[0];
}

export async function addUser(db: Database, opts: AddUserOptions): Promise<string[]> {
  if (!USERNAME_PATTERN.test(opts.username)) throw new CliError(ownMessages.usernameInvalid);
  if (opts.role !== undefined && opts.team === undefined) throw new CliError(ownMessages.cliRoleNeedsTeam);
  const roleName = opts.role ?? 'user';
  const roleId = ROLES[roleName];
  if (roleId === undefined) throw new CliError(ownMessages.cliBadRole(roleName));
  const password = checkPassword(opts.password, opts.username);
  const team = opts.team === undefined ? undefined : await findTeam(db, opts.team);
  const existing = await db.query('SELECT 1 FROM "user" WHERE username = $1', [opts.username]);
  if (existing.rows.length > 0) throw new CliError(ownMessages.usernameTaken(opts.username));

  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      'INSERT INTO "user" (username, password_hash, is_server_admin) VALUES ($1, $2, $3) RETURNING id',
      [opts.username, hash, opts.serverAdmin === true],
    );
    if (team) {
      await tx.query('INSERT INTO role (team_id, user_id, role_id) VALUES ($1, $2, $3)', [team.id, rows[0].id, roleId]);
    }
  });
  const lines = [ownMessages.cliUserAdded(opts.username)];
  if (team) lines.push(ownMessages.cliRoleGiven(opts.username, roleName, team.name));
  if (opts.password === undefined) lines.push(ownMessages.cliGeneratedPassword(password));
  return lines;
}

export async function setPassword(db: Database, username: string, password?: string): Promise<string[]> {
  const chosen = checkPassword(password, username);
  const { rows } = await db.query('UPDATE "user" SET password_hash = $1 WHERE username = $2 RETURNING id', [
    await hashPassword(chosen),
    username,
  ]);
  if (rows.length === 0) throw new CliError(ownMessages.cliUserNotFound(username));
  // Sessions opened with the old password end: that is usually why it is being changed.
  await db.query('DELETE FROM sessions WHERE user_id = $1', [(rows[0] as { id: number }).id]);
  const lines = [ownMessages.cliPasswordChanged(username)];
  if (password === undefined) lines.push(ownMessages.cliGeneratedPassword(chosen));
  return lines;
}

/** One line per user: id, username, server admin flag, and their teams with roles. */
export async function listUsers(db: Database): Promise<string[]> {
  const users = await db.query<{ id: number; username: string; is_server_admin: boolean }>(
    'SELECT id, username, is_server_admin FROM "user" ORDER BY id',
  );
  if (users.rows.length === 0) return [ownMessages.cliNoUsers];
  const memberships = await db.query<{ user_id: number; team_id: number; name: string; role_id: number }>(
    'SELECT r.user_id, r.team_id, t.name, r.role_id FROM role r JOIN team t ON t.id = r.team_id WHERE r.role_id > 0 ORDER BY t.id',
  );
  return users.rows.map((u) => {
    const teams = memberships.rows
      .filter((m) => m.user_id === u.id)
      .map((m) => `${m.name} (#${m.team_id}, ${messages.roleName(m.role_id)})`)
      .join(', ');
    return `${String(u.id).padStart(4)}  ${u.username}${u.is_server_admin ? ' [server admin]' : ''}${teams ? `  ${teams}` : ''}`;
  });
}
