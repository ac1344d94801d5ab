/** Rows to JSON answers: only the chosen columns, timestamps as ISO 8601 strings. */
import type { Category } from '../../src/schemas/defineCategory';
import { sqlType } from '../../src/schemas/kinds';
import type { Row } from './hooks';

export function toJson(row: Row, columns: readonly string[]): Row {
  const out: Row = {};
  for (const c of columns) {
    const v = row[c];
    out[c] = v instanceof Date ? v.toISOString() : v === undefined ? null : v;
  }
  return out;
}

/** The category's columns whose JSON text differs from their answer: instants, and numbers that may be written as text. */
const retyped = new WeakMap<Category, { instants: string[]; numbers: string[] }>();
function retypedColumns(category: Category) {
  let columns = retyped.get(category);
  if (!columns) {
    const named = (type: string) => Object.keys(category.fields).filter((name) => sqlType(category.fields[name]) === type);
    retyped.set(category, (columns = { instants: named('timestamptz'), numbers: named('double precision') }));
  }
  return columns;
}

/** An instant PostgreSQL writes in UTC (a session in UTC, as PGlite's): rewritten as text, 15 times cheaper than through a Date. */
const UTC_INSTANT = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00:00$/;

/** An instant as toISOString writes it; one PostgreSQL cannot place in time ('infinity') stays its text, where toISOString would throw. */
function isoInstant(text: string): string {
  const utc = UTC_INSTANT.exec(text);
  if (utc) return `${utc[1]}.${`${utc[2] ?? ''}000`.slice(0, 3)}Z`;
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? text : instant.toISOString();
}

/**
 * The rows of a JSON array the database wrote (json_agg: listPage.ts), as the driver would have
 * read them for toJson: PostgreSQL writes an instant with microseconds and an offset
 * ('2026-11-28T04:54:43.669123+00:00'), made the same ISO 8601 string as a Date's (milliseconds, UTC);
 * a number that is not finite it writes as text ('NaN'), made the number again (answered null).
 */
export function rowsFromJson(text: string, category: Category): Row[] {
  const rows = JSON.parse(text) as Row[];
  const { instants, numbers } = retypedColumns(category);
  for (const row of rows) {
    for (const c of instants) if (typeof row[c] === 'string') row[c] = isoInstant(row[c] as string);
    for (const c of numbers) if (typeof row[c] === 'string') row[c] = Number(row[c]);
  }
  return rows;
}
