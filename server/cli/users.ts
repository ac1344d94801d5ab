/**
 * What the user CLI does, on an open database: add a user (optionally into teams with a role;
 * memberships.ts sets roles, `grant` too),
 * change a password, list users and teams. Each returns the lines to print, or throws a
 * CliError carrying the message for the operator. Each write has its audit entry in its
 * transaction (memberships.ts CLI_ACTOR), its password only as changed.
 */
import type { Database } from '../db/database';
import { hashPassword } from '../auth/password';
import { generatePassword } from '../auth/bootstrap';
import { USERNAME_PATTERN } from '../../src/schemas/user';
import { passwordProblem } from '../../src/schemas/passwordRules';
import { isCommonPassword } from '../auth/commonPasswords';
import { ownMessages } from '../../src/messages';
import { ROLE, roleLabel } from '../../src/schemas/role';
import { usernameKey } from '../auth/usernameKey';
import { CLI_ACTOR, CliError, findTeams, roleIdOf, setRole } from './memberships';
import { mustGetCategory } from '../../src/schemas/index';
import { audit } from '../audit/record';
import { objectEntry } from '../audit/changes';
import type { Row } from '../crud/hooks';

export { CliError } from './memberships';

export interface AddUserOptions {
  username: string;
  password?: string;
  /** Team names or ids: the user joins each with `role`. */
  team?: string | readonly string[];
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

export async function addUser(db: Database, opts: AddUserOptions): Promise<string[]> {
  if (!USERNAME_PATTERN.test(opts.username)) throw new CliError(ownMessages.usernameInvalid);
  if (opts.role !== undefined && opts.team === undefined) throw new CliError(ownMessages.cliRoleNeedsTeam);
  const roleId = opts.role === undefined ? ROLE.USER : roleIdOf(opts.role);
  const password = checkPassword(opts.password, opts.username);
  const teams = await findTeams(db, opts.team === undefined ? [] : typeof opts.team === 'string' ? [opts.team] : opts.team);
  // 'Bob' or 'b0b' beside 'bob' is taken too (server/auth/usernameKey.ts).
  const key = usernameKey(opts.username);
  const existing = await db.query('SELECT 1 FROM "user" WHERE username = $1 OR username_key = $2', [opts.username, key]);
  if (existing.rows.length > 0) throw new CliError(ownMessages.usernameTaken(opts.username));

  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<Row & { id: number }>(
      'INSERT INTO "user" (username, username_key, password_hash, is_server_admin) VALUES ($1, $2, $3, $4) RETURNING *',
      [opts.username, key, hash, opts.serverAdmin === true],
    );
    await audit(tx, objectEntry(CLI_ACTOR, 'create', mustGetCategory('user'), undefined, rows[0]));
    for (const team of teams) await setRole(tx, rows[0].id, team, roleId);
  });
  const lines = [ownMessages.cliUserAdded(opts.username)];
  for (const team of teams) lines.push(ownMessages.cliRoleGiven(opts.username, roleLabel(roleId), team.name));
  if (opts.password === undefined) lines.push(ownMessages.cliGeneratedPassword(password));
  return lines;
}

export async function setPassword(db: Database, username: string, password?: string): Promise<string[]> {
  const chosen = checkPassword(password, username);
  const hash = await hashPassword(chosen);
  await db.transaction(async (tx) => {
    const { rows: before } = await tx.query<Row>('SELECT * FROM "user" WHERE username = $1 FOR UPDATE', [username]);
    if (before.length === 0) throw new CliError(ownMessages.cliUserNotFound(username));
    const { rows } = await tx.query<Row>('UPDATE "user" SET password_hash = $1 WHERE id = $2 RETURNING *', [hash, before[0].id]);
    await audit(tx, objectEntry(CLI_ACTOR, 'update', mustGetCategory('user'), before[0], rows[0]));
    // Sessions opened with the old password end: that is usually why it is being changed.
    await tx.query('DELETE FROM sessions WHERE user_id = $1', [before[0].id]);
  });
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
      .map((m) => `${m.name} (#${m.team_id}, ${roleLabel(m.role_id)})`)
      .join(', ');
    return `${String(u.id).padStart(4)}  ${u.username}${u.is_server_admin ? ' [server admin]' : ''}${teams ? `  ${teams}` : ''}`;
  });
}
