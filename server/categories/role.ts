/**
 * Roles (a user's membership of a team):
 * - a team admin adds an existing user by username (the teams page): the write-only `username`
 *   input is resolved to user_id, letter case aside (server/auth/usernameKey.ts); an unknown name
 *   says only that there is no such user. Such additions are counted per caller, known names or
 *   not, before the lookup (at most INVITATIONS_PER_HOUR; the server administrator is not
 *   counted), so that the usernames cannot be harvested;
 * - a user_id sent as such must be a user the caller already sees (themself or someone sharing one
 *   of their teams, server/auth/teammates.ts; the server administrator sees everyone): any other id
 *   answers exactly like an id that does not exist, so ids cannot be walked to list the users;
 * - a team must keep at least one administrator, so an admin role cannot be demoted, moved or
 *   deleted when it is the team's last one.
 */
import type { AdmitContext, CategoryHooks, CreateContext } from '../crud/hooks';
import type { RowOf } from '../../src/schemas/rowOf';
import type { role } from '../../src/schemas/role';
import type { Database, Queryable } from '../db/database';
import { ownMessages } from '../../src/messages';
import { ROLE } from '../../src/schemas/role';
import { ApiError, badRequest, conflict } from '../http/errors';
import { Limiter } from '../auth/rateLimit';
import { limitStore } from '../auth/limitStore';
import { findUserByName } from '../auth/usernameKey';
import { teammatesWhere } from '../auth/teammates';
import { SqlParams } from '../crud/sql';
import { refuseAccountsByToken } from '../tokens/guards';

const USERNAME_INPUT = 'username';
const USER_FIELD = 'user_id';

export const INVITATIONS_PER_HOUR = 30;

/** One limiter per database: every process on a PostgreSQL counts in its table rate_limit. */
const invitationLimiters = new WeakMap<Database, Limiter>();

function invitationLimiter(db: Database): Limiter {
  let limiter = invitationLimiters.get(db);
  if (!limiter) {
    limiter = new Limiter({ max: INVITATIONS_PER_HOUR, windowMs: 3600_000 }, limitStore(db, 'member_by_username'));
    invitationLimiters.set(db, limiter);
  }
  return limiter;
}

/**
 * Counts a write whose body names a username (adding a member by name, renaming oneself: either
 * tells whether the name exists) against the caller's INVITATIONS_PER_HOUR; the server
 * administrator is not counted. Shared with server/categories/user.ts.
 */
export async function countUsernameProbe({ db, user, body }: AdmitContext): Promise<void> {
  if (user.isServerAdmin || typeof body !== 'object' || body === null || !Object.hasOwn(body, USERNAME_INPUT)) return;
  const taken = await invitationLimiter(db).take(String(user.id));
  if (taken.wait > 0) throw new ApiError(429, ownMessages.tooManyInvitations, { 'Retry-After': String(taken.wait) });
}

async function resolveUsername({ tx, input, category }: CreateContext): Promise<boolean> {
  if (!(USERNAME_INPUT in input)) return false;
  const username = input[USERNAME_INPUT];
  delete input[USERNAME_INPUT];
  const found = typeof username === 'string' ? await findUserByName(tx, username) : undefined;
  // The schema's words, which the teams page shows under the username field.
  if (!found) throw badRequest(category.fields[USERNAME_INPUT]?.unresolved ?? ownMessages.noSuchUser);
  input[USER_FIELD] = found.id;
  return true;
}

/** A user_id the caller does not see answers like an unknown one (server/crud/references.ts). */
async function assertKnownUser({ tx, user, category, input }: CreateContext): Promise<void> {
  if (user.isServerAdmin) return;
  const params = new SqlParams();
  const where = `"u"."id" = ${params.add(input[USER_FIELD])} AND ${teammatesWhere(user, 'u', params)}`;
  const { rows } = await tx.query(`SELECT 1 FROM "user" AS "u" WHERE ${where}`, params.values);
  if (rows.length === 0) throw badRequest(ownMessages.referenceNotFound(category.fields[USER_FIELD]?.label ?? USER_FIELD));
}

async function assertAnotherAdmin(tx: Queryable, existing: RowOf<typeof role>): Promise<void> {
  if (existing.role_id !== ROLE.ADMIN) return;
  // Locking the team row makes concurrent changes of its admins take turns, so two admins
  // demoting each other at once cannot both succeed.
  await tx.query(`SELECT 1 FROM "team" WHERE "id" = $1 FOR UPDATE`, [existing.team_id]);
  const { rows } = await tx.query(
    `SELECT 1 FROM "role" WHERE "team_id" = $1 AND "role_id" = $2 AND "id" <> $3 LIMIT 1`,
    [existing.team_id, ROLE.ADMIN, existing.id],
  );
  if (rows.length === 0) throw conflict(ownMessages.lastAdmin);
}

/**
 * Before a write of a user or a membership: never with an API token (server/tokens/guards.ts), then
 * the username probe's count. Shared with server/categories/user.ts.
 */
export async function admitAccountWrite(ctx: AdmitContext): Promise<void> {
  refuseAccountsByToken(ctx.user);
  await countUsernameProbe(ctx);
}

export const roleHooks: CategoryHooks<RowOf<typeof role>> = {
  admit: admitAccountWrite,
  async beforeCreate(ctx) {
    if (!(await resolveUsername(ctx))) await assertKnownUser(ctx);
  },
  async beforeUpdate(ctx) {
    const { tx, input, existing } = ctx;
    const byName = await resolveUsername(ctx);
    if (!byName && USER_FIELD in input && input[USER_FIELD] !== existing.user_id) await assertKnownUser(ctx);
    const losesAdmin =
      ('role_id' in input && input.role_id !== ROLE.ADMIN) ||
      ('team_id' in input && input.team_id !== existing.team_id) ||
      ('user_id' in input && input.user_id !== existing.user_id);
    if (losesAdmin) await assertAnotherAdmin(tx, existing);
  },
  async beforeDelete({ tx, user, existing }) {
    refuseAccountsByToken(user);
    await assertAnotherAdmin(tx, existing);
  },
};
