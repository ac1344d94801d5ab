/**
 * Brings the database in line with the category registry; run on every start (and by the tests'
 * template database). It reads what exists, plans the difference (server/db/ddl.ts), asks the
 * data whatever the plan depends on, and then either refuses with a MigrationError (one line per
 * problem, naming category.field) or applies every statement in one transaction, recording them
 * with a fingerprint of the registry in schema_migrations (migrationHistory.ts). The tables the
 * server keeps for itself are made after the category tables, as the features declare them
 * (serverTables.ts); a category named like one is refused first. A refused or failed migration
 * changes nothing. Running it again with the same registry applies nothing.
 */
import type { Database, Queryable } from './database';
import type { Category } from '../../src/schemas/defineCategory';
import { categories as registry } from '../../src/schemas/index';
import { defaultSql, planMigration, registryFingerprint, storedFields, type ColumnInfo, type ExistingSchema } from './ddl';
import { dropRowChangeTriggersSql, rowChangeTriggersSql } from '../crud/countCache';
import { HISTORY_TABLES, lastFingerprint, recordMigration } from './migrationHistory';
import { checkServerTables, FEATURE_TABLES } from './serverTables';
import { ownMessages } from '../../src/messages';
import { backfillNameKeys } from '../crud/nameKeys';
import { backfillUsernameKeys, declaresUsernameKey } from '../auth/usernameKey';
import { clearStrayServerRefs } from '../crud/references';
import { readColumnDependents } from './columnDependents';
import { KEPT_COMMENT } from './keptColumns';
import { columnType } from './casts';
import { rewriteBareRefLists } from './refListForm';
import { quoteLiteral } from '../crud/sql';

/** Any constant: two servers starting together on one PostgreSQL take turns. */
const MIGRATION_LOCK = 7_311_020;

/** The schema change the database cannot take as it is; its message is meant to be printed as is. */
export class MigrationError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.map((p) => ownMessages.migrationRefused(p)).join('\n'));
    this.name = 'MigrationError';
  }
}

/** Whether a text converts to a type, without failing the transaction (pg_input_is_valid is PostgreSQL 16+). */
const CASTABLE_DDL = `CREATE OR REPLACE FUNCTION pg_temp.pucs_castable(v text, t text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('SELECT %L::%s', v, t);
  RETURN true;
EXCEPTION WHEN others THEN
  RETURN false;
END $$`;

export async function readExistingSchema(db: Queryable): Promise<ExistingSchema> {
  const cols = await db.query<{ table_name: string; column_name: string; type: string; not_null: boolean; default_sql: string | null; kept: boolean }>(
    `SELECT c.relname AS table_name, a.attname AS column_name, format_type(a.atttypid, a.atttypmod) AS type,
            a.attnotnull AS not_null, pg_get_expr(d.adbin, d.adrelid) AS default_sql,
            col_description(c.oid, a.attnum) IS NOT DISTINCT FROM ${quoteLiteral(KEPT_COMMENT)} AS kept
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE n.nspname = current_schema() AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped`,
  );
  const cons = await db.query<{ conname: string; contype: string; confdeltype: string; table_name: string; ref_table: string | null; columns: string[] }>(
    `SELECT c.conname, c.contype::text AS contype, c.confdeltype::text AS confdeltype, t.relname AS table_name,
            rt.relname AS ref_table,
            ARRAY(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(num, ord)
                    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.num ORDER BY k.ord) AS columns
       FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
       JOIN pg_class t ON t.oid = c.conrelid LEFT JOIN pg_class rt ON rt.oid = c.confrelid
      WHERE n.nspname = current_schema()`,
  );
  const idx = await db.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema()`,
  );
  const stats = await db.query<{ name: string }>(
    `SELECT s.stxname AS name FROM pg_statistic_ext s JOIN pg_namespace n ON n.oid = s.stxnamespace WHERE n.nspname = current_schema()`,
  );
  // pg_trgm is a trusted extension: a user who may create objects in the database may install it.
  const trgm = await db.query<{ installed: boolean; installable: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') AS installed,
            EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm')
              AND has_database_privilege(current_database(), 'CREATE') AS installable`,
  );
  // The category tables earlier migrations made, from their recorded statements (createTableSql's form).
  const made = cols.rows.some((r) => r.table_name === HISTORY_TABLES.names[0])
    ? await db.query<{ t: string }>(
        `SELECT DISTINCT substring(s FROM '^CREATE TABLE IF NOT EXISTS "([^"]+)"') AS t
           FROM schema_migrations m, jsonb_array_elements_text(m.statements) s WHERE s LIKE 'CREATE TABLE IF NOT EXISTS "%'`,
      )
    : { rows: [] };
  const columns = new Map<string, Map<string, ColumnInfo>>();
  for (const r of cols.rows) {
    let table = columns.get(r.table_name);
    if (!table) columns.set(r.table_name, (table = new Map()));
    table.set(r.column_name, { type: r.type, notNull: r.not_null, hasDefault: r.default_sql !== null, default: r.default_sql ?? undefined, kept: r.kept });
  }
  return {
    columns,
    constraints: new Map(
      cons.rows.map((c) => [
        c.conname,
        c.contype === 'f'
          ? { type: c.contype, table: c.table_name, columns: c.columns, onDelete: c.confdeltype, refTable: c.ref_table ?? undefined }
          : { type: c.contype, table: c.table_name, columns: c.columns },
      ]),
    ),
    indexes: new Set(idx.rows.map((r) => r.indexname)),
    indexDefinitions: new Map(idx.rows.map((r) => [r.indexname, r.indexdef])),
    statistics: new Set(stats.rows.map((r) => r.name)),
    trigram: trgm.rows[0].installed ? 'installed' : trgm.rows[0].installable ? 'available' : undefined,
    dependents: await readColumnDependents(db),
    madeTables: new Set(made.rows.map((r) => r.t)),
  };
}

/**
 * Marks the columns whose default is not the declared one. PostgreSQL prints a default in its own
 * form ('-1'::integer, '{}'::jsonb), so both are evaluated and compared in one query.
 */
async function compareDefaults(db: Queryable, categories: readonly Category[], existing: ExistingSchema): Promise<void> {
  const pairs: [ColumnInfo, string][] = [];
  for (const category of categories) {
    const table = existing.columns.get(category.key);
    if (!table) continue;
    for (const [name, field] of storedFields(category)) {
      const info = table.get(name) ?? (field.renamedFrom ? table.get(field.renamedFrom) : undefined);
      if (!info || info.type !== columnType(field)) continue;
      const want = defaultSql(field);
      if (info.default === undefined || want === undefined) info.defaultDiffers = info.default !== want;
      else pairs.push([info, `(${info.default})::text IS NOT DISTINCT FROM (${want})::text`]);
    }
  }
  if (pairs.length === 0) return;
  const { rows } = await db.query<{ same: boolean[] }>(`SELECT ARRAY[${pairs.map(([, sql]) => sql).join(', ')}] AS same`);
  pairs.forEach(([info], i) => (info.defaultDiffers = !rows[0].same[i]));
}

/** What a migration did: the statements applied (none when the database already matched), and what it reports (kept columns). */
export interface MigrationResult {
  statements: string[];
  notices: string[];
}

/**
 * Migrates `db` to `categories` (the registry unless a test gives another). `log` hears each
 * applied statement once the transaction has committed.
 */
export async function migrate(
  db: Database,
  categories: readonly Category[] = registry,
  log: (statement: string) => void = () => {},
): Promise<MigrationResult> {
  checkServerTables(categories);
  const fingerprint = registryFingerprint(categories);
  let lookalikesKept: string[] = [];
  const notices: string[] = [];
  const statements = await db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const existing = await readExistingSchema(tx);
    await compareDefaults(tx, categories, existing);
    const plan = planMigration(categories, existing);
    await tx.exec(HISTORY_TABLES.ddl);
    const registryChanged = (await lastFingerprint(tx)) !== fingerprint;
    const checks = plan.checks.filter((c) => registryChanged || !c.onRegistryChange);
    if (checks.some((c) => c.usesCastable)) await tx.exec(CASTABLE_DDL);
    const problems: string[] = [];
    for (const check of checks) {
      const { rows } = await tx.query<{ n: number; sample?: string[] | null }>(check.sql);
      const n = rows[0]?.n ?? 0;
      if (n > 0) problems.push(check.refusal(n, rows[0]?.sample ?? []));
    }
    if (problems.length > 0) throw new MigrationError(problems);
    // A column named by a trigger cannot change type: the triggers are made again below.
    if (plan.statements.length > 0) await tx.exec(dropRowChangeTriggersSql(categories.filter((c) => existing.columns.has(c.key))));
    for (const statement of plan.statements) {
      try {
        await tx.exec(statement);
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        throw new MigrationError([ownMessages.migrationStatementFailed(statement.replace(/\s+/g, ' '), reason)]);
      }
    }
    // Asked of the data as it now is (new names, new types): what the start reports.
    for (const report of plan.reports.filter((r) => registryChanged || !r.onRegistryChange)) {
      const { rows } = await tx.query<{ n: number; sample?: string[] | null }>(report.sql);
      const line = report.notice(rows[0]?.n ?? 0, rows[0]?.sample ?? []);
      if (line !== undefined) notices.push(line);
    }
    // Rows older than the look-alike keys of names, or inserted in bulk, get theirs (JS computes them).
    await backfillNameKeys(tx, categories);
    // Lists an earlier version stored as sent (bare ids) take the one stored form.
    await rewriteBareRefLists(tx, categories);
    for (const tables of FEATURE_TABLES) await tx.exec(tables.ddl);
    // Users older than the look-alike key get it (JS computes it); look-alikes already there keep their names.
    lookalikesKept = declaresUsernameKey(categories) ? await backfillUsernameKeys(tx) : [];
    await tx.exec(rowChangeTriggersSql(categories));
    // Data a feature's rule now refuses, stored before the rule (each repair is a no-op once the data follows it).
    for (const tables of FEATURE_TABLES) await tables.repair?.(tx, categories);
    // Values a changed rule refuses in references only the server sets (stored before it): cleared.
    if (registryChanged) await clearStrayServerRefs(tx, categories);
    if (plan.statements.length > 0 || registryChanged) {
      await recordMigration(tx, fingerprint, plan.statements);
    }
    return plan.statements;
  });
  for (const statement of statements) log(statement);
  if (lookalikesKept.length > 0) log(ownMessages.usernameLookalikesKept(lookalikesKept));
  // New extended statistics stay empty until the table is analyzed (autovacuum's turn may be hours away).
  const analyzed = new Set(statements.flatMap((s) => /^CREATE STATISTICS .* FROM ("[^"]+")$/.exec(s)?.[1] ?? []));
  for (const table of analyzed) await db.exec(`ANALYZE ${table}`);
  return { statements, notices };
}
