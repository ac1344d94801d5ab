/**
 * The teams page's writes: add a member by username (POST /api/role {team_id, username,
 * role_id}), change a role (PUT /api/role/{id} {role_id}), remove a member (DELETE
 * /api/role/{id}), create a team (POST /api/team {name}); a role change says 'Saved'. Through the data provider, so a
 * failure is shown by the error catalogue with the server's Description; afterwards every list
 * is read again, and the profile too, since the user's own teams or roles may have changed.
 */
import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import { ownMessages } from '../../messages';
import { profileStore } from '../../dataProvider/profile';
import type { Member } from './teamMembers';

/** Resource keys of the calls (the role category holds memberships). */
const ROLE_RESOURCE = 'role';
const TEAM_RESOURCE = 'team';

export interface MemberActions {
  busy: boolean;
  addMember: (teamId: number, username: string, roleId: number) => Promise<boolean>;
  setRole: (member: Member, roleId: number) => Promise<boolean>;
  removeMember: (member: Member) => Promise<boolean>;
  createTeam: (name: string) => Promise<boolean>;
}

export function useMemberActions(): MemberActions {
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  /** Runs a write; false when it failed (already shown to the user by the catalogue). */
  const run = async (write: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    try {
      await write();
      await profileStore.load();
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
      refresh();
    }
  };

  return {
    busy,
    addMember: (teamId, username, roleId) =>
      run(() => dataProvider.create(ROLE_RESOURCE, { data: { team_id: teamId, username, role_id: roleId } })),
    setRole: async (member, roleId) => {
      const saved = await run(() => dataProvider.update(ROLE_RESOURCE, { id: member.id, data: { role_id: roleId }, previousData: { ...member } }));
      if (saved) notify(ownMessages.roleSaved, { type: 'success' });
      return saved;
    },
    removeMember: (member) => run(() => dataProvider.delete(ROLE_RESOURCE, { id: member.id, previousData: { ...member } })),
    createTeam: (name) => run(() => dataProvider.create(TEAM_RESOURCE, { data: { name } })),
  };
}
