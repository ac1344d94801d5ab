/**
 * Users: a password is accepted (write-only) once it meets the rules and, for one's own, with the
 * current password (server/auth/passwordChange.ts), stored as its scrypt hash, and changing it ends
 * the user's other sessions (all of them when the server administrator resets it). A user's own API
 * token changes nothing of its user (server/tokens/guards.ts).
 * (Who sees whom is the scope 'user', server/auth/teammates.ts.)
 */
import type { CategoryHooks } from '../crud/hooks';
import type { RowOf } from '../../src/schemas/rowOf';
import type { user as userCategory } from '../../src/schemas/user';
import { takeNewPassword } from '../auth/passwordChange';
import { endSessionsAfterPasswordChange } from '../auth/sessions';
import { setUsernameKey } from '../auth/usernameKey';
import { assertDeletable } from './userDeletion';
import { countUsernameProbe } from './role';
import { refuseOwnUserByToken } from '../tokens/guards';

export const userHooks: CategoryHooks<RowOf<typeof userCategory>> = {
  // A rename answers whether the name is taken: counted with the additions by username (role.ts).
  admit: countUsernameProbe,
  async beforeCreate({ input }) {
    setUsernameKey(input);
    await takeNewPassword(input, input.username);
  },
  async beforeUpdate({ db, user, input, existing }) {
    refuseOwnUserByToken(user, existing.id);
    setUsernameKey(input);
    const own = existing.id === user.id ? { db, userId: user.id, storedHash: existing.password_hash } : undefined;
    if ('password' in input) await takeNewPassword(input, input.username ?? existing.username, own);
    delete input.current_password;
  },
  // Usernames: a look-alike of another is refused (server/auth/usernameKey.ts); deleting: userDeletion.ts.
  async beforeDelete({ tx, user, existing }) {
    refuseOwnUserByToken(user, existing.id);
    await assertDeletable(tx, existing);
  },
  async afterUpdate({ tx, user, input, existing }) {
    if (!('password_hash' in input)) return;
    const own = existing.id === user.id;
    await endSessionsAfterPasswordChange(tx, existing.id, own ? user.sessionHash : undefined);
  },
};
