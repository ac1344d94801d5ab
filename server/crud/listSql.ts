/**
 * SQL of the list dialect (listQuery.ts) over table alias "t": WHERE conditions, ORDER BY, and
 * the keyset condition that continues an ordered scan after a given row (the CSV export pages
 * with it: unlike OFFSET it costs the same on the last page as on the first, and never skips or
 * repeats a row when others are inserted meanwhile).
 *
 * Every ORDER BY ends with the id, in the same direction, so the order is total and pages are
 * stable. Text is sorted case-insensitively (lower()): 'alpha' next to 'Alpha', not after 'Zulu'.
 */
import type { Category, FieldSpec } from '../../src/schemas/defineCategory';
import { sqlType } from '../../src/schemas/kinds';
import { RECENCY_FILTERS, type RecencyFilter } from '../../src/schemas/recency';
import { ident, type SqlParams } from './sql';

/** A condition of a list's WHERE, as listQuery.ts parses it from the call. */
export type Condition =
  /** Case-insensitive substring of any of the text columns. */
  | { kind: 'search'; columns: string[]; text: string }
  /** Equal to one of the values (none: matches nothing). */
  | { kind: 'in'; column: string; fieldKind: FilterKind; values: (number | string | boolean)[] }
  | { kind: 'null'; column: string }
  /** Equal to the text, letter case aside (a `findsOne` field). */
  | { kind: 'sameText'; column: string; text: string }
  /** Of that age by the database's clock (a `recency` field); never counted in the kept totals. */
  | { kind: 'recency'; column: string; age: RecencyFilter };

export type FilterKind = 'integer' | 'number' | 'ref' | 'text' | 'boolean';

export interface Sort {
  column: string;
  descending: boolean;
}

const ARRAY_TYPE = { integer: 'int[]', number: 'float8[]', ref: 'int[]', text: 'text[]', boolean: 'boolean[]' } as const;

/** LIKE treats % and _ as wildcards and \ as the escape: a search is for the text as typed. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function conditionSql(c: Condition, params: SqlParams): string {
  switch (c.kind) {
    case 'search': {
      const pattern = params.add(`%${likeEscape(c.text)}%`);
      return `(${c.columns.map((column) => `"t".${ident(column)} ILIKE ${pattern}`).join(' OR ')})`;
    }
    case 'in':
      return `"t".${ident(c.column)} = ANY(${params.add(c.values)}::${ARRAY_TYPE[c.fieldKind]})`;
    case 'null':
      return `"t".${ident(c.column)} IS NULL`;
    // lower() as the list index's key (server/db/ddl.ts), so one team's match is one index entry.
    case 'sameText':
      return `lower("t".${ident(c.column)}) = lower(${params.add(c.text)}::text)`;
    case 'recency': {
      const column = `"t".${ident(c.column)}`;
      const age: { within?: string; notWithin?: string } = RECENCY_FILTERS[c.age];
      if (age.within) return `${column} >= now() - ${params.add(age.within)}::interval`;
      if (age.notWithin) return `${column} < now() - ${params.add(age.notWithin)}::interval`;
      return `${column} IS NULL`;
    }
  }
}

/** The key a field's values are ordered by, over the column's SQL: text case-insensitively. */
export const sortKey = (field: FieldSpec | undefined, columnSql: string): string => (field?.kind === 'text' ? `lower(${columnSql})` : columnSql);

/** The value a list is ordered by. */
export function sortExpression(category: Category, sort: Sort): string {
  return sortKey(category.fields[sort.column], `"t".${ident(sort.column)}`);
}

export function orderBySql(category: Category, sort: Sort): string {
  const direction = sort.descending ? 'DESC' : 'ASC';
  return `ORDER BY ${sortExpression(category, sort)} ${direction}, "t"."id" ${direction}`;
}

/** Where the previous chunk of a keyset scan ended: the sort value as text (lossless: a
 * timestamp keeps its microseconds, which a JavaScript Date would drop) and the id. */
export interface KeysetPosition {
  key: string | null;
  id: number;
}

/** Selects the sort value as text, under this alias, for the next keysetAfter. */
export const KEYSET_ALIAS = '__sort_key';

export function keysetKeySql(category: Category, sort: Sort): string {
  return `(${sortExpression(category, sort)})::text AS ${ident(KEYSET_ALIAS)}`;
}

/**
 * Rows after `last` in the order of orderBySql. PostgreSQL puts NULLs last in ascending order
 * and first in descending order, hence the IS NULL branches.
 */
export function keysetAfterSql(category: Category, sort: Sort, last: KeysetPosition, params: SqlParams): string {
  const expr = sortExpression(category, sort);
  const id = params.add(last.id);
  const beyond = sort.descending ? '<' : '>';
  // The common case (the default order) as a plain range, which the primary key index serves.
  if (sort.column === 'id') return `"t"."id" ${beyond} ${id}`;
  if (last.key === null) {
    const tiesAfter = `(${expr} IS NULL AND "t"."id" ${beyond} ${id})`;
    return sort.descending ? `(${tiesAfter} OR ${expr} IS NOT NULL)` : tiesAfter;
  }
  const field = sort.column === 'id' ? undefined : category.fields[sort.column];
  const key = `${params.add(last.key)}::${field ? sqlType(field) : 'integer'}`;
  const after = `${expr} ${beyond} ${key} OR (${expr} = ${key} AND "t"."id" ${beyond} ${id})`;
  return sort.descending ? `(${after})` : `(${after} OR ${expr} IS NULL)`;
}
