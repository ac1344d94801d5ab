/**
 * Bulk INSERTs for seeding: one statement per batch whose values travel as one text array per
 * column (INSERT ... SELECT FROM unnest(...)), cast to each column's type by PostgreSQL. PGlite
 * inserts one row per statement at only ~2k rows/s (STACK.md), and a multi-row VALUES list costs
 * one parameter per cell to parse; a dozen arrays per 10,000 rows seeds 100,000 devices in seconds.
 */
import type { Queryable } from '../db/database';
import { ident } from '../crud/sql';
import { withNameKeys } from '../crud/nameKeys';
import { categories } from '../../src/schemas/index';

export const BATCH_SIZE = 10_000;

/** jsonb values travel as JSON text: PGlite and node-postgres then agree (pg would send an array as a PostgreSQL array). */
export const json = (value: unknown) => JSON.stringify(value);

/** Column name -> its type as PostgreSQL writes it (format_type), for the casts. */
async function columnTypes(db: Queryable, table: string): Promise<Map<string, string>> {
  const { rows } = await db.query<{ name: string; type: string }>(
    `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
     WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped`,
    [ident(table)],
  );
  return new Map(rows.map((r) => [r.name, r.type]));
}

const asText = (value: unknown): string | null =>
  value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value);

/**
 * Inserts rows (all with the same keys) and returns the `returning` columns of each, in order.
 * `skipTaken`: a row that would break a unique rule is left out (and so is its returned entry).
 */
export async function insertRows<R extends Record<string, unknown> = { id: number }>(
  db: Queryable,
  table: string,
  given: readonly Record<string, unknown>[],
  returning: readonly string[] = ['id'],
  skipTaken = false,
): Promise<R[]> {
  if (given.length === 0) return [];
  // The look-alike keys of names (server/crud/nameKeys.ts) travel with the rows, as every write sets them.
  const category = categories.find((c) => c.key === table);
  const rows = category ? given.map((row) => withNameKeys(category, row)) : given;
  const columns = Object.keys(rows[0]);
  const types = await columnTypes(db, table);
  const casts = columns.map((c, i) => `c${i}::${types.get(c) ?? 'text'}`);
  const sql =
    `INSERT INTO ${ident(table)} (${columns.map(ident).join(', ')}) ` +
    `SELECT ${casts.join(', ')} FROM unnest(${columns.map((_, i) => `$${i + 1}::text[]`).join(', ')}) ` +
    `WITH ORDINALITY AS u(${columns.map((_, i) => `c${i}`).join(', ')}, n) ORDER BY n ` +
    (skipTaken ? 'ON CONFLICT DO NOTHING ' : '') +
    `RETURNING ${returning.map(ident).join(', ')}`;
  const out: R[] = [];
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    const batch = rows.slice(start, start + BATCH_SIZE);
    const { rows: inserted } = await db.query<R>(sql, columns.map((c) => batch.map((row) => asText(row[c]))));
    out.push(...inserted);
  }
  return out;
}
