/**
 * Users: a password is accepted (write-only) once it meets the rules and, for one's own, with the
 * current password (server/auth/passwordChange.ts), stored as its scrypt hash, and changing it ends
 * the user's other sessions (all of them when the server administrator resets it). A user created
 * without a password gets an invitation link, and one created with join_team_id joins that team;
 * `active` and `is_server_admin` are the server administrator's to change (userChanges.ts). An API
 * token changes no user, its own neither (server/tokens/guards.ts).
 * (Who sees whom is the scope 'user', server/auth/teammates.ts.)
 */
import type { CategoryHooks } from '../crud/hooks';
import type { RowOf } from '../../src/schemas/rowOf';
import type { user as userCategory } from '../../src/schemas/user';
import { takeNewPassword } from '../auth/passwordChange';
import { endSessionsAfterPasswordChange } from '../auth/sessions';
import { setUsernameKey } from '../auth/usernameKey';
import { assertDeletable } from './userDeletion';
import { admitAccountWrite } from './role';
import { refuseAccountsByToken } from '../tokens/guards';
import { DEFAULT_INVITATION_DAYS } from '../config';
import { revokeTokensOf } from '../tokens/service';
import { activeChanged, assertMayChangeAccount, serverAdminChanged, teamToJoin, userCreated } from './userChanges';

export const userHooks: CategoryHooks<RowOf<typeof userCategory>> = {
  // Never with a token; a rename answers whether the name is taken: counted with the additions by username (role.ts).
  admit: admitAccountWrite,
  async beforeCreate({ input }) {
    setUsernameKey(input);
    // Without a password the user chooses one from an invitation link (afterCreate).
    if ('password' in input) await takeNewPassword(input, input.username);
  },
  async afterCreate({ tx, user, registry, input, created, origin, config }) {
    // A refusal here (an unknown team) undoes the create: it is the same transaction.
    const join = await teamToJoin(tx, input, 'create');
    const link = { days: config?.invitationDays ?? DEFAULT_INVITATION_DAYS, origin: origin ?? (() => '') };
    return userCreated(tx, created, join, link, { by: user, role: registry.get('role') });
  },
  async beforeUpdate({ tx, db, user, input, existing }) {
    assertMayChangeAccount(user, input);
    await teamToJoin(tx, input, 'update');
    setUsernameKey(input);
    const own = existing.id === user.id ? { db, userId: user.id, storedHash: existing.password_hash } : undefined;
    if ('password' in input) await takeNewPassword(input, input.username ?? existing.username, own);
    delete input.current_password;
  },
  // Usernames: a look-alike of another is refused (server/auth/usernameKey.ts); deleting: userDeletion.ts.
  async beforeDelete({ tx, user, existing }) {
    refuseAccountsByToken(user);
    await assertDeletable(tx, existing);
    await revokeTokensOf(tx, user, existing.id);
  },
  async afterUpdate({ tx, user, input, existing, updated }) {
    if (updated.active !== existing.active) await activeChanged(tx, existing, updated.active === true);
    if (updated.is_server_admin !== existing.is_server_admin) await serverAdminChanged(tx, existing, updated.is_server_admin === true);
    if (!('password_hash' in input)) return;
    const own = existing.id === user.id;
    await endSessionsAfterPasswordChange(tx, existing.id, own ? user.sessionHash : undefined);
  },
};
