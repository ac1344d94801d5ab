import { usePermissions } from 'react-admin';
import type { Permissions } from '../../dataProvider/authProvider';
import { isEmptyValue } from './formFields';

/** Only admins of the object's team may modify it (spec section 6); the profile lists the user's roles. */
export function useIsTeamAdmin(teamId: unknown): boolean {
  const { permissions } = usePermissions<Permissions>();
  if (isEmptyValue(teamId) || !permissions) return false;
  return permissions.adminTeamIds.some((id) => String(id) === String(teamId));
}
