/**
 * Totals of list pages (the COUNT behind `Content-Range: device 0-24/100000`), kept in memory:
 * counting a 100,000-device fleet costs more than reading its page, and react-admin asks for the
 * total with every page. The declared counts (a group's number of devices) and the totals of cut
 * embedded lists are kept the same way (listCounts.ts, countVisibleByOwner). Statement triggers on
 * each category's table (rowChangeTriggersSql) notify every process of a change: rows added or
 * removed, or moved between teams, forget all of that table's totals; an update of a column a count
 * may depend on (a filter, a searched column) forgets only the totals whose conditions name it. A
 * device reporting its update's state at every step of a rollout then forgets only the totals filtered
 * by that state, and the table's totals stay known (before, every such check-in had every devices list
 * count again, issue 30). A check-in's last_seen touches none.
 */
import type { Category } from '../../src/schemas/defineCategory';
import { CHANGES_CHANNEL, CHANGES_LOST } from '../db/database';
import { TEAM_FIELD } from './access';
import { ident, quoteLiteral } from './sql';

/** Payload prefix of a change of a table's rows: `rows:device`, or of one column of them: `rows:device:update_state`. */
export const ROWS_CHANGE = 'rows:';
/** Totals kept per table; the least recently used go first. */
export const COUNTS_PER_TABLE = 1_000;
/** The triggers' names, `pucs_rows_changed` (whole rows) and `pucs_rows_changed_<n>` (one column each). */
const TRIGGER = 'pucs_rows_changed';

/** The columns whose update may change a count of the category's lists (the team's aside: it moves rows between totals). */
export function countedColumns(category: Category): string[] {
  const columns = [...category.fieldSets.filterable, ...category.fieldSets.searchable, ...category.fieldSets.searchedValues];
  return [...new Set(columns)].filter((c) => c !== TEAM_FIELD).sort();
}

/** Each count trigger of the category's table: its name and what it fires on, with the column it names. */
function triggersOf(category: Category): { name: string; on: string; column?: string }[] {
  const team = category.fields[TEAM_FIELD] !== undefined ? ` OR UPDATE OF ${ident(TEAM_FIELD)}` : '';
  return [
    { name: TRIGGER, on: `INSERT OR DELETE${team} OR TRUNCATE` },
    ...countedColumns(category).map((column, i) => ({ name: `${TRIGGER}_${i}`, on: `UPDATE OF ${ident(column)}`, column })),
  ];
}

/** Drops the count triggers of these tables but those named in `keep` (`table.trigger`). */
function dropTriggersSql(tables: readonly string[], keep: readonly string[]): string {
  const list = (names: readonly string[]) => `ARRAY[${names.map(quoteLiteral).join(', ')}]::text[]`;
  return `DO $$ DECLARE r record; BEGIN
  FOR r IN SELECT t.tgname, c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE NOT t.tgisinternal AND (t.tgname = '${TRIGGER}' OR t.tgname LIKE '${TRIGGER}\\_%') AND c.relname = ANY(${list(tables)})
      AND NOT (c.relname || '.' || t.tgname) = ANY(${list(keep)}) LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', r.tgname, r.relname);
  END LOOP;
END $$;`;
}

/** Triggers that tell every process when a category's counts may have changed (run at each start; those of columns no longer counted go). */
export function rowChangeTriggersSql(categories: readonly Category[]): string {
  const fn = `CREATE OR REPLACE FUNCTION ${TRIGGER}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('${CHANGES_CHANNEL}', '${ROWS_CHANGE}' || TG_TABLE_NAME || COALESCE(':' || TG_ARGV[0], ''));
  RETURN NULL;
END $$;`;
  const all = categories.map((c) => ({ table: c.key, triggers: triggersOf(c) }));
  const keep = all.flatMap(({ table, triggers }) => triggers.map((t) => `${table}.${t.name}`));
  const triggers = all.flatMap(({ table, triggers }) =>
    triggers.map(
      (t) => `CREATE OR REPLACE TRIGGER ${t.name} AFTER ${t.on} ON ${ident(table)}
  FOR EACH STATEMENT EXECUTE FUNCTION ${TRIGGER}(${t.column === undefined ? '' : quoteLiteral(t.column)});`,
    ),
  );
  return [fn, dropTriggersSql(all.map((a) => a.table), keep), ...triggers].join('\n');
}

/** Every count trigger of these tables dropped (a column a trigger names cannot change type: made again after). */
export const dropRowChangeTriggersSql = (categories: readonly Category[]): string => dropTriggersSql(categories.map((c) => c.key), []);

/** A total, or the totals of each team (a team without any absent): listCounts.ts. */
export type Count = number | ReadonlyMap<number, number>;

interface Table {
  /** Changes of its rows (added, removed, moved between teams). */
  generation: number;
  /** Updates of each of its columns. */
  columns: Map<string, number>;
  counts: Map<string, { n: Count; columns: readonly string[] }>;
}

export class CountCache {
  private readonly tables = new Map<string, Table>();

  private table(name: string): Table {
    let t = this.tables.get(name);
    if (!t) this.tables.set(name, (t = { generation: 0, columns: new Map(), counts: new Map() }));
    return t;
  }

  /**
   * The change generation of a table and of the `columns` a count depends on, read before counting:
   * set() drops a count older than a change of either (each only grows, so their sum grows with any).
   */
  generation(table: string, columns: readonly string[] = []): number {
    const t = this.table(table);
    return columns.reduce((sum, c) => sum + (t.columns.get(c) ?? 0), t.generation);
  }

  get(table: string, key: string): Count | undefined {
    const { counts } = this.table(table);
    const kept = counts.get(key);
    if (kept !== undefined) {
      counts.delete(key);
      counts.set(key, kept);
    }
    return kept?.n;
  }

  /** Keeps a count of conditions over `columns`, unless the table or one of them changed since `generation`. */
  set(table: string, key: string, n: Count, generation: number, columns: readonly string[] = []): void {
    const t = this.table(table);
    if (this.generation(table, columns) !== generation) return;
    t.counts.set(key, { n, columns });
    if (t.counts.size > COUNTS_PER_TABLE) t.counts.delete(t.counts.keys().next().value as string);
  }

  changed(payload: string): void {
    if (payload === CHANGES_LOST) {
      for (const name of this.tables.keys()) this.changed(`${ROWS_CHANGE}${name}`);
      return;
    }
    if (!payload.startsWith(ROWS_CHANGE)) return;
    const [name, column] = payload.slice(ROWS_CHANGE.length).split(':');
    const t = this.table(name);
    if (column === undefined) {
      t.generation++;
      t.counts.clear();
      return;
    }
    t.columns.set(column, (t.columns.get(column) ?? 0) + 1);
    for (const [key, kept] of t.counts) if (kept.columns.includes(column)) t.counts.delete(key);
  }
}
