/**
 * The changes of a user a server administrator makes (issue 29, item 1), each one named function
 * taking the write's transaction, so that each is one place (the audit adds its entry there):
 * - userCreated: a user made without a password gets an invitation link (server/auth/invitations.ts),
 *   and joins a team straight away when the body names one (join_team_id, join_role_id);
 * - activeChanged: a deactivated user's sessions end at once (the session check reads `active` too,
 *   server/auth/sessions.ts, and the triggers of server/auth/tables.ts tell every process);
 * - serverAdminChanged: a server administrator made or unmade.
 * Deactivating or unmaking the last active server administrator is refused (409), in turns
 * (userDeletion.ts's lock), so two administrators unmaking each other at once leave one.
 */
import type { Queryable } from '../db/database';
import type { SessionUser } from '../auth/sessionUser';
import type { CategoryRow } from '../../src/schemas/index';
import type { Row } from '../crud/hooks';
import { ownMessages } from '../../src/messages';
import { ROLE } from '../../src/schemas/role';
import { badRequest, forbidden } from '../http/errors';
import { invitationUrl, inviteUser } from '../auth/invitations';
import { audit, type AuditActor } from '../audit/record';
import { objectEntry } from '../audit/changes';
import type { Category } from '../../src/schemas/defineCategory';
import { assertAnotherServerAdmin } from './userDeletion';

/** Fields only a server administrator changes, on anyone (themself included). */
const SERVER_ADMIN_FIELDS = ['is_server_admin', 'active'] as const;
const JOIN_TEAM = 'join_team_id';
const JOIN_ROLE = 'join_role_id';

/** A 403 for a body changing what only a server administrator changes. */
export function assertMayChangeAccount(user: SessionUser, input: Row): void {
  if (!user.isServerAdmin && SERVER_ADMIN_FIELDS.some((f) => f in input)) throw forbidden(ownMessages.serverAdminOnly);
}

/** The team a create body joins, checked (400 for an unknown team or role); undefined when none. */
export async function teamToJoin(tx: Queryable, input: Row, mode: 'create' | 'update'): Promise<{ teamId: number; roleId: number } | undefined> {
  const teamId = input[JOIN_TEAM];
  const roleId = input[JOIN_ROLE];
  if (teamId === undefined && roleId === undefined) return undefined;
  if (mode === 'update') throw badRequest(ownMessages.joinOnCreateOnly);
  if (teamId === undefined || teamId === null) throw badRequest(ownMessages.joinRoleNeedsTeam);
  const role = roleId ?? ROLE.USER;
  if (typeof role !== 'number' || role < ROLE.USER || role > ROLE.ADMIN) throw badRequest(ownMessages.joinRoleInvalid);
  const { rows } = await tx.query('SELECT 1 FROM team WHERE id = $1 FOR KEY SHARE', [teamId]);
  if (rows.length === 0) throw badRequest(ownMessages.joinTeamUnknown);
  return { teamId: teamId as number, roleId: role };
}

/**
 * A user just made: into the team it joins, and, without a password, with an invitation link.
 * Answers what the create's answer carries besides the user: the link, once.
 */
export async function userCreated(
  tx: Queryable,
  created: CategoryRow<'user'>,
  join: { teamId: number; roleId: number } | undefined,
  link: { days: number; origin: () => string },
  audited: { by: AuditActor; role: Category },
): Promise<Row> {
  if (join) {
    const { rows } = await tx.query<Row>('INSERT INTO role (team_id, user_id, role_id) VALUES ($1, $2, $3) RETURNING *', [join.teamId, created.id, join.roleId]);
    await audit(tx, objectEntry(audited.by, 'create', audited.role, undefined, rows[0]));
  }
  if (created.password_hash !== null && created.password_hash !== undefined) return {};
  const { token, expiresAt } = await inviteUser(tx, created.id, link.days, audited.by);
  return { invitation_url: invitationUrl(link.origin(), token), invitation_expires_at: expiresAt };
}

/** A user deactivated (their sessions end now) or active again (they sign in anew). */
export async function activeChanged(tx: Queryable, existing: CategoryRow<'user'>, active: boolean): Promise<void> {
  if (active) return;
  await assertAnotherServerAdmin(tx, existing, ownMessages.lastServerAdminKept);
  await tx.query('DELETE FROM sessions WHERE user_id = $1', [existing.id]);
}

/** A user made or unmade server administrator (their cached sessions see it: tables.ts's trigger). */
export async function serverAdminChanged(tx: Queryable, existing: CategoryRow<'user'>, isServerAdmin: boolean): Promise<void> {
  if (!isServerAdmin) await assertAnotherServerAdmin(tx, existing, ownMessages.lastServerAdminKept);
}
