/**
 * Signed-in users by session, in memory: a known session costs no database round trip, neither
 * for the session check of every /api call nor for GET /api/current_user. Triggers notify every
 * process of any change of a user, their roles, a team's name or a session (tables.ts), and the
 * entries of that user are forgotten at once; the next request reads them afresh. Bounded in
 * entries and in bytes (a user's preferences may be megabytes, and one user may open any number
 * of sessions): the least recently used entries go first.
 */
import { AUTH_CHANGE, AUTH_CHANGE_ALL } from './tables';
import { CHANGES_LOST } from '../db/database';
import type { SessionUser } from './sessionUser';

export const SESSION_CACHE_SIZE = 10_000;
/** Roughly what the cached sessions may hold in memory. */
export const SESSION_CACHE_BYTES = 32 * 1024 * 1024;
/** A generous estimate of an entry besides its preferences and teams (ids, names, the hash). */
const ENTRY_BYTES = 1024;
/** Per team of the user: its name, its role, the Map entry. */
const TEAM_BYTES = 256;
/** Parsed JSON weighs more than its text (object headers, property slots, two-byte strings). */
const PARSED_JSON_FACTOR = 4;

interface Entry {
  user: SessionUser;
  /** ms since the epoch: the session's own end. */
  expiresAt: number;
  bytes: number;
}

export class SessionCache {
  private readonly byHash = new Map<string, Entry>();
  private bytes = 0;
  /** Counts the change notifications: a read that saw it move may be stale (sessions.ts). */
  generation = 0;

  constructor(
    private readonly size = SESSION_CACHE_SIZE,
    private readonly budget = SESSION_CACHE_BYTES,
  ) {}

  get(hash: string): SessionUser | undefined {
    const entry = this.byHash.get(hash);
    if (!entry) return undefined;
    this.forget(hash);
    if (entry.expiresAt <= Date.now()) return undefined;
    this.keep(hash, entry);
    return entry.user;
  }

  /** `preferencesBytes`: the length of the user's preferences as JSON text. */
  set(hash: string, user: SessionUser, expiresAt: number, preferencesBytes = 0): void {
    this.forget(hash);
    const bytes = ENTRY_BYTES + TEAM_BYTES * user.roles.size + PARSED_JSON_FACTOR * preferencesBytes;
    // Too big to keep: such a user's requests read their session each time.
    if (bytes > this.budget) return;
    this.keep(hash, { user, expiresAt, bytes });
    while (this.byHash.size > this.size || this.bytes > this.budget) this.forget(this.byHash.keys().next().value as string);
  }

  private keep(hash: string, entry: Entry): void {
    this.byHash.set(hash, entry);
    this.bytes += entry.bytes;
  }

  private forget(hash: string): void {
    const entry = this.byHash.get(hash);
    if (!entry) return;
    this.byHash.delete(hash);
    this.bytes -= entry.bytes;
  }

  /** What a change notification says (payloads of tables.ts; others are not ours). */
  changed(payload: string): void {
    if (!payload.startsWith(AUTH_CHANGE) && payload !== CHANGES_LOST) return;
    this.generation++;
    if (payload === AUTH_CHANGE_ALL || payload === CHANGES_LOST) {
      this.byHash.clear();
      this.bytes = 0;
    } else this.forgetUser(Number(payload.slice(AUTH_CHANGE.length)));
  }

  private forgetUser(userId: number): void {
    for (const [hash, entry] of this.byHash) if (entry.user.id === userId) this.forget(hash);
  }
}
