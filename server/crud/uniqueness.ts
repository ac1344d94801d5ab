/**
 * Uniqueness rules (category.unique). Checked before writing, for a clear message, and again
 * by the database's UNIQUE constraints of the same names (dbErrors.ts maps a violation that
 * slipped between check and write to the same answer).
 *
 * A field declared `lookalike` (a name) is compared by its look-alike key (nameKeys.ts), which no
 * constraint holds: names that looked alike before the key existed must not stop a start. Such a
 * check takes a transaction lock on the rule's values first, so two writers of look-alike names
 * take turns and the second sees the first's row.
 */
import type { Category } from '../../src/schemas/defineCategory';
import { lookalikeColumn, uniqueValue } from '../../src/schemas/lookalike';
import type { Queryable } from '../db/database';
import { conflict } from '../http/errors';
import { ident, SqlParams } from './sql';
import type { Row } from './hooks';

/** The advisory lock class of look-alike names (any constant no other lock uses). */
const NAME_LOCK_CLASS = 7_311_030;

export async function checkUnique(tx: Queryable, category: Category, after: Row, existing?: Row): Promise<void> {
  for (const rule of category.unique ?? []) {
    // An unchanged value is accepted on update (spec section 5).
    if (existing && rule.fields.every((f) => after[f] === existing[f])) continue;
    // NULLs never collide in a UNIQUE constraint.
    if (rule.fields.some((f) => after[f] === null || after[f] === undefined)) continue;
    const keyed = (f: string) => category.fields[f]?.lookalike === true && Object.hasOwn(category.fields, lookalikeColumn(f));
    const params = new SqlParams();
    const conditions = rule.fields.map((f) =>
      keyed(f) ? `${ident(lookalikeColumn(f))} = ${params.add(uniqueValue(category.fields[f], after[f]))}` : `${ident(f)} = ${params.add(after[f])}`,
    );
    if (rule.fields.some(keyed)) {
      const compared = rule.fields.map((f) => uniqueValue(category.fields[f], after[f]));
      await tx.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [NAME_LOCK_CLASS, JSON.stringify([category.key, ...compared])]);
    }
    if (existing) conditions.push(`"id" <> ${params.add(existing.id)}`);
    const { rows } = await tx.query(`SELECT 1 FROM ${ident(category.key)} WHERE ${conditions.join(' AND ')} LIMIT 1`, params.values);
    if (rows.length > 0) throw conflict(rule.message(after));
  }
}
