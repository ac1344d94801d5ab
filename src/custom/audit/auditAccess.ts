/**
 * Who reads the audit log in the console, by the server's rule (server/audit/query.ts): server
 * administrators, and team admins for their teams. The menu entry, the Audit page and each
 * object's History link ask here; the path and its filters are spelled once.
 */
import { ROLE } from '../../schemas/role';
import { useProfileState } from '../useProfileState';

export const AUDIT_PATH = '/audit';

/** The Audit page filtered to one object's entries. */
export const historyHref = (category: string, id: string | number) =>
  `${AUDIT_PATH}?${new URLSearchParams({ category, object_id: String(id) }).toString()}`;

export interface AuditAccess {
  /** The page is for them: a server administrator or an admin of some team. */
  reads: boolean;
  serverAdmin: boolean;
  /** The teams whose entries they read (all theirs, for a server administrator). */
  teams: { id: number; name: string }[];
}

export function useAuditAccess(): AuditAccess {
  const state = useProfileState();
  if (state.status !== 'signedIn') return { reads: false, serverAdmin: false, teams: [] };
  const { is_server_admin: serverAdmin, teams } = state.profile;
  const administered = teams.filter((t) => t.role_id === ROLE.ADMIN);
  return { reads: serverAdmin || administered.length > 0, serverAdmin, teams: serverAdmin ? teams : administered };
}
