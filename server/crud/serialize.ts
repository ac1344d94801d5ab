/** Rows to JSON answers: only the chosen columns, timestamps as ISO 8601 strings. */
import type { Row } from './hooks';

export function toJson(row: Row, columns: readonly string[]): Row {
  const out: Row = {};
  for (const c of columns) {
    const v = row[c];
    out[c] = v instanceof Date ? v.toISOString() : v === undefined ? null : v;
  }
  return out;
}
