/**
 * Uniqueness rules (category.unique). Checked before writing, for a clear message, and again
 * by the database's UNIQUE constraints of the same names (dbErrors.ts maps a violation that
 * slipped between check and write to the same answer).
 */
import type { Category } from '../../src/schemas/defineCategory';
import type { Queryable } from '../db/database';
import { conflict } from '../http/errors';
import { ident, SqlParams } from './sql';
import type { Row } from './hooks';

export async function checkUnique(tx: Queryable, category: Category, after: Row, existing?: Row): Promise<void> {
  for (const rule of category.unique ?? []) {
    // An unchanged value is accepted on update (spec section 5).
    if (existing && rule.fields.every((f) => after[f] === existing[f])) continue;
    // NULLs never collide in a UNIQUE constraint.
    if (rule.fields.some((f) => after[f] === null || after[f] === undefined)) continue;
    const params = new SqlParams();
    const conditions = rule.fields.map((f) => `${ident(f)} = ${params.add(after[f])}`);
    if (existing) conditions.push(`"id" <> ${params.add(existing.id)}`);
    const { rows } = await tx.query(`SELECT 1 FROM ${ident(category.key)} WHERE ${conditions.join(' AND ')} LIMIT 1`, params.values);
    if (rows.length > 0) throw conflict(rule.message(after));
  }
}
