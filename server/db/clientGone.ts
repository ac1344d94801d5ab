/**
 * Work for a client that has gone is not started: each request runs with an AbortSignal that fires
 * when its connection closes before the answer was sent (server/http/loadShedding.ts), and the
 * database (database.ts) checks it when a statement's turn comes, after the wait for PGlite's one
 * statement at a time or for a pooled connection, so that a queue of abandoned requests (a client
 * that gave up, a load test stopping) does not hold up the requests behind it.
 *
 * The same request context counts the time the request's own statements held the database (from
 * their turn or pooled connection to their result, never the wait before): what its call costs the
 * server beside its answer's size (server/http/heavyWork.ts). The wait is left out on purpose: under
 * load every call waits, and counting it would make every call look heavy.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';

/** Thrown instead of running a statement for a request whose client has gone; nothing is answered. */
export class ClientGoneError extends Error {
  constructor() {
    super('the client has gone');
  }
}

/** A request's work: its client-gone signal and the milliseconds its statements have held the database. */
export interface RequestWork {
  readonly signal: AbortSignal;
  databaseMs: number;
}

const requestWork = new AsyncLocalStorage<RequestWork>();

/** Runs `fn` (and all it starts) as the work of this request. */
export const asRequestWork = <T>(work: RequestWork, fn: () => T): T => requestWork.run(work, fn);

/** The signal of the request being worked on, if any (none: work of the server's own). */
export const requestGone = (): AbortSignal | undefined => requestWork.getStore()?.signal;

/**
 * Starts the clock of a statement (or transaction) that now holds the embedded database, for the
 * request being worked on; the returned function stops it and counts the time to that request. Only
 * the embedded database's: it runs on this thread, so its time is the server's, while PostgreSQL's
 * time (a lock waited for included) passes in its own processes.
 */
export function holdingDatabase(): () => void {
  const work = requestWork.getStore();
  const start = performance.now();
  return () => {
    if (work) work.databaseMs += performance.now() - start;
  };
}

/**
 * Runs `fn` as work of no request: work that several requests share (a batch of writes, a query whose
 * answer others wait for) must not stop because the client of the request that started it went away.
 * Its database time counts to no request's cost.
 */
export const detached = <T>(fn: () => T): T => requestWork.exit(fn);

/** What the database did and does, for tests and figures. */
export interface StatementStats {
  /** Statements (or transactions) waiting for their turn now. */
  waiting: number;
  /** Statements (or transactions) started. */
  started: number;
  /** Statements (or transactions) not started because their client had gone. */
  skipped: number;
}

const givesWay = new AsyncLocalStorage<true>();

/**
 * Runs `fn` (and all it starts) as heavy work (server/http/heavyWork.ts): each of its statements
 * starts on a turn of the event loop of its own, after the requests that came meanwhile are read.
 */
export const givingWay = <T>(fn: () => T): T => givesWay.run(true, fn);

/** Resolves on a later turn of the event loop, once the connections' waiting input has been read. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs calls one at a time in the order they came (PGlite runs one statement at a time anyway: the
 * wait happens here, where the caller's signal can be checked once its turn comes). PGlite runs a
 * statement on this thread and answers at once, so a request's statements follow one another
 * without the requests that came meanwhile being read: heavy work's each wait for a turn, and a
 * light call is answered between them (issue 28 item 1).
 */
export function oneAtATime(stats: StatementStats) {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const signal = requestGone();
    stats.waiting++;
    const turn = (givesWay.getStore() ? tail.then(nextTurn) : tail).then(async () => {
      stats.waiting--;
      if (signal?.aborted) {
        stats.skipped++;
        throw new ClientGoneError();
      }
      stats.started++;
      const held = holdingDatabase();
      try {
        return await fn();
      } finally {
        held();
      }
    });
    tail = turn.catch(() => {});
    return turn;
  };
}
