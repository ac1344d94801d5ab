/**
 * What a category's table can be filtered by, read from its schema: every reference field
 * declared `filter: true` whose category has a picker (team; type and group where the category
 * has them), and a search (`q`, searched by the server in the fields of src/schemas/searchFields.ts),
 * named by the labels of those fields.
 */
import { mustGetCategory, type Category } from '../../schemas';
import { searchFields } from '../../schemas/searchFields';
import { ownMessages } from '../../messages';
import { pickerOf, isUnset } from '../dropdown/picker';

/** The filter key of the server's list dialect that searches. */
export const SEARCH_FILTER = 'q';

export interface FilterField {
  /** The field filtered on (team_id). */
  name: string;
  label: string;
  /** Key of the referenced category, offered by a Dropdown. */
  reference: string;
}

export function filterFields(category: Category): FilterField[] {
  return Object.entries(category.fields)
    .filter(([, f]) => f.filter && f.kind === 'ref' && f.ref && mustGetCategory(f.ref).console?.picker)
    .map(([name, f]) => ({ name, label: f.label, reference: f.ref! }));
}

export const isSearchable = (category: Category): boolean => searchFields(category).length > 0;

/** The search box's label: the fields it searches ('Name or Unique ID by type'). */
export const searchLabel = (category: Category): string =>
  ownMessages.searchIn(searchFields(category).map((name) => category.fields[name].label));

/** The values of the list's filters that a filter's picker depends on (a group filter's type_id). */
export function pickerFilters(field: FilterField, filterValues: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const by = pickerOf(mustGetCategory(field.reference)).filterBy ?? [];
  return Object.fromEntries(by.map((f) => [f, filterValues[f]]));
}

/** The filter values with `name` set to `value`, or without it for the zero option. */
export function withFilter(filterValues: Readonly<Record<string, unknown>>, name: string, value: unknown): Record<string, unknown> {
  const next = { ...filterValues };
  if (isUnset(value)) delete next[name];
  else next[name] = value;
  return next;
}
