/** INSERT and UPDATE of validated values. JSON fields travel as text cast to jsonb (a JS array
 * given to the pg driver would otherwise become a PostgreSQL array). */
import type { Category } from '../../src/schemas/defineCategory';
import type { Queryable } from '../db/database';
import { sqlType } from '../../src/schemas/kinds';
import { ident, SqlParams } from './sql';
import type { Row } from './hooks';
import { withNameKeys } from './nameKeys';

function placeholder(category: Category, name: string, value: unknown, params: SqlParams): string {
  if (category.fields[name] && sqlType(category.fields[name]) === 'jsonb') return `${params.add(value === null ? null : JSON.stringify(value))}::jsonb`;
  return params.add(value);
}

/** Only stored fields are written (a hook must turn a write-only field into a column). */
function storedOf(category: Category, values: Row): string[] {
  return Object.keys(values).filter((k) => category.fieldSets.stored.includes(k));
}

export async function insertRow(tx: Queryable, category: Category, given: Row): Promise<Row> {
  const values = withNameKeys(category, given);
  const params = new SqlParams();
  const names = storedOf(category, values);
  const sql =
    names.length === 0
      ? `INSERT INTO ${ident(category.key)} DEFAULT VALUES RETURNING *`
      : `INSERT INTO ${ident(category.key)} (${names.map(ident).join(', ')})
         VALUES (${names.map((n) => placeholder(category, n, values[n], params)).join(', ')}) RETURNING *`;
  const { rows } = await tx.query<Row>(sql, params.values);
  return rows[0];
}

export async function updateRow(tx: Queryable, category: Category, id: number, given: Row): Promise<Row> {
  const values = withNameKeys(category, given);
  const names = storedOf(category, values);
  if (names.length === 0) {
    const { rows } = await tx.query<Row>(`SELECT * FROM ${ident(category.key)} WHERE "id" = $1`, [id]);
    return rows[0];
  }
  const params = new SqlParams();
  const sets = names.map((n) => `${ident(n)} = ${placeholder(category, n, values[n], params)}`);
  const { rows } = await tx.query<Row>(
    `UPDATE ${ident(category.key)} SET ${sets.join(', ')} WHERE "id" = ${params.add(id)} RETURNING *`,
    params.values,
  );
  return rows[0];
}
