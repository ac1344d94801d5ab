/**
 * Users: a password is accepted (write-only) and stored as its scrypt hash, and changing it ends
 * the user's other sessions; a user sees the users sharing one of their teams (so a team admin
 * can name members), the server administrator sees everyone.
 */
import type { CategoryHooks, CreateContext } from '../crud/hooks';
import { ownMessages } from '../../src/messages';
import { ROLE } from '../../src/schemas/role';
import { memberTeamIds } from '../auth/sessionUser';
import { hashPassword } from '../auth/password';
import { endSessionsAfterPasswordChange } from '../auth/sessions';
import { badRequest } from '../http/errors';
import { ident } from '../crud/sql';

async function storePasswordHash(input: CreateContext['input']): Promise<void> {
  const password = input.password;
  delete input.password;
  // The field's own check (length) has already run when a string was sent.
  if (typeof password !== 'string') throw badRequest(ownMessages.passwordTooShort);
  input.password_hash = await hashPassword(password);
}

export const userHooks: CategoryHooks = {
  visibleWhere(user, alias, params) {
    if (user.isServerAdmin) return 'TRUE';
    const a = ident(alias);
    return `(${a}."id" = ${params.add(user.id)} OR EXISTS (
      SELECT 1 FROM "role" AS "shared" WHERE "shared"."user_id" = ${a}."id"
         AND "shared"."role_id" > ${params.add(ROLE.NONE)}
         AND "shared"."team_id" = ANY(${params.add(memberTeamIds(user))}::int[])))`;
  },
  async beforeCreate({ input }) {
    await storePasswordHash(input);
  },
  async beforeUpdate({ input }) {
    if ('password' in input) await storePasswordHash(input);
  },
  async afterUpdate({ tx, user, input, existing }) {
    if (!('password_hash' in input)) return;
    const own = existing.id === user.id;
    await endSessionsAfterPasswordChange(tx, existing.id as number, own ? user.sessionHash : undefined);
  },
};
