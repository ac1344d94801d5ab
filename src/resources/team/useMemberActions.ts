/**
 * The teams page's writes: add a member by username (POST /api/role {team_id, username,
 * role_id}), change a role (PUT /api/role/{id} {role_id}), remove a member (DELETE
 * /api/role/{id}), create a team (POST /api/team {name}); a role change says 'Saved'. Through the data provider, so a
 * failure is shown by the error catalogue with the server's Description; afterwards every list
 * is read again, and the profile too, since the user's own teams or roles may have changed.
 * A refusal of an added member that concerns the username (no such user, already a member) is
 * the add-member form's to show under its field, as object forms do (saveRefusal.ts).
 */
import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import { ownMessages } from '../../messages';
import { profileStore } from '../../dataProvider/profile';
import { reportError } from '../../dataProvider/errors';
import { mustGetCategory } from '../../schemas';
import { fieldRefusal, type FieldRefusal } from '../object/saveRefusal';
import type { Member } from './teamMembers';

/** Resource keys of the calls (the role category holds memberships). */
const ROLE_RESOURCE = 'role';
const TEAM_RESOURCE = 'team';
/** The add-member form's field: the write-only input that resolves to the member's user_id. */
const ADD_MEMBER_FIELD = 'username';

/** Added; or not, with the refusal the form shows under its field when it concerns one. */
export type AddOutcome = { added: true } | { added: false; refusal?: FieldRefusal };

export interface MemberActions {
  busy: boolean;
  addMember: (teamId: number, username: string, roleId: number) => Promise<AddOutcome>;
  setRole: (member: Member, roleId: number) => Promise<boolean>;
  removeMember: (member: Member) => Promise<boolean>;
  createTeam: (name: string) => Promise<boolean>;
}

export function useMemberActions(): MemberActions {
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  /** Runs a write; false when it failed (shown to the user by the catalogue, or by `refused` when the write was not reported). */
  const run = async (write: () => Promise<unknown>, refused?: (error: unknown) => void): Promise<boolean> => {
    setBusy(true);
    try {
      await write();
      await profileStore.load();
      return true;
    } catch (error) {
      refused?.(error);
      return false;
    } finally {
      setBusy(false);
      refresh();
    }
  };

  return {
    busy,
    addMember: async (teamId, username, roleId) => {
      const data = { team_id: teamId, [ADD_MEMBER_FIELD]: username, role_id: roleId };
      let refusal: FieldRefusal | undefined;
      const added = await run(
        () => dataProvider.create(ROLE_RESOURCE, { data, meta: { report: false } }),
        (error) => {
          refusal = fieldRefusal(mustGetCategory(ROLE_RESOURCE), [ADD_MEMBER_FIELD], data, error);
          if (!refusal) reportError(error);
        },
      );
      return added ? { added: true } : { added: false, refusal };
    },
    setRole: async (member, roleId) => {
      const saved = await run(() => dataProvider.update(ROLE_RESOURCE, { id: member.id, data: { role_id: roleId }, previousData: { ...member } }));
      if (saved) notify(ownMessages.roleSaved, { type: 'success' });
      return saved;
    },
    removeMember: (member) => run(() => dataProvider.delete(ROLE_RESOURCE, { id: member.id, previousData: { ...member } })),
    createTeam: (name) => run(() => dataProvider.create(TEAM_RESOURCE, { data: { name } })),
  };
}
