/**
 * Who reads the audit log in the console: the server says it (GET /api/current_user's
 * `audit_team_ids`, from the rule of server/audit/query.ts), the console does not spell the rule
 * again. The menu entry, the Audit page and each object's History link ask here; the path and its
 * filters are spelled once.
 */
import { useProfileState } from '../useProfileState';

export const AUDIT_PATH = '/audit';

/** The Audit page filtered to one object's entries. */
export const historyHref = (category: string, id: string | number) =>
  `${AUDIT_PATH}?${new URLSearchParams({ category, object_id: String(id) }).toString()}`;

export interface AuditAccess {
  /** The page is for them: the server gives them some team's entries, or every team's. */
  reads: boolean;
  /** Their teams whose entries they read (all theirs when they read every team's). */
  teams: { id: number; name: string }[];
  /** Whether they read the entries of team `teamId` (an object's History link). */
  readsTeam: (teamId: unknown) => boolean;
}

const NONE: AuditAccess = { reads: false, teams: [], readsTeam: () => false };

export function useAuditAccess(): AuditAccess {
  const state = useProfileState();
  if (state.status !== 'signedIn') return NONE;
  const { audit_team_ids: ids = [], teams } = state.profile;
  if (ids === null) return { reads: true, teams, readsTeam: () => true };
  const readsTeam = (teamId: unknown) => typeof teamId === 'number' && ids.includes(teamId);
  return { reads: ids.length > 0, teams: teams.filter((t) => readsTeam(t.id)), readsTeam };
}
