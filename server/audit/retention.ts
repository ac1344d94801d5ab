/**
 * The audit log keeps PUCS_AUDIT_DAYS days (default 365): older entries are removed a minute after
 * the start, then every hour, AUDIT_PRUNE_BATCH at a time, each batch its own short statement on the
 * `at` index, with a turn of the event loop between batches, so requests are answered meanwhile
 * (the embedded database runs one statement at a time). Every process runs it; a batch another
 * process removed first is simply not found.
 */
import type { Database } from '../db/database';
import { ownMessages } from '../../src/messages';
import { AUDIT_TABLE } from './tables';

export const AUDIT_PRUNE_EVERY_MS = 60 * 60_000;
export const AUDIT_PRUNE_FIRST_MS = 60_000;
export const AUDIT_PRUNE_BATCH = 5_000;

/** Removes the entries older than `days` days; answers how many. */
export async function pruneAudit(db: Database, days: number): Promise<number> {
  let removed = 0;
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      `WITH gone AS (DELETE FROM ${AUDIT_TABLE} WHERE id IN (
         SELECT id FROM ${AUDIT_TABLE} WHERE at < now() - make_interval(days => $1) ORDER BY at LIMIT ${AUDIT_PRUNE_BATCH}) RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [days],
    );
    removed += rows[0].n;
    if (rows[0].n < AUDIT_PRUNE_BATCH) return removed;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Runs pruneAudit on its schedule until stopped (at the app's close). */
export function startAuditRetention(db: Database, days: number, log: (message: string) => void): { stop(): void } {
  let timer: NodeJS.Timeout;
  let stopped = false;
  const round = () => {
    pruneAudit(db, days)
      .catch((err: unknown) => log(ownMessages.auditPruneFailed(err instanceof Error ? err.message : String(err))))
      .finally(() => {
        if (!stopped) timer = setTimeout(round, AUDIT_PRUNE_EVERY_MS).unref();
      });
  };
  timer = setTimeout(round, AUDIT_PRUNE_FIRST_MS).unref();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
