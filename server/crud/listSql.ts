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
import type { Standing } from '../../src/schemas/comparison';
import { ident, quoteLiteral, type SqlParams } from './sql';

/** A condition of a list's WHERE, as listQuery.ts parses it from the call. */
export type Condition =
  /**
   * Case-insensitive substring of any of the text columns, of the name of the object a reference
   * names (`through`: the reference, its category and naming field, resolved by listSearch.ts into
   * `refs`, the ids so named), or of a value of a JSON column (`values`: at its path).
   */
  | { kind: 'search'; columns: string[]; through?: SearchedRef[]; refs?: SearchedIds[]; values?: SearchedValues[]; text: string }
  /** Equal to one of the values (none: matches nothing). */
  | { kind: 'in'; column: string; fieldKind: FilterKind; values: (number | string | boolean)[] }
  | { kind: 'null'; column: string }
  /** Equal to the text, letter case aside (a `findsOne` field). */
  | { kind: 'sameText'; column: string; text: string }
  /** Of that age by the database's clock (a `recency` field); never counted in the kept totals. */
  | { kind: 'recency'; column: string; age: RecencyFilter }
  /** Its two fields stand so (a category's `comparisons`: a device's firmware status). */
  | { kind: 'standing'; fields: readonly [string, string]; standing: Standing };

/**
 * How two columns stand (src/schemas/comparison.ts standing()), over `alias` (none: the table's own
 * columns, as server/db/ddl.ts indexes it). The filter and its index must spell it alike for the
 * planner to read one through the other.
 */
export function standingSql([first, second]: readonly [string, string], alias?: string): string {
  const [a, b] = [first, second].map((c) => (alias ? `${ident(alias)}.${ident(c)}` : ident(c)));
  return `(CASE WHEN ${a} IS NULL AND ${b} IS NULL THEN 'neither' WHEN ${a} = ${b} THEN 'same' ELSE 'differ' END)`;
}

export interface SearchedRef {
  column: string;
  target: Category;
  name: string;
}

/** A searched reference resolved: the ids of the objects whose name holds the text. */
export interface SearchedIds {
  column: string;
  ids: number[];
}

export interface SearchedValues {
  column: string;
  path: string;
}

/**
 * The values at `path` of a JSON column as one text (a device's custom field values: '["Hall 3", true, 5]'),
 * over `alias` (none: as server/db/ddl.ts indexes it with trigrams). The search's prefilter: the index
 * finds the candidates, and each value is then compared on its own (conditionSql).
 */
export function valuesTextSql({ column, path }: SearchedValues, alias?: string): string {
  const col = alias ? `${ident(alias)}.${ident(column)}` : ident(column);
  return `(jsonb_path_query_array(${col}, ${quoteLiteral(path)}::jsonpath)::text)`;
}

export type FilterKind = 'integer' | 'number' | 'ref' | 'text' | 'boolean';

export interface Sort {
  column: string;
  descending: boolean;
}

const ARRAY_TYPE = { integer: 'int[]', number: 'float8[]', ref: 'int[]', text: 'text[]', boolean: 'boolean[]' } as const;

/** LIKE treats % and _ as wildcards and \ as the escape: a search is for the text as typed. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The ILIKE pattern of a search: the text anywhere. */
export const likePattern = (text: string) => `%${likeEscape(text)}%`;

export function conditionSql(c: Condition, params: SqlParams): string {
  switch (c.kind) {
    case 'search': {
      const pattern = params.add(likePattern(c.text));
      // Ids, not a subquery: the planner then knows how many devices a firmware has and reads each arm through its index.
      if (c.through?.length) throw new Error('A search through references is resolved first (listSearch.ts).');
      const texts = c.columns.map((column) => `"t".${ident(column)} ILIKE ${pattern}`);
      const refs = (c.refs ?? []).map(({ column, ids }) => `"t".${ident(column)} = ANY(${params.add(ids)}::int[])`);
      const values = (c.values ?? []).map(
        (v) =>
          `(${valuesTextSql(v, 't')} ILIKE ${pattern} AND EXISTS (SELECT 1 FROM jsonb_path_query("t".${ident(v.column)}, ${quoteLiteral(v.path)}::jsonpath) AS "v"("x") WHERE "v"."x" #>> '{}' ILIKE ${pattern}))`,
      );
      return `(${[...texts, ...refs, ...values].join(' OR ')})`;
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
    case 'standing':
      return `${standingSql(c.fields, 't')} = ${params.add(c.standing)}::text`;
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
