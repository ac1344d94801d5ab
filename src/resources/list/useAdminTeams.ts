/**
 * The teams the user administers (spec section 6: only admins of an object's team modify it), for
 * the tables' bulk actions: their write buttons are shown to team admins only, and a selection
 * holding an object of a team the user does not administer is refused before anything is asked
 * or sent (the object screen hides its Edit and Delete through it too, object/useIsTeamAdmin.ts).
 */
import { usePermissions } from 'react-admin';
import type { Permissions } from '../../dataProvider/authProvider';

export interface AdminTeams {
  /** Whether the user administers any team (undefined while the permissions are read). */
  any: boolean | undefined;
  /** Whether the user administers every one of these teams. */
  all: (teamIds: readonly unknown[]) => boolean;
}

export function useAdminTeams(): AdminTeams {
  const { permissions, isPending } = usePermissions<Permissions | null>();
  const ids = new Set((permissions?.adminTeamIds ?? []).map(String));
  return {
    any: isPending ? undefined : ids.size > 0,
    all: (teamIds) => teamIds.every((id) => ids.has(String(id))),
  };
}
