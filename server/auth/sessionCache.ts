/**
 * Signed-in users by session, in memory: a known session costs no database round trip, neither
 * for the session check of every /api call nor for GET /api/current_user. Triggers notify every
 * process of any change of a user, their roles, a team's name or a session (tables.ts), and the
 * entries of that user are forgotten at once; the next request reads them afresh. Bounded: the
 * least recently used entries go first.
 */
import { AUTH_CHANGE, AUTH_CHANGE_ALL } from './tables';
import { CHANGES_LOST } from '../db/database';
import type { SessionUser } from './sessionUser';

export const SESSION_CACHE_SIZE = 10_000;

interface Entry {
  user: SessionUser;
  /** ms since the epoch: the session's own end. */
  expiresAt: number;
}

export class SessionCache {
  private readonly byHash = new Map<string, Entry>();
  /** Counts the change notifications: a read that saw it move may be stale (sessions.ts). */
  generation = 0;

  constructor(private readonly size = SESSION_CACHE_SIZE) {}

  get(hash: string): SessionUser | undefined {
    const entry = this.byHash.get(hash);
    if (!entry) return undefined;
    this.byHash.delete(hash);
    if (entry.expiresAt <= Date.now()) return undefined;
    this.byHash.set(hash, entry);
    return entry.user;
  }

  set(hash: string, user: SessionUser, expiresAt: number): void {
    this.byHash.delete(hash);
    this.byHash.set(hash, { user, expiresAt });
    if (this.byHash.size > this.size) this.byHash.delete(this.byHash.keys().next().value as string);
  }

  /** What a change notification says (payloads of tables.ts; others are not ours). */
  changed(payload: string): void {
    if (!payload.startsWith(AUTH_CHANGE) && payload !== CHANGES_LOST) return;
    this.generation++;
    if (payload === AUTH_CHANGE_ALL || payload === CHANGES_LOST) this.byHash.clear();
    else this.forgetUser(Number(payload.slice(AUTH_CHANGE.length)));
  }

  private forgetUser(userId: number): void {
    for (const [hash, entry] of this.byHash) if (entry.user.id === userId) this.byHash.delete(hash);
  }
}
