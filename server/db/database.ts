/**
 * One small interface over the two databases we run on: embedded PGlite (default) and a real
 * PostgreSQL server (DATABASE_URL). Both speak the same SQL; nothing above this file knows which.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import type * as pgTypes from 'pg';
import { ClientGoneError, oneAtATime, requestGone, type StatementStats } from './clientGone';
import { literal, pglitePrepared } from './pglitePrepared';
import { ident } from '../crud/sql';
import { postgresPrepared } from './postgresPrepared';

export interface QueryResult<T> {
  rows: T[];
}

export interface Queryable {
  /**
   * `prepared`: a name under which PostgreSQL keeps the statement and its plan per connection, for a fixed
   * statement of a hot path (a device check-in: planning its joins costs more than running them). Never
   * for SQL built from input. When every parameter is an integer, both databases keep its generic plan
   * (pglitePrepared.ts, postgresPrepared.ts): PostgreSQL's own choice plans a list page anew each time.
   */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], prepared?: string): Promise<QueryResult<T>>;
  /** Several statements without parameters (DDL). */
  exec(sql: string): Promise<void>;
  /**
   * A transaction's only: `sql` with `params` goes out with the COMMIT, one round trip instead of one
   * more (an audit entry, server/audit/record.ts), or ahead of the next statement sent before it, so
   * it runs where it was asked. It is prepared once per connection under `prepared` (a fixed
   * statement, never SQL built from input) and executed with its parameters written in. Its error
   * fails the transaction; a rollback drops it.
   */
  withCommit?(sql: string, params: unknown[], prepared: string): void;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `handler` with the payload of every NOTIFY on CHANGES_CHANNEL, from any process sharing
   * the database (triggers send them: server/auth/tables.ts). A change this process commits is
   * told before its statement's promise settles: the notification reaches the session that sent
   * it ahead of the commit's answer, and every connection here listens. Returns the unsubscribe.
   */
  onChange(handler: (payload: string) => void): () => void;
  close(): Promise<void>;
  /**
   * Statements waiting and started; a statement (or transaction) whose request's client has gone
   * by its turn is not started: it throws ClientGoneError (clientGone.ts). The time each one holds
   * the database (PGlite's turn, PostgreSQL's pooled connection) counts to its request.
   */
  readonly stats: StatementStats;
}

/** The channel of the notifications that keep in-memory caches of several processes true. */
export const CHANGES_CHANNEL = 'pucs_changes';
/** Dispatched when notifications may have been missed (the listening connection was lost): forget everything. */
export const CHANGES_LOST = '*';

function changeHandlers() {
  const handlers = new Set<(payload: string) => void>();
  return {
    dispatch: (payload: string) => {
      for (const h of handlers) h(payload);
    },
    onChange: (handler: (payload: string) => void) => {
      handlers.add(handler);
      return () => void handlers.delete(handler);
    },
  };
}

export interface OpenOptions {
  /** postgres://... ; when absent, PGlite is used. */
  url?: string;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string;
}

/**
 * A `date` column is read as its text, 'YYYY-MM-DD': as a JavaScript Date it would be an instant
 * (pg: local midnight, which the JSON answer then shifts to the day before east of UTC).
 */
const DATE_OID = 1082;
const keepDateText = (value: string) => value;

export const PGLITE_SHARED_BUFFERS = '16MB';

/** Makes a statement of withCommit once per connection (`on`: its key), as `name`, by `run`. */
type Prepare = (on: object, run: (sql: string) => Promise<unknown>, name: string, sql: string) => Promise<void>;

function preparedOnce(): Prepare {
  const made = new WeakMap<object, Map<string, string>>();
  return async (on, run, name, sql) => {
    let names = made.get(on);
    if (!names) made.set(on, (names = new Map()));
    const known = names.get(name);
    if (known === sql) return;
    if (known !== undefined) throw new Error(`Statement ${name} prepared with another text.`);
    // Kept by the session even if its transaction rolls back; not marked made if it failed.
    await run(`PREPARE ${ident(name)} AS ${sql}`);
    names.set(name, sql);
  };
}

/**
 * A transaction's Queryable over `inner` (the connection `on`) whose withCommit statements wait for
 * the next statement, or for `commit()`, which answers them followed by COMMIT: one multi-statement
 * exec of EXECUTEs. A statement whose parameters cannot be written in (a text with a NUL) runs as
 * it was given, in its turn. The transaction's statements go out one after another in the order
 * they were called, even when called together (Promise.all): one whose queue was still being sent
 * would otherwise overtake it (the connection runs one statement at a time anyway).
 */
function withCommitQueue(inner: Queryable, on: object, prepare: Prepare): { tx: Queryable; commit: () => Promise<string> } {
  let waiting: { sql: string; params: unknown[]; name: string }[] = [];
  const written = async () => {
    const statements = waiting;
    waiting = [];
    let text = '';
    for (const { sql, params, name } of statements) {
      const literals = params.map(literal);
      if (literals.every((l) => l !== undefined)) {
        const kept = `commit_${name}`;
        await prepare(on, (prepared) => inner.exec(prepared), kept, sql);
        text += `EXECUTE ${ident(kept)}${literals.length > 0 ? `(${literals.join(', ')})` : ''};\n`;
      } else {
        if (text !== '') await inner.exec(text);
        text = '';
        await inner.query(sql, params);
      }
    }
    return text;
  };
  let ahead: Promise<unknown> = Promise.resolve();
  /** Runs `next` with the text of what waits, once every statement called before has gone out. */
  const inOrder = <R>(next: (text: string) => Promise<R>): Promise<R> => {
    const turn = ahead.then(async () => next(await written()));
    ahead = turn.catch(() => {});
    return turn;
  };
  return {
    tx: {
      query: <T>(sql: string, params?: unknown[], prepared?: string) =>
        inOrder(async (text) => {
          if (text !== '') await inner.exec(text);
          return inner.query<T>(sql, params, prepared);
        }),
      exec: (sql) => inOrder((text) => inner.exec(text + sql)),
      withCommit: (sql, params, name) => void waiting.push({ sql, params, name }),
    },
    commit: () => inOrder(async (text) => `${text}COMMIT`),
  };
}

const ROLLED_BACK = 'Transaction was rolled back instead of committed';

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  return opts.url ? openPostgres(opts.url) : openPglite(opts);
}

async function openPglite(opts: OpenOptions): Promise<Database> {
  // V8 compiles PGlite's 9 MB of WebAssembly with its baseline compiler, then recompiles the hot
  // functions with its optimizing one in the background: measured on the 2,000-device demo, that
  // second copy of the code costs about 45 MB of the server's memory and, on 2 cores, competes
  // with the requests (page 1 at 10 connections: 313 -> 418 requests/s without it). Its cost: long
  // statements run slower (the 100,000-device dashboard's aggregate 103 -> 167 ms, still within
  // its 200 ms). Set before the module is compiled; PGlite is the only WebAssembly the server runs.
  setFlagsFromString('--liftoff-only');
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  let dataDir: string | undefined;
  if (opts.dataDir) {
    dataDir = resolve(opts.dataDir);
    mkdirSync(dataDir, { recursive: true });
  }
  const pg = await PGlite.create({
    dataDir,
    parsers: { [DATE_OID]: keepDateText },
    // The name search's trigram index (server/db/ddl.ts).
    extensions: { pg_trgm },
    // PostgreSQL's default 128 MB of shared buffers is resident memory in the server's own process
    // here; the files are read through the operating system's cache anyway, so 16 MB is enough.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  const wrap = (q: { query: typeof pg.query; exec: typeof pg.exec }): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const r = await q.query<T>(sql, params);
      return { rows: r.rows };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const changes = changeHandlers();
  await pg.listen(CHANGES_CHANNEL, changes.dispatch);
  const stats: StatementStats = { waiting: 0, started: 0, skipped: 0 };
  const inTurn = oneAtATime(stats);
  const top = wrap(pg);
  const named = pglitePrepared(pg);
  const prepare = preparedOnce();
  return {
    kind: 'pglite',
    query: <T>(sql: string, params?: unknown[], prepared?: string) =>
      inTurn(async () => (prepared && (await named<T>(sql, params ?? [], prepared))) || top.query<T>(sql, params)),
    exec: (sql) => inTurn(() => top.exec(sql)),
    // BEGIN and COMMIT of its own rather than pg.transaction's, so that the statements waiting for
    // the COMMIT go with it (withCommitQueue).
    transaction: (fn) =>
      inTurn(async () => {
        await pg.exec('BEGIN');
        try {
          const { tx, commit } = withCommitQueue(top, pg, prepare);
          const result = await fn(tx);
          const answers = await pg.exec(await commit());
          // A COMMIT of a transaction a caught error had aborted answers ROLLBACK: nothing was stored.
          if (answers[answers.length - 1].command === 'ROLLBACK') throw new Error(ROLLED_BACK);
          return result;
        } catch (err) {
          await pg.exec('ROLLBACK');
          throw err;
        }
      }),
    stats,
    onChange: changes.onChange,
    close: () => pg.close(),
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
  const changes = changeHandlers();
  const stats: StatementStats = { waiting: 0, started: 0, skipped: 0 };
  const listening = new WeakSet<pgTypes.PoolClient>();
  /** Server processes (backend pids) of this pool's connections: their own changes are told by them. */
  const ownBackends = new Set<number>();
  /**
   * A client of the pool that listens to CHANGES_CHANNEL (each one does, from its first use), for
   * the changes its own statements make: told before the statement returns. Changes from elsewhere
   * are the dedicated listener's, so that each change is told once.
   */
  const acquire = async () => {
    const signal = requestGone();
    stats.waiting++;
    let client: pgTypes.PoolClient;
    try {
      client = await pool.connect();
    } finally {
      stats.waiting--;
    }
    if (signal?.aborted) {
      stats.skipped++;
      client.release();
      throw new ClientGoneError();
    }
    stats.started++;
    if (!listening.has(client)) {
      listening.add(client);
      const pid = (client as unknown as { processID: number }).processID;
      ownBackends.add(pid);
      client.on('end', () => ownBackends.delete(pid));
      client.on('notification', (n) => {
        if (n.channel === CHANGES_CHANNEL && n.processId === pid) changes.dispatch(n.payload ?? '');
      });
      try {
        await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      } catch (err) {
        client.release(err as Error);
        throw err;
      }
    }
    return client;
  };
  const generic = postgresPrepared();
  const prepare = preparedOnce();
  const run = async (c: pgTypes.PoolClient, sql: string, params?: unknown[], prepared?: string): Promise<{ rows: unknown[] }> =>
    prepared
      ? ((await generic(c, sql, params ?? [], prepared)) ?? c.query({ name: prepared, text: sql, values: params }))
      : // Parameters given (even none): one statement, as on PGlite. node-postgres would send a text
        // without values as a simple query, where `COMMIT; DELETE ...` leaves the transaction.
        params
        ? c.query(oneStatement(sql, params))
        : c.query(sql);
  const wrap = (c: pgTypes.PoolClient): Queryable => ({
    async query<T>(sql: string, params?: unknown[], prepared?: string) {
      return { rows: (await run(c, sql, params, prepared)).rows as T[] };
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  });
  /** One statement on a client of its own, as pool.query does (a failed client is not reused). */
  const once = async <R>(fn: (c: pgTypes.PoolClient) => Promise<R>): Promise<R> => {
    const client = await acquire();
    try {
      const result = await fn(client);
      client.release();
      return result;
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
  };
  const listener = keepListening(pg, url, changes.dispatch, (pid) => ownBackends.has(pid));
  return {
    kind: 'postgres',
    query: <T>(sql: string, params?: unknown[], prepared?: string) => once(async (c) => ({ rows: (await run(c, sql, params, prepared)).rows as T[] })),
    exec: (sql: string) => once(async (c) => void (await c.query(sql))),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await acquire();
      try {
        await client.query('BEGIN');
        const { tx, commit } = withCommitQueue(wrap(client), client, prepare);
        const result = await fn(tx);
        const answers = (await client.query(await commit())) as unknown as pgTypes.QueryResult | pgTypes.QueryResult[];
        // A COMMIT of a transaction a caught error had aborted answers ROLLBACK: nothing was stored.
        if ((Array.isArray(answers) ? answers[answers.length - 1] : answers).command === 'ROLLBACK') throw new Error(ROLLED_BACK);
        return result;
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      } finally {
        client.release();
      }
    },
    onChange: changes.onChange,
    stats,
    close: async () => {
      await listener.stop();
      await pool.end();
    },
  };
}

/**
 * A connection of its own that listens to CHANGES_CHANNEL for as long as the database is open: the
 * pool's connections listen too (a change this process makes is then told at once), but the pool
 * closes idle ones, and another process's change must reach this one even then. When the connection
 * is lost, what was notified meanwhile is unknown: CHANGES_LOST is dispatched, and it connects again.
 */
function keepListening(pg: typeof import('pg').default, url: string, dispatch: (payload: string) => void, isOwn: (pid: number) => boolean) {
  let stopped = false;
  let client: pgTypes.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    // Keepalive: a connection a firewall drops in silence would otherwise stop hearing changes unnoticed.
    const c = new pg.Client({ connectionString: url, keepAlive: true });
    client = c;
    const lost = () => {
      if (stopped || client !== c) return;
      client = undefined;
      dispatch(CHANGES_LOST);
      retry = setTimeout(() => void connect(), 1000);
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (n) => {
      if (n.channel === CHANGES_CHANNEL && !isOwn(n.processId)) dispatch(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGES_CHANNEL}`);
      // Whatever changed before this connection listened is unknown to the caches.
      dispatch(CHANGES_LOST);
    } catch {
      lost();
      await c.end().catch(() => {});
    }
  };
  void connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}

/** A statement node-postgres sends with the extended protocol even without values: exactly one statement (pg's `queryMode`, not in its types). */
function oneStatement(text: string, values: unknown[]): pgTypes.QueryConfig {
  const config: pgTypes.QueryConfig & { queryMode: 'extended' } = { text, values, queryMode: 'extended' };
  return config;
}
