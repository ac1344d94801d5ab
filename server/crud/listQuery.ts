/**
 * The list dialect of react-admin's ra-data-simple-rest, spoken by GET /api/{cat} and
 * GET /api/full/{cat} so that the stock provider works unchanged:
 *
 *   sort=["name","ASC"]   range=[0,24]   filter={"q":"text","type_id":3,"id":[1,2]}
 *
 * Any one of the three switches a list call to the dialect (a JSON array and a Content-Range
 * header, routes.ts); without them the call answers {"json_list": [...]} as spec section 7 says.
 * This file only parses and checks the parameters into data; listSql.ts turns that into SQL.
 *
 * - sort: `id` or a sortable field (the category's fieldSets, src/schemas/fieldSets.ts) and ASC or DESC; default id ASC.
 * - range: inclusive [start, end], at most MAX_PAGE objects; absent = every match (getMany).
 * - filter: `q` searches the category's search columns (fieldSets.searchable), the names of the objects its
 *   searched references name (a device's firmwares) and its searched JSON values (a device's custom field
 *   values); a comparison (CategoryDef.comparisons) matches one of its values; `id` and every filterable field
 *   (declared `filter: true`, or of kind ref: ref columns are indexed) match a value, a list of
 *   values (getMany sends {"id": [...]}) or null (no reference). Blank strings are ignored, as
 *   react-admin sends them for a cleared input. A field declared `findsOne` matches its text exactly,
 *   letter case aside (the search box's exact look-up); one declared `recency` matches an age of
 *   src/schemas/recency.ts (`{"last_seen":"over_day"}`), also as a plain `?last_seen=over_day`.
 */
import type { Category, FieldSpec } from '../../src/schemas/defineCategory';
import { idFromText, INT4_MAX, KINDS } from '../../src/schemas/kinds';
import { isRecencyFilter, RECENCY_VALUES } from '../../src/schemas/recency';
import { comparedValues, standingOf } from '../../src/schemas/comparison';
import { ownMessages } from '../../src/messages';
import { badRequest } from '../http/errors';
import { fieldOf, isPlainObject, isStorableText } from './validate';
import type { Condition, FilterKind, SearchedRef, SearchedValues, Sort } from './listSql';

export type Query = Record<string, string | string[] | undefined>;

export interface ListQuery {
  sort: Sort;
  /** Inclusive bounds of the page; absent: every matching object. */
  range?: { start: number; end: number };
  conditions: Condition[];
}

/** Largest page: a bound on the memory and time of one call (react-admin asks 10 to 100). */
export const MAX_PAGE = 10_000;
export const ID_SORT: Sort = { column: 'id', descending: false };
export const SEARCH_KEY = 'q';
const DIALECT_PARAMS = ['sort', 'range', 'filter'] as const;
const INTEGER_TEXT = /^-?[0-9]{1,10}$/;

export function usesListDialect(query: Query): boolean {
  return DIALECT_PARAMS.some((p) => query[p] !== undefined);
}

export function parseJson(query: Query, param: string, expected: string): unknown {
  const raw = query[param];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw badRequest(ownMessages.badListParam(param, expected));
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest(ownMessages.badListParam(param, expected));
  }
}

export function parseSort(category: Category, query: Query): Sort {
  const expected = '["field","ASC" or "DESC"]';
  const value = parseJson(query, 'sort', expected);
  if (value === undefined) return ID_SORT;
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string' || typeof value[1] !== 'string') {
    throw badRequest(ownMessages.badListParam('sort', expected));
  }
  const [column, order] = value as [string, string];
  const direction = order.toUpperCase();
  if (direction !== 'ASC' && direction !== 'DESC') throw badRequest(ownMessages.badListParam('sort', expected));
  // A private field is not sortable (fieldSets.ts): ordering by it would tell its values.
  if (column !== 'id' && !category.fieldSets.sortable.includes(column)) throw badRequest(ownMessages.badSortField(column));
  return { column, descending: direction === 'DESC' };
}

export function parseRange(query: Query): ListQuery['range'] {
  const expected = '[start,end] with 0 <= start <= end';
  const value = parseJson(query, 'range', expected);
  if (value === undefined) return undefined;
  const ok =
    Array.isArray(value) &&
    value.length === 2 &&
    value.every((n) => Number.isSafeInteger(n) && n >= 0) &&
    (value[0] as number) <= (value[1] as number);
  if (!ok) throw badRequest(ownMessages.badListParam('range', expected));
  const [start, end] = value as [number, number];
  if (end - start + 1 > MAX_PAGE) throw badRequest(ownMessages.pageTooLarge(MAX_PAGE));
  return { start, end };
}

/** The kind a filter key compares as, or undefined when the list cannot be filtered by it. */
function filterKind(category: Category, key: string): FilterKind | undefined {
  if (key === 'id') return 'integer';
  if (!category.fieldSets.filterable.includes(key)) return undefined;
  const field = category.fields[key];
  return field.kind === 'ref' ? 'ref' : KINDS[field.kind].filterAs;
}

const EXPECTED: Record<FilterKind, string> = {
  integer: 'an id or a list of ids',
  number: 'a number or a list of numbers',
  ref: 'an id, a list of ids or null',
  text: 'a string or a list of strings',
  boolean: 'true or false',
};

function filterValue(category: Category, key: string, kind: FilterKind, value: unknown): number | string | boolean {
  const field = fieldOf(category, key);
  if (field?.kind === 'enum' && !field.values?.includes(value as string)) {
    throw badRequest(ownMessages.badFilterValue(key, KINDS.enum.expected(field)));
  }
  const bad = () => badRequest(ownMessages.badFilterValue(key, EXPECTED[kind]));
  switch (kind) {
    case 'integer':
    case 'ref': {
      const n = typeof value === 'string' && INTEGER_TEXT.test(value) ? Number(value) : value;
      if (!Number.isInteger(n) || Math.abs(n as number) > INT4_MAX) throw bad();
      return n as number;
    }
    case 'number': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) throw bad();
      return n;
    }
    case 'boolean':
      if (value === true || value === 'true') return true;
      if (value === false || value === 'false') return false;
      throw bad();
    case 'text':
      if (typeof value !== 'string') throw bad();
      if (!isStorableText(value)) throw badRequest(ownMessages.unstorableText(key));
      return value;
  }
}

/** A filter by a `recency` field's age, by a `findsOne` field's exact text, or by a comparison's value; undefined for other keys. */
function declaredCondition(category: Category, key: string, value: unknown): Condition | undefined {
  const sets = category.fieldSets;
  const comparison = category.comparisons?.[key];
  if (comparison) {
    const standing = standingOf(comparison, value);
    if (!standing) throw badRequest(ownMessages.badFilterValue(key, `one of ${comparedValues(comparison).join(', ')}`));
    return { kind: 'standing', fields: comparison.fields, standing };
  }
  if (sets.byAge.includes(key)) {
    if (!isRecencyFilter(value)) throw badRequest(ownMessages.badFilterValue(key, `one of ${RECENCY_VALUES.join(', ')}`));
    return { kind: 'recency', column: key, age: value };
  }
  if (sets.findsOne.includes(key)) {
    if (typeof value !== 'string') throw badRequest(ownMessages.badFilterValue(key, 'a string'));
    if (!isStorableText(value)) throw badRequest(ownMessages.unstorableText(key));
    return { kind: 'sameText', column: key, text: value.trim() };
  }
  return undefined;
}

/** Finds a category of the registry by its key (the referenced ones a search reads). */
export type FindCategory = (key: string) => Category | undefined;

/** The references the search reads through: each to the table it names, matched by that category's naming text field. */
function searchedRefs(category: Category, find: FindCategory): SearchedRef[] {
  return category.fieldSets.searchedRefs.flatMap((column) => {
    const target = find(category.fields[column].ref ?? '');
    const name = target?.summary[0];
    return target && name && target.fieldSets.searchable.includes(name) ? [{ column, target, name }] : [];
  });
}

const searchedValues = (category: Category): SearchedValues[] =>
  category.fieldSets.searchedValues.map((column) => ({ column, path: category.fields[column].searchValues! }));

/** One filter entry as a condition; undefined when the value is blank (no filter). */
function filterCondition(category: Category, key: string, value: unknown, find: FindCategory): Condition | undefined {
  if (value === undefined || value === '') return undefined;
  const declared = declaredCondition(category, key, value);
  if (declared) return declared;
  if (key === SEARCH_KEY) {
    if (typeof value !== 'string') throw badRequest(ownMessages.badFilterValue(key, 'a string'));
    if (!isStorableText(value)) throw badRequest(ownMessages.unstorableText(key));
    const columns = [...category.fieldSets.searchable];
    if (columns.length === 0) throw badRequest(ownMessages.noSearchField);
    const text = value.trim();
    return text === '' ? undefined : { kind: 'search', columns, through: searchedRefs(category, find), values: searchedValues(category), text };
  }
  const kind = filterKind(category, key);
  if (!kind) throw badRequest(ownMessages.badFilterKey(key));
  if (value === null) return { kind: 'null', column: key };
  const values = (Array.isArray(value) ? value : [value]).map((v) => filterValue(category, key, kind, v));
  return { kind: 'in', column: key, fieldKind: kind, values };
}

export function parseFilter(category: Category, query: Query, find: FindCategory): Condition[] {
  const value = parseJson(query, 'filter', 'a JSON object');
  if (value === undefined) return [];
  if (!isPlainObject(value)) throw badRequest(ownMessages.badListParam('filter', 'a JSON object'));
  return Object.entries(value)
    .map(([key, v]) => filterCondition(category, key, v, find))
    .filter((c): c is Condition => c !== undefined);
}

export function parseListQuery(category: Category, query: Query, find: FindCategory): ListQuery {
  return { sort: parseSort(category, query), range: parseRange(query), conditions: parseFilter(category, query, find) };
}

/**
 * The plain filters of spec section 7 (`?type_id=3&group_id=`) as conditions, for the CSV export
 * and the list routes: an empty value, or 0 for a reference (the Dropdown's 'All types' / 'All
 * groups'), means no filter. Every field the list dialect filters by is accepted, each value read
 * as its kind (`?target_firmware_id=` of a firmware's tables, `?doc_type=text` of the documents table).
 */
/** The fields a plain `?field=` parameter filters by: the filterable ones by value, then those filtered by age. */
export function plainQueryFields(category: Category): [string, FieldSpec][] {
  return [...category.fieldSets.filterable, ...category.fieldSets.byAge].map((name) => [name, category.fields[name]]);
}

/**
 * A parameter that reads as a filter the list does not apply is refused (400) instead of ignored:
 * ignored, it answered (or exported) every object. Such are the bracket forms of array-style query
 * builders (?last_seen[]=), the search and a field that only the list dialect's filter applies
 * (?q=, ?uid_for_type=). Other names (the projection, a download's cache-buster) are no filters.
 */
function refuseUnappliedFilter(category: Category, name: string): void {
  const base = name.replace(/\[.*$/, '');
  if (base === name && name !== SEARCH_KEY && !Object.hasOwn(category.fields, name)) return;
  if (base === name && plainQueryFields(category).some(([field]) => field === name)) return;
  throw badRequest(ownMessages.notAPlainFilter(name, plainQueryFields(category).map(([field]) => field)));
}

export function plainFilterConditions(category: Category, query: Query): Condition[] {
  const conditions: Condition[] = [];
  for (const [name, raw] of Object.entries(query)) {
    refuseUnappliedFilter(category, name);
    if (category.fieldSets.byAge.includes(name) || category.comparisons?.[name]) {
      // Given twice (?last_seen=a&last_seen=b) is refused as a bad value: filtering by neither would export every row.
      const condition = raw === undefined || raw === '' ? undefined : declaredCondition(category, name, raw);
      if (condition) conditions.push(condition);
      continue;
    }
    const kind = fieldOf(category, name) ? filterKind(category, name) : undefined;
    if (kind === undefined || raw === undefined) continue;
    const value = Array.isArray(raw) ? raw.join(',') : raw;
    if (value === '' || (kind === 'ref' && value === '0')) continue;
    if ((kind === 'ref' || kind === 'integer') && idFromText(value) === undefined) throw badRequest(ownMessages.badFilter(name));
    conditions.push({ kind: 'in', column: name, fieldKind: kind, values: [filterValue(category, name, kind, value)] });
  }
  return conditions;
}
