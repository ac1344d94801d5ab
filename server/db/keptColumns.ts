/**
 * A removed field's column is kept as data, marked with a comment so that a later start knows it
 * from a column that has just lost its field: the field that disappears is reported once, and a
 * field declared again over the kept column must say what becomes of the old values
 * (FieldSpec.formerValues). The comment is held by the database itself, in the migration's transaction.
 */
import { ident, quoteLiteral } from '../crud/sql';

export const KEPT_COMMENT = 'PUCS: the column of a removed field, kept as data';

export const markKeptSql = (table: string, column: string) =>
  `COMMENT ON COLUMN ${ident(table)}.${ident(column)} IS ${quoteLiteral(KEPT_COMMENT)}`;

export const unmarkKeptSql = (table: string, column: string) => `COMMENT ON COLUMN ${ident(table)}.${ident(column)} IS NULL`;

export const dropColumnSql = (table: string, column: string) => `ALTER TABLE ${ident(table)} DROP COLUMN ${ident(column)}`;

/** How many values a column holds: the n of a data check. */
export const valuesSql = (table: string, column: string) =>
  `SELECT count(*)::int AS n FROM ${ident(table)} WHERE ${ident(column)} IS NOT NULL`;
