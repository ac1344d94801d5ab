/**
 * A team as the teams page reads it: GET /api/full/team with each team's role list, every
 * item carrying the member's username (a lookup of the role category), and who may change it.
 */
import { ROLE } from '../../schemas/role';

export interface Member {
  /** The role's id: PUT and DELETE /api/role/{id}. */
  id: number;
  user_id: number;
  role_id: number;
  username: string | null;
}

export interface TeamWithMembers {
  id: number;
  name: string;
  role?: Member[] | null;
}

/** The ?fields= of the teams page: the team and its members. */
export const TEAM_FIELDS: readonly string[] = ['id', 'name', 'role(id,user_id,role_id,username)'];

export function membersOf(team: TeamWithMembers): Member[] {
  return [...(team.role ?? [])].sort((a, b) => (a.username ?? '').localeCompare(b.username ?? '', 'en', { sensitivity: 'base' }));
}

/** Spec section 6: only the team's admins change it (the server checks again). */
export const isTeamAdmin = (team: TeamWithMembers, userId: number | string | undefined): boolean =>
  userId !== undefined && (team.role ?? []).some((m) => String(m.user_id) === String(userId) && m.role_id === ROLE.ADMIN);
