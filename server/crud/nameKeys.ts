/**
 * The look-alike keys of names (FieldSpec.lookalike, src/schemas/lookalike.ts): each such field has
 * a secret system column `<field>_key` (added by defineCategory) that every write fills here, that
 * uniqueness.ts compares, and that the migration gives to rows written before it existed or by a
 * bulk insert that does not set it. The key is computed in JS, not SQL: one function for the console's
 * check and the server's.
 */
import type { Category } from '../../src/schemas/defineCategory';
import { lookalikeKey } from '../../src/schemas/lookalike';
import type { Queryable } from '../db/database';
import { ident } from './sql';
import type { Row } from './hooks';

/** [field, its key column] of every look-alike field of the category that a unique rule holds. */
export function keyedFields(category: Category): [string, string][] {
  return Object.entries(category.fields)
    .filter(([, f]) => f.lookalikeOf !== undefined)
    .map(([column, f]) => [f.lookalikeOf!, column]);
}

/** The values of a write with the key of every look-alike field it sets. */
export function withNameKeys(category: Category, values: Row): Row {
  const keyed = keyedFields(category).filter(([field]) => Object.hasOwn(values, field));
  if (keyed.length === 0) return values;
  const out = { ...values };
  for (const [field, column] of keyed) out[column] = typeof values[field] === 'string' ? lookalikeKey(values[field]) : null;
  return out;
}

/** Rows given their keys per statement: the ids and keys travel as two arrays. */
const BATCH = 5_000;

/**
 * Gives every row without a key its key (the rows older than the key), a batch
 * at a time; names that already look alike keep their names (uniqueness.ts only refuses new ones).
 * Returns how many rows were given a key.
 */
export async function backfillNameKeys(q: Queryable, categories: readonly Category[]): Promise<number> {
  let done = 0;
  for (const category of categories) {
    const T = ident(category.key);
    for (const [field, column] of keyedFields(category)) {
      const [F, K] = [ident(field), ident(column)];
      // Keyset pages: each batch starts after the last id of the one before, never rereading filled rows.
      for (let after = 0; ; ) {
        const { rows } = await q.query<{ id: number; name: string }>(
          `SELECT "id", ${F} AS name FROM ${T} WHERE "id" > $1 AND ${K} IS NULL AND ${F} IS NOT NULL ORDER BY "id" LIMIT ${BATCH}`,
          [after],
        );
        if (rows.length === 0) break;
        after = rows[rows.length - 1].id;
        await q.query(`UPDATE ${T} AS t SET ${K} = k.key FROM unnest($1::int[], $2::text[]) AS k(id, key) WHERE t."id" = k.id`, [
          rows.map((r) => r.id),
          rows.map((r) => lookalikeKey(r.name)),
        ]);
        done += rows.length;
        if (rows.length < BATCH) break;
      }
    }
  }
  return done;
}
