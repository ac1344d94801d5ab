/** The signed-in caller, as every route sees it on request.user (null when signed out). */
import { ROLE } from '../../src/schemas/role';

export interface SessionUser {
  id: number;
  username: string;
  isServerAdmin: boolean;
  /** team_id -> role_id for every team the user belongs to (role_id > 0). */
  roles: Map<number, number>;
  /** The API token this request came with, when it came with one (recorded by the audit log as the actor's token). */
  tokenId?: number | null;
  /** The stored hash of the session this request came with (a password change keeps it open). */
  sessionHash?: string;
  /** What GET /api/current_user answers besides the above, read with the session. */
  profile?: {
    preferences: unknown;
    /** The teams the user is a member of (role_id > 0), by name. */
    teams: { id: number; name: string; role_id: number }[];
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** The route answers signed-out callers too (login, current_user, public QR calls). */
    public?: boolean;
  }
}

export const isMember = (u: SessionUser, teamId: number) => (u.roles.get(teamId) ?? 0) > ROLE.NONE;
export const isTeamAdmin = (u: SessionUser, teamId: number) => u.roles.get(teamId) === ROLE.ADMIN;
export const memberTeamIds = (u: SessionUser) => [...u.roles.entries()].filter(([, r]) => r > ROLE.NONE).map(([t]) => t);
