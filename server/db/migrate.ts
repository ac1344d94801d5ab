/**
 * Brings the database up to date with the category registry; run on every start (and by the
 * tests' template database). Idempotent: it reads what exists, plans only what is missing
 * (server/db/ddl.ts) and applies it in one transaction, then runs the auth tables' DDL
 * (sessions, settings), which is written with IF NOT EXISTS.
 */
import type { Database, Queryable } from './database';
import { categories } from '../../src/schemas/index';
import { planMigration, type ExistingSchema } from './ddl';
import { AUTH_DDL } from '../auth/tables';

/** Any constant: two servers starting together on one PostgreSQL take turns. */
const MIGRATION_LOCK = 7_311_020;

export async function readExistingSchema(db: Queryable): Promise<ExistingSchema> {
  const cols = await db.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()`,
  );
  const cons = await db.query<{ conname: string; contype: string; confdeltype: string }>(
    `SELECT c.conname, c.contype::text AS contype, c.confdeltype::text AS confdeltype
       FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE n.nspname = current_schema()`,
  );
  const idx = await db.query<{ indexname: string }>(
    `SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()`,
  );
  const columns = new Map<string, Set<string>>();
  for (const { table_name, column_name } of cols.rows) {
    let set = columns.get(table_name);
    if (!set) columns.set(table_name, (set = new Set()));
    set.add(column_name);
  }
  return {
    columns,
    constraints: new Map(
      cons.rows.map((c) => [c.conname, { type: c.contype, onDelete: c.contype === 'f' ? c.confdeltype : undefined }]),
    ),
    indexes: new Set(idx.rows.map((r) => r.indexname)),
  };
}

export async function migrate(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const plan = planMigration(categories, await readExistingSchema(tx));
    for (const statement of plan) await tx.exec(statement);
    await tx.exec(AUTH_DDL);
  });
}
