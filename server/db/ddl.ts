/**
 * DDL derived from the category registry. Pure functions: given the registry and what the
 * database already holds, planMigration returns the statements that bring the database in line
 * with the registry, and the data checks those statements depend on (a change the data does not
 * allow is refused, naming category.field). A migration is "whatever differs from the registry", so running it twice is a no-op.
 *
 * One table per category (table name = category key), an identity `id`, one column per
 * stored field, UNIQUE constraints named as declared, foreign keys for refs (added after every
 * table exists: references are circular, e.g. type -> documents_collection -> team) and an index
 * on every ref column (lists and counts look objects up by them). What a schema change does to
 * an existing table is documented in docs/INTEGRATOR.md, "Changing a schema".
 */
import { createHash } from 'node:crypto';
import type { Category, FieldSpec } from '../../src/schemas/defineCategory';
import { ident, quoteLiteral } from '../crud/sql';
import { sortKey, standingSql, valuesTextSql } from '../crud/listSql';
import { TEAM_FIELD } from '../../src/schemas/referrers';
import { sqlType } from '../../src/schemas/kinds';
import { lookalikeColumn } from '../../src/schemas/lookalike';
import { ownMessages } from '../../src/messages';
import { dependentKey, dropDependentSql, type ColumnDependents } from './columnDependents';
import { dropColumnSql, markKeptSql, unmarkKeptSql, valuesSql } from './keptColumns';
import { tightenedRuleReports, type DataReport } from './tightenedRules';
import { castFor, columnType } from './casts';

export interface ColumnInfo {
  /** format_type() of the column: 'integer', 'timestamp with time zone', ... */
  type: string;
  notNull: boolean;
  hasDefault: boolean;
  /** The default's expression (pg_get_expr). */
  default?: string;
  /**
   * Whether the default differs from the field's declared one: migrate.ts asks the database,
   * since PostgreSQL prints a default in its own form. Absent: not asked, taken as the same.
   */
  defaultDiffers?: boolean;
  /** The column of a removed field, kept as data (marked by keptColumns.ts). */
  kept?: boolean;
}

export interface ConstraintInfo {
  /** pg_constraint.contype: 'u', 'f', 'p', ... */
  type: string;
  table: string;
  columns: readonly string[];
  /** Foreign keys: pg_constraint.confdeltype and the referenced table. */
  onDelete?: string;
  refTable?: string;
}

/** What already exists in the database (filled by introspection in migrate.ts). */
export interface ExistingSchema {
  /** table name -> column name -> column */
  columns: Map<string, Map<string, ColumnInfo>>;
  /** constraint name -> constraint */
  constraints: Map<string, ConstraintInfo>;
  indexes: Set<string>;
  /** index name -> its definition (pg_indexes.indexdef), when read from a database. */
  indexDefinitions?: Map<string, string>;
  /** Names of the extended statistics objects (pg_statistic_ext), when read from a database. */
  statistics?: Set<string>;
  /** pg_trgm (the name search's index): installed, installable by us, or absent (undefined). */
  trigram?: 'installed' | 'available';
  /** The indexes and statistics built on each column, when read from a database. */
  dependents?: ColumnDependents;
  /** The tables an earlier migration of this database made (its history): a category's, even once no longer declared. */
  madeTables?: ReadonlySet<string>;
}

export const emptySchema = (): ExistingSchema => ({ columns: new Map(), constraints: new Map(), indexes: new Set() });

/**
 * A question asked of the data before anything is applied. `sql` returns one row with `n` (how
 * many rows are in the way) and, for most checks, `sample` (a few of the values concerned).
 */
export interface DataCheck {
  sql: string;
  /** The refusal when n > 0: one line naming category.field. */
  refusal: (n: number, sample: readonly string[]) => string;
  /** The check calls pg_temp.pucs_castable (created by migrate.ts first). */
  usesCastable?: boolean;
  /**
   * A rule the database does not hold (an enum's values): asked only when the registry changed
   * since the last migration, not on every start.
   */
  onRegistryChange?: boolean;
}

export interface MigrationPlan {
  statements: string[];
  checks: DataCheck[];
  reports: DataReport[];
}

/** The table columns besides `id` (fieldSets.stored: every field but the write-only inputs), with their declarations. */
export function storedFields(category: Category): [string, FieldSpec][] {
  return category.fieldSets.stored.map((name) => [name, category.fields[name]]);
}

/** pg_constraint.confdeltype letters */
const ON_DELETE: Record<NonNullable<FieldSpec['onDelete']>, { sql: string; letter: string }> = {
  restrict: { sql: 'RESTRICT', letter: 'r' },
  setNull: { sql: 'SET NULL', letter: 'n' },
  cascade: { sql: 'CASCADE', letter: 'c' },
};

/** A value of the field as an SQL literal (the registry has checked it against its field). */
export function literalSql(field: FieldSpec, value: FieldSpec['default']): string | undefined {
  if (value === undefined || value === null) return undefined;
  switch (sqlType(field)) {
    case 'jsonb':
      return `${quoteLiteral(JSON.stringify(value))}::jsonb`;
    case 'boolean':
      return value ? 'true' : 'false';
    case 'integer':
    case 'double precision':
      return String(value);
    case 'text':
      return quoteLiteral(String(value));
    default:
      return `${quoteLiteral(String(value))}::${sqlType(field)}`;
  }
}

export const defaultSql = (field: FieldSpec) => literalSql(field, field.default);

/**
 * A column definition. NOT NULL for a required field, except when existing rows get their value
 * from a backfill first (the caller sets NOT NULL afterwards).
 */
export function columnSql(name: string, field: FieldSpec, notNull = field.required !== undefined): string {
  const parts = [ident(name), sqlType(field)];
  const def = defaultSql(field);
  if (def !== undefined) parts.push(`DEFAULT ${def}`);
  if (notNull) parts.push('NOT NULL');
  return parts.join(' ');
}

export const foreignKeyName = (table: string, column: string) => `${table}_${column}_fkey`;
export const refIndexName = (table: string, column: string) => `${table}_${column}_idx`;
export const listIndexName = (table: string, column: string) => `${table}_${column}_list_idx`;
export const searchIndexName = (table: string, column: string) => `${table}_${column}_trgm_idx`;
export const teamStatisticsName = (table: string, column: string) => `${table}_${column}_team_stat`;

const hasTeamColumn = (category: Category) => category.scope === 'team' && category.fields[TEAM_FIELD] !== undefined;

/** The indexes of lists and search of one category, with their names. */
function listIndexes(category: Category, trigram: boolean): [string, string][] {
  const T = ident(category.key);
  // Each indexed field (fieldSets.indexed) as (team, its sort key, id): the order of listSql.ts. A text
  // column is sorted by lower(): the column itself is included so that the page's keys are read from
  // the index alone (an index-only scan), however deep the page (listPage.ts).
  const sorted = category.fieldSets.indexed.map((name): [string, string] => {
    const key = sortKey(category.fields[name], ident(name));
    return [listIndexName(category.key, name), `(${ident(TEAM_FIELD)}, ${key}, "id")${key === ident(name) ? '' : ` INCLUDE (${ident(name)})`}`];
  });
  const teamOnly: [string, string][] = hasTeamColumn(category) ? [[listIndexName(category.key, TEAM_FIELD), `(${ident(TEAM_FIELD)}, "id")`]] : [];
  // ILIKE '%text%' reads a trigram index: the search box answers at once on a big fleet.
  const searched = trigram && hasTeamColumn(category) ? category.fieldSets.searchable.map((name): [string, string] => [searchIndexName(category.key, name), `USING gin (${ident(name)} gin_trgm_ops)`]) : [];
  // A JSON field's searched values as one text (listSql.ts valuesTextSql), spelled as the search spells it.
  const searchedValues =
    trigram && hasTeamColumn(category)
      ? category.fieldSets.searchedValues.map((name): [string, string] => [
          searchIndexName(category.key, name),
          `USING gin (${valuesTextSql({ column: name, path: category.fields[name].searchValues! })} gin_trgm_ops)`,
        ])
      : [];
  // A comparison's standing per team (a device's firmware status), spelled as its filter spells it.
  const compared = hasTeamColumn(category)
    ? Object.entries(category.comparisons ?? {}).map(([name, c]): [string, string] => [listIndexName(category.key, name), `(${ident(TEAM_FIELD)}, ${standingSql(c.fields)}, "id")`])
    : [];
  return [...teamOnly, ...sorted, ...searched, ...searchedValues, ...compared].map(([name, how]) => [name, `CREATE INDEX IF NOT EXISTS ${ident(name)} ON ${T} ${how}`]);
}

export const lookalikeIndexName = (table: string, column: string) => `${table}_${column}_lookalike_idx`;

/**
 * The index of each look-alike key column (FieldSpec.lookalike; server/crud/nameKeys.ts), the team
 * first: the uniqueness check of a name reads one entry. Not UNIQUE: names that looked alike before
 * the key existed stay (docs/INTEGRATOR.md, "Names").
 */
function lookalikeIndexes(category: Category): [string, string][] {
  return storedFields(category)
    .filter(([, f]) => f.lookalikeOf !== undefined)
    .map(([column, f]) => {
      const name = lookalikeIndexName(category.key, f.lookalikeOf!);
      const columns = hasTeamColumn(category) ? `${ident(TEAM_FIELD)}, ${ident(column)}` : ident(column);
      return [name, `CREATE INDEX IF NOT EXISTS ${ident(name)} ON ${ident(category.key)} (${columns})`];
    });
}

/**
 * Which values of a filter occur in which team (extended statistics): a type belongs to one team,
 * so a page of another team filtered by it is empty; told only the two columns' separate
 * statistics, the planner expects thousands of matches there and walks that team's whole name
 * index to find none (a 100,000-device page filtered by type: 157 ms, with these 6).
 */
function teamStatistics(category: Category): [string, string][] {
  if (!hasTeamColumn(category)) return [];
  return category.fieldSets.indexed
    .filter((name) => category.fields[name].filter)
    .map((name) => {
      const stat = teamStatisticsName(category.key, name);
      return [stat, `CREATE STATISTICS IF NOT EXISTS ${ident(stat)} (mcv) ON ${ident(TEAM_FIELD)}, ${ident(name)} FROM ${ident(category.key)}`];
    });
}

export function createTableSql(category: Category): string {
  const cols = [
    `"id" integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY`,
    ...storedFields(category).map(([name, f]) => columnSql(name, f)),
  ];
  return `CREATE TABLE IF NOT EXISTS ${ident(category.key)} (\n  ${cols.join(',\n  ')}\n)`;
}

export function foreignKeySql(category: Category, column: string, field: FieldSpec): string {
  const table = category.key;
  const onDelete = ON_DELETE[field.onDelete ?? 'restrict'].sql;
  return (
    `ALTER TABLE ${ident(table)} ADD CONSTRAINT ${ident(foreignKeyName(table, column))} ` +
    `FOREIGN KEY (${ident(column)}) REFERENCES ${ident(field.ref ?? '')} ("id") ON DELETE ${onDelete}`
  );
}

/**
 * What the database's shape depends on in a field, and the rules a start reports stored values
 * breaking (tightenedRules.ts); labels, hints and checks do not count.
 */
const storedShape = (f: FieldSpec) => ({
  maxLength: f.maxLength,
  minLength: f.minLength,
  min: f.min,
  max: f.max,
  schemes: f.schemes,
  kind: f.kind,
  ref: f.ref,
  required: f.required !== undefined,
  default: f.default,
  onDelete: f.onDelete,
  values: f.values,
  renamedFrom: f.renamedFrom,
});

/** A digest of everything in the registry the tables follow, recorded with each migration. */
export function registryFingerprint(categories: readonly Category[]): string {
  const shape = categories.map((c) => ({
    key: c.key,
    fields: storedFields(c).map(([name, f]) => [name, storedShape(f)]),
    unique: (c.unique ?? []).map((u) => [u.name, u.fields]),
  }));
  return createHash('sha256').update(JSON.stringify(shape)).digest('hex');
}

const samples = (expr: string) => `(array_agg(DISTINCT (${expr})::text ORDER BY (${expr})::text))[1:5] AS sample`;
const quoteSample = (sample: readonly string[]) => sample.map((v) => `'${v}'`).join(', ');

/** The statements and data checks that make `existing` match the registry; no statements when it already does. */
export function planMigration(categories: readonly Category[], existing: ExistingSchema): MigrationPlan {
  const tables: string[] = [];
  const renames: string[] = [];
  const drops: string[] = [];
  /** Columns deleted: removed fields, and kept columns whose field comes back purged. */
  const purges: string[] = [];
  const alters: string[] = [];
  const columns: string[] = [];
  const constraints: string[] = [];
  const indexes: string[] = [];
  const renamedIndexes = new Set<string>();
  /** Indexes and statistics dropped (built on a column changing type, or no longer declared): made again if declared. */
  const gone = new Set<string>();
  const checks: DataCheck[] = [];
  const reports: DataReport[] = [];
  const rowsOf = (t: string) => `SELECT count(*)::int AS n FROM ${ident(t)}`;

  for (const category of categories) {
    const table = category.key;
    const T = ident(table);
    const have = existing.columns.get(table);
    const fields = storedFields(category);
    if (!have) tables.push(createTableSql(category));

    /** field name -> its column as the database holds it now (its old name while being renamed) */
    const current = new Map<string, string>();
    /** index or statistics name -> its name once the renames are applied */
    const renamedTo = new Map<string, string>();
    const purged = new Set<string>();
    for (const [name, field] of fields) {
      if (!have) continue;
      const info = have.get(name);
      if (info?.kept && field.formerValues === 'purge') {
        purges.push(dropColumnSql(table, name));
        purged.add(name);
      } else if (info) {
        current.set(name, name);
        if (!info.kept) continue;
        // Declared again over the kept column: its old values come back only when the field says so.
        alters.push(unmarkKeptSql(table, name));
        if (field.formerValues !== 'reuse') {
          checks.push({ sql: valuesSql(table, name), refusal: (n) => ownMessages.migrationKeptColumnDeclared(`${table}.${name}`, n) });
        }
      } else if (field.renamedFrom && have.has(field.renamedFrom)) {
        const old = field.renamedFrom;
        current.set(name, old);
        renames.push(`ALTER TABLE ${T} RENAME COLUMN ${ident(old)} TO ${ident(name)}`);
        // Named by renamedFrom, a kept column is taken back: it is the field's again.
        if (have.get(old)?.kept) alters.push(unmarkKeptSql(table, name));
        const [oldFk, newFk] = [foreignKeyName(table, old), foreignKeyName(table, name)];
        if (existing.constraints.has(oldFk) && !existing.constraints.has(newFk)) {
          renames.push(`ALTER TABLE ${T} RENAME CONSTRAINT ${ident(oldFk)} TO ${ident(newFk)}`);
        }
        for (const indexName of [refIndexName, listIndexName, searchIndexName]) {
          const [oldIdx, newIdx] = [indexName(table, old), indexName(table, name)];
          if (existing.indexes.has(oldIdx) && !existing.indexes.has(newIdx)) {
            renames.push(`ALTER INDEX ${ident(oldIdx)} RENAME TO ${ident(newIdx)}`);
            renamedIndexes.add(newIdx);
            renamedTo.set(oldIdx, newIdx);
          }
        }
        const [oldStat, newStat] = [teamStatisticsName(table, old), teamStatisticsName(table, name)];
        if (existing.statistics?.has(oldStat) && !existing.statistics.has(newStat)) {
          renames.push(`ALTER STATISTICS ${ident(oldStat)} RENAME TO ${ident(newStat)}`);
          renamedIndexes.add(newStat);
          renamedTo.set(oldStat, newStat);
        }
      }
    }
    /** A constraint as it will be named once the renames are applied. */
    const renamedConstraint = (name: string) => {
      for (const [field, col] of current) {
        if (field !== col && name === foreignKeyName(table, col)) return foreignKeyName(table, field);
      }
      return name;
    };
    const columnNow = (col: string) => [...current].find(([, c]) => c === col)?.[0] ?? col;
    /** Drops what is built on a column (by its name in the database now); the declared ones are made again below. */
    const clearColumn = (col: string) => {
      for (const d of existing.dependents?.get(dependentKey(table, col)) ?? []) {
        const name = renamedTo.get(d.name) ?? d.name;
        if (gone.has(name)) continue;
        gone.add(name);
        drops.push(dropDependentSql({ ...d, name }));
      }
    };

    /** Columns that lost their field at this start, by column type: a new field of that type may be a rename. */
    const vanished: { column: string; type: string }[] = [];
    if (have) {
      reports.push(...tightenedRuleReports(category, fields));
      const kept = new Set(current.values());
      // A look-alike key no unique rule needs any more is the server's own, computed from a field: it goes.
      // Only a `lookalike` field's (under its old name too, once renamed: the key is made again under the new one);
      // another field named `<field>_key` is the integrator's, kept like any other.
      const lookalikeKeys = Object.entries(category.fields).flatMap(([name, f]) =>
        f.lookalike ? [lookalikeColumn(name), ...(f.renamedFrom ? [lookalikeColumn(f.renamedFrom)] : [])] : [],
      );
      const removed = new Set([...(category.removed ?? []), ...lookalikeKeys]);
      for (const [col, info] of have) {
        if (col === 'id' || kept.has(col) || purged.has(col)) continue;
        if (removed.has(col)) {
          purges.push(dropColumnSql(table, col));
          continue;
        }
        // A column the schema no longer declares is kept as data, without its constraints, indexes and statistics.
        if (info.notNull) alters.push(`ALTER TABLE ${T} ALTER COLUMN ${ident(col)} DROP NOT NULL`);
        clearColumn(col);
        if (info.kept) continue;
        alters.push(markKeptSql(table, col));
        reports.push({ sql: valuesSql(table, col), notice: (n) => ownMessages.migrationFieldKept(table, col, n) });
        vanished.push({ column: col, type: info.type });
      }
      for (const [name, field] of fields) {
        const col = current.get(name);
        const info = col === undefined ? undefined : have.get(col);
        const subject = `${table}.${name}`;
        const C = ident(name);
        if (!col || !info) {
          addColumn(name, field, subject);
          continue;
        }
        const wanted = columnType(field);
        if (info.type !== wanted) {
          const cast = castFor(info.type, field);
          const old = ident(col);
          clearColumn(col);
          if (cast?.unfit) {
            checks.push({
              sql: `SELECT count(*)::int AS n, ${samples(old)} FROM ${T} WHERE ${old} IS NOT NULL AND (${cast.unfit(old)})`,
              refusal: (n, sample) => ownMessages.migrationValuesDoNotConvert(subject, n, info.type, wanted, quoteSample(sample)),
              usesCastable: cast.usesCastable,
            });
          } else if (!cast) {
            // Without a conversion only an empty column can change type.
            checks.push({
              sql: `SELECT count(*)::int AS n FROM ${T} WHERE ${old} IS NOT NULL`,
              refusal: (n) => ownMessages.migrationNoConversion(subject, n, info.type, field.kind, wanted),
            });
          }
          // The old default may not convert: it is set again from the declaration afterwards.
          if (info.hasDefault) alters.push(`ALTER TABLE ${T} ALTER COLUMN ${C} DROP DEFAULT`);
          const using = cast ? cast.using(C) : `NULL::${sqlType(field)}`;
          alters.push(`ALTER TABLE ${T} ALTER COLUMN ${C} TYPE ${sqlType(field)} USING ${using}`);
          const def = defaultSql(field);
          if (def !== undefined) alters.push(`ALTER TABLE ${T} ALTER COLUMN ${C} SET DEFAULT ${def}`);
        } else if (info.defaultDiffers) {
          const def = defaultSql(field);
          alters.push(`ALTER TABLE ${T} ALTER COLUMN ${C} ${def === undefined ? 'DROP DEFAULT' : `SET DEFAULT ${def}`}`);
        }
        if (field.kind === 'enum' && field.values) {
          // The values as they will be once converted (a json string without its quotes).
          const old = info.type === 'text' ? ident(col) : `(${castFor(info.type, field)!.using(ident(col))})`;
          checks.push({
            sql: `SELECT count(*)::int AS n, ${samples(old)} FROM ${T} WHERE ${old} IS NOT NULL AND ${old} NOT IN (${field.values.map(quoteLiteral).join(', ')})`,
            refusal: (n, sample) => ownMessages.migrationValuesNotDeclared(subject, n, quoteSample(sample)),
            onRegistryChange: true,
          });
        }
        if (field.required === undefined && info.notNull) {
          alters.push(`ALTER TABLE ${T} ALTER COLUMN ${C} DROP NOT NULL`);
        } else if (field.required !== undefined && !info.notNull) {
          const backfill = literalSql(field, field.backfill);
          if (backfill !== undefined) {
            alters.push(`UPDATE ${T} SET ${C} = ${backfill} WHERE ${C} IS NULL`);
          } else {
            checks.push({
              sql: `SELECT count(*)::int AS n FROM ${T} WHERE ${ident(col)} IS NULL`,
              refusal: (n) => ownMessages.migrationNowRequired(subject, n),
            });
          }
          alters.push(`ALTER TABLE ${T} ALTER COLUMN ${C} SET NOT NULL`);
        }
      }
    }

    function addColumn(name: string, field: FieldSpec, subject: string) {
      // A field gone while one of its kind appears may be a rename without renamedFrom: asked, if its values would be left behind.
      const gone = vanished.findIndex((v) => v.type === columnType(field));
      if (gone >= 0) {
        const [{ column }] = vanished.splice(gone, 1);
        checks.push({ sql: valuesSql(table, column), refusal: (n) => ownMessages.migrationFieldVanished(table, column, name, n) });
      }
      const backfill = literalSql(field, field.backfill);
      if (backfill === undefined) {
        columns.push(`ALTER TABLE ${T} ADD COLUMN ${columnSql(name, field)}`);
        if (field.required !== undefined && defaultSql(field) === undefined) {
          checks.push({
            sql: rowsOf(table),
            refusal: (n) => ownMessages.migrationNewRequired(subject, n),
          });
        }
        return;
      }
      // Existing rows get the backfill, new ones the default.
      const C = ident(name);
      columns.push(`ALTER TABLE ${T} ADD COLUMN ${columnSql(name, { ...field, default: undefined }, false)}`);
      columns.push(`UPDATE ${T} SET ${C} = ${backfill}`);
      const def = defaultSql(field);
      if (def !== undefined) columns.push(`ALTER TABLE ${T} ALTER COLUMN ${C} SET DEFAULT ${def}`);
      if (field.required !== undefined) columns.push(`ALTER TABLE ${T} ALTER COLUMN ${C} SET NOT NULL`);
    }

    // Constraints of this table the registry no longer declares, or declares differently, are dropped.
    const declaredUnique = new Map((category.unique ?? []).map((u) => [u.name, u.fields]));
    const declaredFks = new Map(
      fields.filter(([, f]) => f.kind === 'ref').map(([name, f]) => [foreignKeyName(table, name), { column: name, field: f }]),
    );
    const kept = new Set<string>();
    for (const [conName, con] of existing.constraints) {
      if (con.table !== table || !have) continue;
      const name = renamedConstraint(conName);
      const cols = con.columns.map(columnNow);
      if (con.type === 'u') {
        const fieldsOf = declaredUnique.get(name);
        if (fieldsOf && fieldsOf.join() === cols.join()) kept.add(name);
        else drops.push(`ALTER TABLE ${T} DROP CONSTRAINT ${ident(name)}`);
      } else if (con.type === 'f') {
        const fk = declaredFks.get(name);
        const same =
          fk !== undefined &&
          cols.join() === fk.column &&
          con.refTable === fk.field.ref &&
          con.onDelete === ON_DELETE[fk.field.onDelete ?? 'restrict'].letter &&
          columnType(fk.field) === have.get(current.get(fk.column) ?? '')?.type;
        if (same) kept.add(name);
        else drops.push(`ALTER TABLE ${T} DROP CONSTRAINT ${ident(name)}`);
      }
    }

    for (const rule of category.unique ?? []) {
      if (kept.has(rule.name)) continue;
      constraints.push(`ALTER TABLE ${T} ADD CONSTRAINT ${ident(rule.name)} UNIQUE (${rule.fields.map(ident).join(', ')})`);
      const cols = rule.fields.map((f) => current.get(f));
      if (!have || cols.some((c) => c === undefined)) continue;
      const list = cols.map((c) => ident(c!));
      checks.push({
        sql:
          `SELECT count(*)::int AS n, (array_agg(v ORDER BY v))[1:5] AS sample FROM (` +
          `SELECT concat_ws(', ', ${list.join(', ')}) AS v FROM ${T} WHERE ${list.map((c) => `${c} IS NOT NULL`).join(' AND ')} ` +
          `GROUP BY ${list.join(', ')} HAVING count(*) > 1) d`,
        refusal: (n, sample) => ownMessages.migrationUniqueBroken(table, rule.name, rule.fields, n, sample),
      });
    }

    for (const [name, field] of fields) {
      if (field.kind !== 'ref') continue;
      const fkName = foreignKeyName(table, name);
      if (!kept.has(fkName)) {
        constraints.push(foreignKeySql(category, name, field));
        const col = current.get(name);
        const ref = field.ref ?? '';
        if (have && col && have.get(col)?.type === 'integer') {
          const missing = existing.columns.has(ref) ? `AND NOT EXISTS (SELECT 1 FROM ${ident(ref)} r WHERE r."id" = t.${ident(col)})` : '';
          checks.push({
            sql: `SELECT count(*)::int AS n, ${samples(`t.${ident(col)}`)} FROM ${T} t WHERE t.${ident(col)} IS NOT NULL ${missing}`,
            refusal: (n, sample) => ownMessages.migrationDanglingRefs(`${table}.${name}`, n, ref, sample),
          });
        }
      }
      const indexName = refIndexName(table, name);
      const hasIndex =
        !gone.has(indexName) && (existing.indexes.has(indexName) || (current.get(name) !== name && existing.indexes.has(refIndexName(table, current.get(name) ?? ''))));
      if (!hasIndex) indexes.push(`CREATE INDEX IF NOT EXISTS ${ident(indexName)} ON ${T} (${ident(name)})`);
    }
    for (const [name, sql] of listIndexes(category, existing.trigram !== undefined)) {
      // Made before its sort key's column was included (listIndexes): made again.
      const outdated = sql.includes(' INCLUDE (') && existing.indexDefinitions?.get(name)?.includes(' INCLUDE (') === false;
      if (gone.has(name)) indexes.push(sql);
      else if (outdated) indexes.push(`DROP INDEX IF EXISTS ${ident(name)}`, sql);
      else if (!existing.indexes.has(name) && !renamedIndexes.has(name)) indexes.push(sql);
    }
    for (const [name, sql] of lookalikeIndexes(category)) if (gone.has(name) || !existing.indexes.has(name)) indexes.push(sql);
    for (const [name, sql] of teamStatistics(category)) {
      if (gone.has(name) || (!existing.statistics?.has(name) && !renamedIndexes.has(name))) indexes.push(sql);
    }
  }
  // The table of a category no longer declared is kept as data, but its foreign keys would forbid deleting
  // the objects its rows point at, with nothing in the API saying what holds them: they go, once, said at start.
  const declared = new Set(categories.map((c) => c.key));
  for (const table of existing.madeTables ?? []) {
    if (declared.has(table) || !existing.columns.has(table)) continue;
    const refs = [...existing.constraints].filter(([, c]) => c.type === 'f' && c.table === table && declared.has(c.refTable ?? ''));
    if (refs.length === 0) continue;
    drops.push(...refs.map(([name]) => `ALTER TABLE ${ident(table)} DROP CONSTRAINT ${ident(name)}`));
    reports.push({ sql: rowsOf(table), notice: (n) => ownMessages.migrationCategoryGone(table, n) });
  }
  const extensions = existing.trigram === 'available' ? ['CREATE EXTENSION IF NOT EXISTS pg_trgm'] : [];
  return { statements: [...extensions, ...tables, ...renames, ...drops, ...purges, ...alters, ...columns, ...constraints, ...indexes], checks, reports };
}
