/**
 * Making, listing and revoking a user's API tokens: each change is one named function taking the
 * transaction's client, so that what must happen with it (an audit entry) joins it in the same
 * transaction. The token's teams are checked against the caller's roles, the map every query
 * reads: a team the user is not in is an unknown one.
 */
import type { Queryable } from '../db/database';
import type { ApiTokenInfo, NewApiToken } from '../../src/apiTokens';
import { ownMessages } from '../../src/messages';
import { memberTeamIds, type SessionUser } from '../auth/sessionUser';
import { notFoundError } from '../crud/access';
import { badRequest } from '../http/errors';
import { hashSecret, newSecret, tokenText } from './secret';
import { audit, type AuditActor } from '../audit/record';

export interface TokenRequest {
  name: string;
  expires_in_days: number;
  /** Left out: every team of the user, as they are at each call. */
  team_ids?: number[];
  read_only?: boolean;
}

/** Makes a token of `user`; its text is answered this once and never stored. */
export async function createToken(tx: Queryable, user: SessionUser, request: TokenRequest): Promise<NewApiToken> {
  const teams = request.team_ids === undefined ? null : [...new Set(request.team_ids)];
  const mine = memberTeamIds(user);
  if (teams?.some((team) => !mine.includes(team))) throw badRequest(ownMessages.referenceNotFound('team_ids'));
  const secret = newSecret();
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO api_token (user_id, name, secret_hash, team_ids, read_only, expires_at)
     VALUES ($1, $2, $3, $4::int[], $5, now() + make_interval(days => $6::int)) RETURNING id`,
    [user.id, request.name, hashSecret(secret), teams, request.read_only === true, request.expires_in_days],
  );
  const after = (value: unknown) => ({ before: null, after: value });
  await audit(tx, {
    by: user,
    action: 'create',
    category: 'token',
    id: rows[0].id,
    name: request.name,
    changes: { team_ids: after(teams), read_only: after(request.read_only === true), expires_in_days: after(request.expires_in_days), token: { secret: true } },
  });
  return { id: rows[0].id, token: tokenText(rows[0].id, secret) };
}

/** Revokes a token of `user`: another user's token is an unknown one (404). */
export async function revokeToken(tx: Queryable, user: SessionUser, id: number): Promise<void> {
  const { rows } = await tx.query<{ name: string }>('DELETE FROM api_token WHERE id = $1 AND user_id = $2 RETURNING name', [id, user.id]);
  if (rows.length === 0) throw notFoundError();
  await audit(tx, { by: user, action: 'delete', category: 'token', id, name: rows[0].name });
}

/** Before `userId` is deleted (by `by`): their tokens go, each with the entry a revoke writes (the database's cascade would write none). */
export async function revokeTokensOf(tx: Queryable, by: AuditActor, userId: number): Promise<void> {
  const { rows } = await tx.query<{ id: number; name: string }>('DELETE FROM api_token WHERE user_id = $1 RETURNING id, name', [userId]);
  await audit(tx, rows.map((row) => ({ by, action: 'delete', category: 'token', id: row.id, name: row.name })));
}

/** The tokens of `userId`, newest first, without their secrets' hashes. */
export async function listTokens(db: Queryable, userId: number): Promise<ApiTokenInfo[]> {
  const { rows } = await db.query<ApiTokenInfo>(
    `SELECT k.id, k.name, k.read_only, k.created_at, k.expires_at, k.last_used_at,
       CASE WHEN k.team_ids IS NULL THEN NULL ELSE COALESCE(
         (SELECT json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY t.name, t.id) FROM team t WHERE t.id = ANY(k.team_ids)), '[]'::json) END AS teams
     FROM api_token k WHERE k.user_id = $1 ORDER BY k.created_at DESC, k.id DESC`,
    [userId],
  );
  return rows;
}
