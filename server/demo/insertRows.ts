/**
 * Multi-row INSERTs: one statement per batch, because PGlite inserts one row per statement at
 * only ~2k rows/s (STACK.md) while 1,000-row statements are ~20x faster.
 */
import type { Queryable } from '../db/database';
import { ident } from '../crud/sql';

export const BATCH_SIZE = 1000;

/** jsonb values travel as JSON text: PGlite and node-postgres then agree (pg would send an array as a PostgreSQL array). */
export const json = (value: unknown) => JSON.stringify(value);

/**
 * Inserts rows (all with the same keys) and returns the `returning` columns of each, in order.
 */
export async function insertRows<R extends Record<string, unknown> = { id: number }>(
  db: Queryable,
  table: string,
  rows: readonly Record<string, unknown>[],
  returning: readonly string[] = ['id'],
): Promise<R[]> {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]);
  const out: R[] = [];
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    const batch = rows.slice(start, start + BATCH_SIZE);
    const params: unknown[] = [];
    const tuples = batch.map((row) => `(${columns.map((c) => `$${params.push(row[c])}`).join(', ')})`);
    const { rows: inserted } = await db.query<R>(
      `INSERT INTO ${ident(table)} (${columns.map(ident).join(', ')}) VALUES ${tuples.join(', ')} ` +
        `RETURNING ${returning.map(ident).join(', ')}`,
      params,
    );
    out.push(...inserted);
  }
  return out;
}
