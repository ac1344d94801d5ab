/**
 * One small interface over the two databases we run on: embedded PGlite (default) and a real
 * PostgreSQL server (DATABASE_URL). Both speak the same SQL; nothing above this file knows which.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type * as pgTypes from 'pg';

export interface QueryResult<T> {
  rows: T[];
}

export interface Queryable {
  /**
   * `prepared`: a name under which PostgreSQL keeps the statement and its plan per connection, for a fixed
   * statement of a hot path (a device check-in: planning its joins costs more than running them). Never
   * for SQL built from input. PGlite ignores it.
   */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], prepared?: string): Promise<QueryResult<T>>;
  /** Several statements without parameters (DDL). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://... ; when absent, PGlite is used. */
  url?: string;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string;
  /** PGlite: start from a dump made by dumpDataDir (tests copy a migrated template this way). */
  loadDataDir?: Blob | File;
}

/**
 * A `date` column is read as its text, 'YYYY-MM-DD': as a JavaScript Date it would be an instant
 * (pg: local midnight, which the JSON answer then shifts to the day before east of UTC).
 */
const DATE_OID = 1082;
const keepDateText = (value: string) => value;

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  return opts.url ? openPostgres(opts.url) : openPglite(opts);
}

async function openPglite(opts: OpenOptions): Promise<Database & { dump(): Promise<Blob> }> {
  const { PGlite } = await import('@electric-sql/pglite');
  let dataDir: string | undefined;
  if (opts.dataDir) {
    dataDir = resolve(opts.dataDir);
    mkdirSync(dataDir, { recursive: true });
  }
  const pg = await PGlite.create({ dataDir, loadDataDir: opts.loadDataDir, parsers: { [DATE_OID]: keepDateText } });
  const wrap = (q: { query: typeof pg.query; exec: typeof pg.exec }): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const r = await q.query<T>(sql, params);
      return { rows: r.rows };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
    dump: async () => (await pg.dumpDataDir('none')) as Blob,
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pgModule = await import('pg');
  const pg = pgModule.default;
  // Return int8 (COUNT, BIGSERIAL) as numbers, like PGlite does for int4; ids stay far below 2^53.
  pg.types.setTypeParser(20, (v: string) => Number(v));
  pg.types.setTypeParser(DATE_OID, keepDateText);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client whose server connection ends (restart, DROP DATABASE ... FORCE) emits 'error';
  // the next query reconnects, so there is nothing to crash for.
  pool.on('error', () => {});
  const wrap = (c: pgTypes.Pool | pgTypes.PoolClient): Queryable => ({
    async query<T>(sql: string, params?: unknown[], prepared?: string) {
      const r = prepared ? await c.query({ name: prepared, text: sql, values: params }) : await c.query(sql, params);
      return { rows: r.rows as T[] };
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
