/**
 * Team memberships from a shell (`npm run user -- add ... --team A --team B`, `npm run user --
 * grant NAME --team T --role admin`): a team left without an administrator is repaired here.
 * A role is set in the team's turn (its row locked, as the API's role changes do,
 * server/categories/role.ts), and a team's last administrator is never made a plain user.
 * Each write has its audit entry, by nobody signed in (CLI_ACTOR): the command holds the database,
 * not a session.
 */
import type { Database, Queryable } from '../db/database';
import { ROLE, roleByName, roleLabel } from '../../src/schemas/role';
import { ownMessages } from '../../src/messages';
import { findUserByName } from '../auth/usernameKey';
import { mustGetCategory } from '../../src/schemas/index';
import { audit, type AuditActor } from '../audit/record';
import { objectEntry } from '../audit/changes';
import type { Row } from '../crud/hooks';

/** Who the command's audit entries name: nobody signed in (the Audit page shows so; an entry of a user is read by the server administrators). */
export const CLI_ACTOR: AuditActor = null;

export class CliError extends Error {}

export interface Team {
  id: number;
  name: string;
}

/** The teams named by repeated --team and comma-separated --teams values, each once. */
export function teamArgs(values: readonly (string | undefined)[]): string[] {
  const names = values.flatMap((v) => (v === undefined ? [] : v.split(',').map((n) => n.trim()))).filter((n) => n !== '');
  return [...new Set(names)];
}

/** A team by id (digits) or exact name. */
export async function findTeam(db: Queryable, team: string): Promise<Team> {
  const byId = /^\d+$/.test(team) ? await db.query<Team>('SELECT id, name FROM team WHERE id = $1', [Number(team)]) : { rows: [] };
  if (byId.rows.length === 1) return byId.rows[0];
  const byName = await db.query<Team>('SELECT id, name FROM team WHERE name = $1', [team]);
  if (byName.rows.length > 1) throw new CliError(ownMessages.cliTeamAmbiguous(team));
  if (byName.rows.length === 0) throw new CliError(ownMessages.cliTeamNotFound(team));
  return byName.rows[0];
}

export async function findTeams(db: Queryable, teams: readonly string[]): Promise<Team[]> {
  const found: Team[] = [];
  for (const name of teams) {
    const team = await findTeam(db, name);
    if (!found.some((t) => t.id === team.id)) found.push(team);
  }
  return found;
}

/** A role by any of its names (src/schemas/role.ts roleByName: 'Member', 'admin', 'USER', 3...). */
export function roleIdOf(roleName: string): number {
  const roleId = roleByName(roleName);
  if (roleId === undefined) throw new CliError(ownMessages.cliBadRole(roleName));
  return roleId;
}

/** Sets the user's role in the team, adding them as a member when they are not one. */
export async function setRole(tx: Queryable, userId: number, team: Team, roleId: number): Promise<void> {
  await tx.query('SELECT 1 FROM team WHERE id = $1 FOR UPDATE', [team.id]);
  if (roleId !== ROLE.ADMIN) {
    const { rows } = await tx.query(
      `SELECT 1 FROM role WHERE team_id = $1 AND user_id = $2 AND role_id = $3
          AND NOT EXISTS (SELECT 1 FROM role WHERE team_id = $1 AND user_id <> $2 AND role_id = $3)`,
      [team.id, userId, ROLE.ADMIN],
    );
    if (rows.length > 0) throw new CliError(ownMessages.lastAdmin);
  }
  // The role as it was (under the team's lock, no other role change of the team runs meanwhile), for the entry.
  const { rows: before } = await tx.query<Row>('SELECT * FROM role WHERE team_id = $1 AND user_id = $2', [team.id, userId]);
  const { rows } = await tx.query<Row>(
    `INSERT INTO role (team_id, user_id, role_id) VALUES ($1, $2, $3)
     ON CONFLICT (team_id, user_id) DO UPDATE SET role_id = EXCLUDED.role_id RETURNING *`,
    [team.id, userId, roleId],
  );
  const entry = objectEntry(CLI_ACTOR, before[0] ? 'update' : 'create', mustGetCategory('role'), before[0], rows[0]);
  if (Object.keys(entry.changes ?? {}).length > 0) await audit(tx, entry);
}

/** `grant NAME --team T... --role ROLE` (the console's role names, src/messages.ts roleLabels). */
export async function grantRole(db: Database, username: string, teamNames: readonly string[], roleName: string | undefined): Promise<string[]> {
  if (teamNames.length === 0 || roleName === undefined) throw new CliError(ownMessages.cliGrantNeeds);
  const roleId = roleIdOf(roleName);
  const user = await findUserByName<{ id: number; username: string }>(db, username, ['username']);
  if (!user) throw new CliError(ownMessages.cliUserNotFound(username));
  const teams = await findTeams(db, teamNames);
  await db.transaction(async (tx) => {
    for (const team of teams) await setRole(tx, user.id, team, roleId);
  });
  return teams.map((team) => ownMessages.cliRoleGiven(user.username, roleLabel(roleId), team.name));
}
