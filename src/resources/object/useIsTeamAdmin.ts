import { usePermissions } from 'react-admin';
import type { Permissions } from '../../dataProvider/authProvider';
import { isEmptyValue } from './formFields';

/**
 * Only admins of the object's team may modify it (spec section 6); the teams the user administers
 * come with the permissions (authProvider.getPermissions). Undefined while they are being read, so
 * that an admin never sees the non-admin message flash by.
 */
export function useIsTeamAdmin(teamId: unknown): boolean | undefined {
  const { permissions, isPending } = usePermissions<Permissions | null>();
  if (isEmptyValue(teamId)) return false;
  if (isPending) return undefined;
  if (!permissions) return false;
  return permissions.adminTeamIds.some((id) => String(id) === String(teamId));
}
