/**
 * Totals of list pages (the COUNT behind `Content-Range: device 0-24/100000`), kept in memory:
 * counting a 100,000-device fleet costs more than reading its page, and react-admin asks for the
 * total with every page. The declared counts (a group's number of devices) and the totals of cut
 * embedded lists are kept the same way (listCounts.ts, countVisibleByOwner). A statement trigger on each category's table (rowChangeTriggersSql)
 * notifies every process when rows are added or removed, or when a column a count may depend on
 * (the team, a filter, a searched column) is updated, and that table's totals are forgotten at
 * once. A check-in's last_seen does not touch them.
 */
import type { Category } from '../../src/schemas/defineCategory';
import { CHANGES_CHANNEL, CHANGES_LOST } from '../db/database';
import { TEAM_FIELD } from './access';
import { ident } from './sql';

/** Payload prefix of a change of a table's rows: `rows:device`. */
export const ROWS_CHANGE = 'rows:';
/** Totals kept per table; the least recently used go first. */
export const COUNTS_PER_TABLE = 1_000;

/** The columns whose update may change a count of the category's lists. */
export function countedColumns(category: Category): string[] {
  const columns = [...category.fieldSets.filterable, ...category.fieldSets.searchable, ...category.fieldSets.searchedValues];
  if (category.fields[TEAM_FIELD] !== undefined) columns.push(TEAM_FIELD);
  return [...new Set(columns)].sort();
}

/** Triggers that tell every process when a category's counts may have changed (run at each start). */
export function rowChangeTriggersSql(categories: readonly Category[]): string {
  const fn = `CREATE OR REPLACE FUNCTION pucs_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('${CHANGES_CHANNEL}', '${ROWS_CHANGE}' || TG_TABLE_NAME);
  RETURN NULL;
END $$;`;
  const triggers = categories.map((c) => {
    const columns = countedColumns(c);
    const update = columns.length > 0 ? ` OR UPDATE OF ${columns.map(ident).join(', ')}` : '';
    return `CREATE OR REPLACE TRIGGER pucs_rows_changed AFTER INSERT OR DELETE${update} OR TRUNCATE ON ${ident(c.key)}
  FOR EACH STATEMENT EXECUTE FUNCTION pucs_rows_changed();`;
  });
  return [fn, ...triggers].join('\n');
}

export const dropRowChangeTriggersSql = (categories: readonly Category[]): string =>
  categories.map((c) => `DROP TRIGGER IF EXISTS pucs_rows_changed ON ${ident(c.key)};`).join('\n');

/** A total, or the totals of each team (a team without any absent): listCounts.ts. */
export type Count = number | ReadonlyMap<number, number>;

export class CountCache {
  private readonly tables = new Map<string, { generation: number; counts: Map<string, Count> }>();

  private table(name: string) {
    let t = this.tables.get(name);
    if (!t) this.tables.set(name, (t = { generation: 0, counts: new Map() }));
    return t;
  }

  /** The change generation of a table, read before counting: set() drops a count older than a change. */
  generation(table: string): number {
    return this.table(table).generation;
  }

  get(table: string, key: string): Count | undefined {
    const { counts } = this.table(table);
    const n = counts.get(key);
    if (n !== undefined) {
      counts.delete(key);
      counts.set(key, n);
    }
    return n;
  }

  set(table: string, key: string, n: Count, generation: number): void {
    const t = this.table(table);
    if (t.generation !== generation) return;
    t.counts.set(key, n);
    if (t.counts.size > COUNTS_PER_TABLE) t.counts.delete(t.counts.keys().next().value as string);
  }

  changed(payload: string): void {
    if (payload === CHANGES_LOST) {
      for (const name of this.tables.keys()) this.changed(`${ROWS_CHANGE}${name}`);
      return;
    }
    if (!payload.startsWith(ROWS_CHANGE)) return;
    const t = this.table(payload.slice(ROWS_CHANGE.length));
    t.generation++;
    t.counts.clear();
  }
}
