/**
 * A team as the teams page reads it: GET /api/full/team with each team's role list, every
 * item carrying the member's username (a lookup of the role category). In a list answer that
 * list is cut at the server's bound, and then says how many members there are (src/schemas/embeddedList.ts).
 */
import { embeddedTotal } from '../../schemas/embeddedList';

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

/** The team's list of memberships. */
const MEMBERS_LIST = 'role';

/** The ?fields= of the teams page: the team and its members. */
export const TEAM_FIELDS: readonly string[] = ['id', 'name', `${MEMBERS_LIST}(id,user_id,role_id,username)`];

export function membersOf(team: TeamWithMembers): Member[] {
  return [...(team.role ?? [])].sort((a, b) => (a.username ?? '').localeCompare(b.username ?? '', 'en', { sensitivity: 'base' }));
}

/** How many members the team has: more than `role` holds when the server cut it. */
export const memberCount = (team: TeamWithMembers): number => embeddedTotal(team, MEMBERS_LIST);
