import { useAdminTeams } from '../list/useAdminTeams';
import { isEmptyValue } from './formFields';

/**
 * Only admins of the object's team may modify it (spec section 6); the teams the user administers
 * come with the permissions (useAdminTeams). Undefined while they are being read, so that an admin
 * never sees the non-admin message flash by.
 */
export function useIsTeamAdmin(teamId: unknown): boolean | undefined {
  const adminTeams = useAdminTeams();
  if (isEmptyValue(teamId)) return false;
  if (adminTeams.any === undefined) return undefined;
  return adminTeams.all([teamId]);
}
