/**
 * Requests for the same figures that arrive while a query for them runs wait for the next query
 * and share it. Each answer still comes from a query that started after its request arrived (a
 * user sees their own changes), and N home pages opened at once cost two queries rather than N in
 * a row (the database, PGlite above all, runs them one after the other).
 */
import { detached } from '../db/clientGone';

type Run<T> = () => Promise<T>;

const ignore = () => undefined;

/** A runner of `run` per key: at most one running and one waiting to start after it. */
export function sharedNextRun<T>(): (key: string, run: Run<T>) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  const waiting = new Map<string, Promise<T>>();
  const start = (key: string, run: Run<T>) => {
    // Shared by the requests waiting for it: it goes on when the client of the one that started it has gone.
    const started: Promise<T> = detached(run).finally(() => {
      if (running.get(key) === started) running.delete(key);
    });
    running.set(key, started);
    return started;
  };
  return (key, run) => {
    const queued = waiting.get(key);
    if (queued) return queued;
    const current = running.get(key);
    if (!current) return start(key, run);
    const next = current.then(ignore, ignore).then(() => {
      waiting.delete(key);
      return start(key, run);
    });
    waiting.set(key, next);
    return next;
  };
}
