/**
 * Users: a password is accepted (write-only) and stored as its scrypt hash, and changing it ends
 * the user's other sessions. (Who sees whom is the scope 'user', server/auth/teammates.ts.)
 */
import type { CategoryHooks, CreateContext } from '../crud/hooks';
import type { RowOf } from '../../src/schemas/rowOf';
import type { user as userCategory } from '../../src/schemas/user';
import { ownMessages } from '../../src/messages';
import { hashPassword } from '../auth/password';
import { endSessionsAfterPasswordChange } from '../auth/sessions';
import { badRequest } from '../http/errors';

async function storePasswordHash(input: CreateContext['input']): Promise<void> {
  const password = input.password;
  delete input.password;
  // The field's own check (length) has already run when a string was sent.
  if (typeof password !== 'string') throw badRequest(ownMessages.passwordTooShort);
  input.password_hash = await hashPassword(password);
}

export const userHooks: CategoryHooks<RowOf<typeof userCategory>> = {
  async beforeCreate({ input }) {
    await storePasswordHash(input);
  },
  async beforeUpdate({ input }) {
    if ('password' in input) await storePasswordHash(input);
  },
  async afterUpdate({ tx, user, input, existing }) {
    if (!('password_hash' in input)) return;
    const own = existing.id === user.id;
    await endSessionsAfterPasswordChange(tx, existing.id, own ? user.sessionHash : undefined);
  },
};
