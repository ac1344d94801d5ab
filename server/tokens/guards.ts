/**
 * What a caller with an API token may not do, whatever its user may: manage tokens (a stolen token
 * must not breed or hide others), change its user (password, preferences, the account itself) and,
 * when limited to some teams, make a team (its creator's new team would be outside them).
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

/** Refuses a change of user `userId` made with that user's own token. */
export function refuseOwnUserByToken(user: SessionUser, userId: unknown): void {
  if (user.token && user.id === userId) throw forbidden(ownMessages.tokenCannotChangeUser);
}

/** Refuses a new team asked for with a token limited to some teams. */
export function refuseNewTeamByLimitedToken(user: SessionUser): void {
  if (user.token?.limitedToTeams) throw forbidden(ownMessages.tokenLimitedToTeams);
}
