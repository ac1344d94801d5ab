/**
 * Where the rate limits (server/auth/rateLimit.ts) keep their counts: in memory when one process
 * serves the database (PGlite), in PostgreSQL otherwise, so that every process and every machine
 * on that database counts against the same limit. A store only counts; the rules are the
 * limiter's. Each key has one window at a time, opened by its first event: an event after the
 * window is over opens the next one.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../db/database';
import type { OwnTables } from '../db/ownTables';

export interface LimitWindow {
  /** Events counted in the window, this one included. */
  count: number;
  /** When the window opened (ms since the epoch); it ends windowMs later. */
  openedAt: number;
}

export interface LimitStore {
  /** Counts one event of `key` at `now` and answers its window. */
  add(key: string, now: number, windowMs: number): Promise<LimitWindow>;
  /** Takes back one event counted in the window opened at `openedAt`, if that window is still the key's. */
  takeBack(key: string, openedAt: number): Promise<void>;
  /** The events of `key` counted in its window if that window is still open at `now`, else 0; counts nothing. */
  peek(key: string, now: number, windowMs: number): Promise<number>;
}

/** Keys kept at most in memory: anyone can send from many addresses or names; beyond it the oldest window goes. */
export const MAX_KEYS = 100_000;

const digest = (key: string) => createHash('sha256').update(key).digest('base64url');
/** A long key (any text a client sends: a megabyte-long name) is kept as its digest. */
const memoryKey = (key: string) => (key.length > 64 ? digest(key) : key);

export class MemoryLimitStore implements LimitStore {
  // In the order the windows opened (a new window is put last), so the oldest is always first.
  private readonly windows = new Map<string, LimitWindow>();

  constructor(private readonly maxKeys = MAX_KEYS) {}

  async add(sent: string, now: number, windowMs: number): Promise<LimitWindow> {
    const key = memoryKey(sent);
    const current = this.windows.get(key);
    if (current && now - current.openedAt < windowMs) {
      current.count++;
      return { ...current };
    }
    this.windows.delete(key);
    this.forgetOld(now, windowMs);
    const opened = { count: 1, openedAt: now };
    this.windows.set(key, opened);
    return { ...opened };
  }

  async takeBack(key: string, openedAt: number): Promise<void> {
    const current = this.windows.get(memoryKey(key));
    if (current?.openedAt === openedAt && current.count > 0) current.count--;
  }

  async peek(key: string, now: number, windowMs: number): Promise<number> {
    const current = this.windows.get(memoryKey(key));
    return current && now - current.openedAt < windowMs ? current.count : 0;
  }

  get size(): number {
    return this.windows.size;
  }

  private forgetOld(now: number, windowMs: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.openedAt < windowMs && this.windows.size < this.maxKeys) return;
      this.windows.delete(key);
    }
  }
}

/**
 * The counts shared by every server on the database (PostgresLimitStore); a key is a digest,
 * opened_at ms since the epoch. Unlogged: after a crash the limits start afresh. Made on PGlite too
 * (where the counts stay in memory), so both databases have the same tables.
 */
export const RATE_LIMIT_TABLES: OwnTables = {
  names: ['rate_limit'],
  ddl: `CREATE UNLOGGED TABLE IF NOT EXISTS rate_limit (
  scope text NOT NULL,
  key text NOT NULL,
  opened_at bigint NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (scope, key)
)`,
};

/**
 * One row per scope and key (the table rate_limit, RATE_LIMIT_TABLES above): one statement per
 * counted event, atomic however many processes count at once. Windows over are deleted at most
 * once a window by each process. A key is stored as its digest: any text a client sends (a NUL, a
 * megabyte-long name) fits, and the table holds no names or addresses.
 */
export class PostgresLimitStore implements LimitStore {
  private sweptAt = Date.now();

  constructor(
    private readonly db: Database,
    private readonly scope: string,
  ) {}

  async add(key: string, now: number, windowMs: number): Promise<LimitWindow> {
    if (now - this.sweptAt >= windowMs) {
      this.sweptAt = now;
      // Nobody waits for it: a failed sweep is retried a window later.
      this.db.query('DELETE FROM rate_limit WHERE scope = $1 AND opened_at <= $2::bigint', [this.scope, now - windowMs]).catch(() => {});
    }
    const { rows } = await this.db.query<{ count: number; opened_at: string }>(
      `INSERT INTO rate_limit AS r (scope, key, opened_at, count) VALUES ($1, $2, $3::bigint, 1)
       ON CONFLICT (scope, key) DO UPDATE SET
         count = CASE WHEN r.opened_at <= $3::bigint - $4::bigint THEN 1 ELSE r.count + 1 END,
         opened_at = CASE WHEN r.opened_at <= $3::bigint - $4::bigint THEN $3::bigint ELSE r.opened_at END
       RETURNING count, opened_at`,
      [this.scope, digest(key), now, windowMs],
      'pucs_rate_limit_add',
    );
    return { count: rows[0].count, openedAt: Number(rows[0].opened_at) };
  }

  async takeBack(key: string, openedAt: number): Promise<void> {
    await this.db.query('UPDATE rate_limit SET count = count - 1 WHERE scope = $1 AND key = $2 AND opened_at = $3::bigint AND count > 0', [
      this.scope,
      digest(key),
      openedAt,
    ]);
  }

  async peek(key: string, now: number, windowMs: number): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>(
      'SELECT count FROM rate_limit WHERE scope = $1 AND key = $2 AND opened_at > $3::bigint - $4::bigint',
      [this.scope, digest(key), now, windowMs],
      'pucs_rate_limit_peek',
    );
    return rows[0]?.count ?? 0;
  }
}

/** The store for the limit named `scope`: shared through PostgreSQL, else in this process's memory. */
export function limitStore(db: Database, scope: string, maxKeys = MAX_KEYS): LimitStore {
  return db.kind === 'postgres' ? new PostgresLimitStore(db, scope) : new MemoryLimitStore(maxKeys);
}
