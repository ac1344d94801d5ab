/** The signed-in caller, as every route sees it on request.user (null when signed out). */
import { ROLE } from '../../src/schemas/role';

export interface SessionUser {
  id: number;
  username: string;
  isServerAdmin: boolean;
  /** team_id -> role_id for every team the user belongs to (role_id > 0). */
  roles: Map<number, number>;
  /** The stored hash of the session this request came with (a password change keeps it open). */
  sessionHash?: string;
  /** What GET /api/current_user answers besides the above, read with the session. */
  profile?: {
    preferences: unknown;
    /** The teams the user is a member of (role_id > 0), by name. */
    teams: { id: number; name: string; role_id: number }[];
  };
  /** Set when the caller came with an API token (server/tokens/) rather than a session: what it is limited to (the audit log records its id). */
  token?: {
    id: number;
    readOnly: boolean;
    /** Made for some of the user's teams only (`roles` then holds only those). */
    limitedToTeams: boolean;
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** The route answers signed-out callers too (login, current_user, public QR calls). */
    public?: boolean;
    /** A non-GET route that changes nothing (a label drawn from a posted template): a read-only API token may call it. */
    reads?: boolean;
    /** The route's path carries a secret (an invitation link's token, a QR id): logged by its pattern (server/http/requestLog.ts). */
    secretInPath?: boolean;
  }
}

export const isMember = (u: SessionUser, teamId: number) => (u.roles.get(teamId) ?? 0) > ROLE.NONE;
export const isTeamAdmin = (u: SessionUser, teamId: number) => u.roles.get(teamId) === ROLE.ADMIN;
export const memberTeamIds = (u: SessionUser) => [...u.roles.entries()].filter(([, r]) => r > ROLE.NONE).map(([t]) => t);
