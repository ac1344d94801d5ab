/**
 * The caller of a request sent with `Authorization: Bearer <API token>`: the token's user, read by
 * the same query as a session's (server/auth/sessions.ts readCaller), so whatever stops a user
 * stops their tokens; with roles only in the token's teams, so every query, scoped by that map,
 * answers another team's objects as unknown ones; never the server administrator when limited to
 * teams. Cached with the sessions (forgotten on the same notifications). The last use is written at
 * most once a minute per token: a pipeline's burst of calls is not a burst of writes.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database';
import { callerFrom, readCaller } from '../auth/sessions';
import type { SessionCache } from '../auth/sessionCache';
import type { SessionUser } from '../auth/sessionUser';
import { parseToken, secretMatches } from './secret';

/** How old a token's written last use may get before a call writes it again. */
export const LAST_USE_EVERY_MS = 60_000;

/** The token of an `Authorization: Bearer` header (the scheme's letter case aside), or undefined without one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^bearer(?: +(.*))?$/i.exec(request.headers.authorization ?? '');
  return match ? (match[1] ?? '').trim() : undefined;
}

interface TokenRow {
  token_id: number;
  secret_hash: string;
  team_ids: number[] | null;
  read_only: boolean;
}

export class TokenCallers {
  /** Token id -> when this process last wrote its last use (ms). */
  private readonly written = new Map<number, number>();

  constructor(
    private readonly db: Queryable,
    private readonly cache: SessionCache,
  ) {}

  /** The token's user as a caller, or null for a malformed, unknown, wrong, expired or revoked token. */
  async load(text: string): Promise<SessionUser | null> {
    const parsed = parseToken(text);
    if (!parsed) return null;
    const key = `token:${createHash('sha256').update(text).digest('hex')}`;
    const user = this.cache.get(key) ?? (await this.read(key, parsed.id, parsed.secret));
    if (user?.token) await this.used(user.token.id);
    return user;
  }

  private async read(key: string, id: number, secret: string): Promise<SessionUser | null> {
    const generation = this.cache.generation;
    const row = await readCaller<TokenRow>(this.db, 'api_token', 'c.id = $1', [id], ', c.id AS token_id, c.secret_hash, c.team_ids, c.read_only');
    if (!row || !secretMatches(secret, row.secret_hash)) return null;
    const teams = row.team_ids ?? undefined;
    const user: SessionUser = {
      ...callerFrom(row, teams),
      isServerAdmin: row.is_server_admin === true && teams === undefined,
      token: { id: row.token_id, readOnly: row.read_only === true, limitedToTeams: teams !== undefined },
    };
    if (this.cache.generation === generation) this.cache.set(key, user, new Date(row.expires_at).getTime(), row.preferences_bytes ?? 0);
    return user;
  }

  private async used(id: number): Promise<void> {
    const now = Date.now();
    if (now - (this.written.get(id) ?? 0) < LAST_USE_EVERY_MS) return;
    this.written.set(id, now);
    // Another process may have written it just now: then the row is left as it is.
    await this.db.query(
      `UPDATE api_token SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - make_interval(secs => $2::int))`,
      [id, LAST_USE_EVERY_MS / 1000],
    );
  }
}
