/**
 * The indexes and extended statistics built on each column of the database (besides the indexes
 * of constraints, which follow their constraint). A column changing type cannot keep an index
 * spelled for the old type (lower() of a number), and a column no longer declared should not keep
 * the cost of its indexes: the migration drops these and makes again what the registry declares.
 */
import type { Queryable } from './database';
import { ident } from '../crud/sql';

/** An index or a statistics object, by name. */
export interface ColumnDependent {
  name: string;
  statistics: boolean;
}

/** "table.column" -> what is built on it. */
export type ColumnDependents = Map<string, ColumnDependent[]>;

export const dependentKey = (table: string, column: string) => `${table}.${column}`;

export async function readColumnDependents(db: Queryable): Promise<ColumnDependents> {
  const { rows } = await db.query<{ table_name: string; column_name: string; name: string; statistics: boolean }>(
    `SELECT DISTINCT t.relname AS table_name, a.attname AS column_name, i.relname AS name, false AS statistics
       FROM pg_depend d
       JOIN pg_class i ON i.oid = d.objid AND i.relkind = 'i'
       JOIN pg_class t ON t.oid = d.refobjid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
      WHERE d.classid = 'pg_class'::regclass AND d.refclassid = 'pg_class'::regclass AND d.refobjsubid > 0
        AND n.nspname = current_schema() AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.oid)
     UNION
     SELECT t.relname, a.attname, s.stxname, true
       FROM pg_statistic_ext s
       JOIN pg_class t ON t.oid = s.stxrelid
       JOIN pg_namespace n ON n.oid = s.stxnamespace
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = ANY (s.stxkeys::int2[])
      WHERE n.nspname = current_schema()`,
  );
  const found: ColumnDependents = new Map();
  for (const r of rows) {
    const key = dependentKey(r.table_name, r.column_name);
    found.set(key, [...(found.get(key) ?? []), { name: r.name, statistics: r.statistics }]);
  }
  return found;
}

export const dropDependentSql = (d: ColumnDependent) => `DROP ${d.statistics ? 'STATISTICS' : 'INDEX'} IF EXISTS ${ident(d.name)}`;
