/**
 * Who sees what and who may change what, from a category's scope and permissions.
 *
 * Visibility is a SQL predicate, so lists, reads and reference checks all filter in the query:
 * an object outside the caller's teams is simply not found (404 with the same Description as an
 * unknown id), never "forbidden", so ids of other teams' objects reveal nothing.
 */
import type { Category, Permission } from '../../src/schemas/defineCategory';
import { messages, ownMessages } from '../../src/messages';
import { ApiError, forbidden, notFound, unauthorized } from '../http/errors';
import { isTeamAdmin, memberTeamIds, type SessionUser } from '../auth/sessionUser';
import { teammatesWhere } from '../auth/teammates';
import { ident, type SqlParams } from './sql';
import type { Row } from './hooks';

export { TEAM_FIELD } from '../../src/schemas/referrers';
import { TEAM_FIELD } from '../../src/schemas/referrers';

export function requireUser(user: SessionUser | null): SessionUser {
  if (!user) throw unauthorized(ownMessages.signInRequired);
  return user;
}

export const notFoundError = () => notFound(ownMessages.notFound);

/** Predicate over table alias `alias` that is true for the objects `user` may see. */
export function visibleWhere(category: Category, user: SessionUser, alias: string, params: SqlParams): string {
  const a = ident(alias);
  switch (category.scope) {
    case 'team': {
      // One team (the usual case) as an equality: the lists' indexes then give their order too.
      const teams = memberTeamIds(user);
      return teams.length === 1 ? `${a}.${ident(TEAM_FIELD)} = ${params.add(teams[0])}::int` : `${a}.${ident(TEAM_FIELD)} = ANY(${params.add(teams)}::int[])`;
    }
    case 'teamItself':
      return `${a}."id" = ANY(${params.add(memberTeamIds(user))}::int[])`;
    case 'user':
      return teammatesWhere(user, alias, params);
  }
}

/** The team an object belongs to, for permission checks; undefined when the scope has none. */
export function teamOf(category: Category, obj: Row): number | undefined {
  const value = category.scope === 'teamItself' ? obj.id : category.scope === 'team' ? obj[TEAM_FIELD] : undefined;
  return typeof value === 'number' ? value : undefined;
}

/**
 * Throws unless `user` may perform an action guarded by `permission` on `obj` (for a create,
 * the body; for an update, checked against the object before and after the change).
 */
export function assertPermitted(permission: Permission, category: Category, user: SessionUser, obj: Row): void {
  switch (permission) {
    case 'signedIn':
      return;
    case 'teamAdmin': {
      const team = teamOf(category, obj);
      if (team === undefined || !isTeamAdmin(user, team)) throw forbidden(messages.onlyAdminsCanModify);
      return;
    }
    case 'serverAdmin':
      if (!user.isServerAdmin) throw forbidden(ownMessages.serverAdminOnly);
      return;
    case 'selfOrServerAdmin':
      if (!user.isServerAdmin && obj.id !== user.id) throw forbidden(ownMessages.serverAdminOnly);
      return;
    case 'nobody':
      throw new ApiError(405, ownMessages.notAllowed);
  }
}

/**
 * Blanks the private fields (FieldSpec.private) of the answers whose object is not the caller
 * (scope 'user'), unless the caller is the server administrator. `rows` are the rows read (they
 * always carry the id), `answers` the JSON objects built from them, in the same order.
 */
export function blankPrivateFields(category: Category, user: SessionUser, rows: readonly Row[], answers: Row[]): void {
  if (user.isServerAdmin) return;
  const hidden = category.fieldSets.private;
  if (hidden.length === 0) return;
  answers.forEach((answer, i) => {
    if (category.scope === 'user' && rows[i].id === user.id) return;
    for (const name of hidden) if (name in answer) answer[name] = null;
  });
}
