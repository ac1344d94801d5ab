/**
 * What a caller with an API token may not do, whatever its user may: the token rule, written once
 * here (docs/API.md, "Tokens for scripts and pipelines", says it to integrators).
 *
 * A token is for a script or a build pipeline: reading devices, firmwares and configurations,
 * making and changing them, uploading files, all within its teams (and only reading when it is
 * read-only). It never manages:
 * - tokens (a stolen token must not breed or hide others): sessionOnly;
 * - accounts and memberships: creating, changing or deleting users (passwords, preferences,
 *   `active`, `is_server_admin`), new sign-in links, and team members and roles, anyone's, its own
 *   user's included: each of these would let a stolen token take or let in an account that
 *   outlives the token's revocation: refuseAccountsByToken;
 * - when limited to some teams, a new team (its creator's new team would be outside them).
 */
import { ownMessages } from '../../src/messages';
import type { SessionUser } from '../auth/sessionUser';
import { requireUser } from '../crud/access';
import { forbidden } from '../http/errors';

/** The caller, signed in with a session: 401 signed out, 403 with a token. */
export function sessionOnly(user: SessionUser | null): SessionUser {
  const caller = requireUser(user);
  if (caller.token) throw forbidden(ownMessages.tokenCannotManageTokens);
  return caller;
}

/** Refuses, with a token, a change of any account or membership (users, sign-in links, roles). */
export function refuseAccountsByToken(user: SessionUser): void {
  if (user.token) throw forbidden(ownMessages.tokenCannotManageAccounts);
}

/** Refuses a new team asked for with a token limited to some teams. */
export function refuseNewTeamByLimitedToken(user: SessionUser): void {
  if (user.token?.limitedToTeams) throw forbidden(ownMessages.tokenLimitedToTeams);
}
