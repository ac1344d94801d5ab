/**
 * What a category's table can be filtered by, read from its fieldSets (src/schemas/fieldSets.ts):
 * every filterable field declared `filter: true` that the console can offer, a reference whose
 * category has a picker (team; type and group where the category has them) or an enum (a document's
 * type and target class), and a search (`q`, searched by the server in the `searchable` fields),
 * named by the labels of those fields (or their `searchLabel`). A datetime declared `recency` is filtered by age
 * (src/schemas/recency.ts: 'Seen in the last hour', ... 'Never seen'); a comparison of two fields by its
 * values (a device's firmware status: 'Up to date', 'Update pending', 'No firmware'). A table of several
 * categories offers each filter once.
 */
import { mustGetCategory, type Category } from '../../schemas';
import { ownMessages } from '../../messages';
import { RECENCY_VALUES } from '../../schemas/recency';
import { comparedValues } from '../../schemas/comparison';
import { pickerOf, isUnset } from '../dropdown/picker';
import { valueText } from './valueText';

/** The filter key of the server's list dialect that searches. */
export const SEARCH_FILTER = 'q';

export interface FilterField {
  /** The field filtered on (team_id). */
  name: string;
  label: string;
  /** Key of the referenced category, offered by a Dropdown; absent for an enum. */
  reference?: string;
  /** An enum's values and their labels, offered by a select. */
  options?: { value: string; label: string }[];
  /** An age of a `recency` field: sent to the CSV export as a plain parameter (`?last_seen=over_day`). */
  recency?: boolean;
}

export function filterFields(category: Category): FilterField[] {
  const { byAge, filterable } = category.fieldSets;
  // A comparison of two fields (a device's firmware status) offers its values as an enum does.
  const compared = Object.entries(category.comparisons ?? {}).map(([name, c]): FilterField => ({
    name,
    label: c.label,
    options: comparedValues(c).map((value) => ({ value, label: c.valueLabels[value] ?? value })),
  }));
  const declared = Object.entries(category.fields).flatMap(([name, f]): FilterField[] => {
    if (byAge.includes(name)) return [{ name, label: f.label, recency: true, options: RECENCY_VALUES.map((value) => ({ value, label: ownMessages.recencyFilterLabels[value] })) }];
    if (!f.filter || !filterable.includes(name)) return [];
    if (f.kind === 'ref' && f.ref && mustGetCategory(f.ref).console?.picker) return [{ name, label: f.label, reference: f.ref }];
    if (f.kind === 'enum' && f.values) return [{ name, label: f.label, options: f.values.map((v) => ({ value: v, label: valueText(f, v) })) }];
    return [];
  });
  return [...declared, ...compared];
}

/** The filters of a table showing several categories: each field once, in the categories' order. */
export function unionFilterFields(categories: readonly Category[]): FilterField[] {
  const byName = new Map<string, FilterField>();
  for (const field of categories.flatMap(filterFields)) if (!byName.has(field.name)) byName.set(field.name, field);
  return [...byName.values()];
}

/** A search box only where every category shown can be searched (the server refuses `q` otherwise). */
export const isSearchable = (categories: readonly Category[]): boolean => categories.every((c) => c.fieldSets.searchable.length > 0);

/** The search box's label: the fields it searches ('Name or unique ID'), each label once. */
export const searchLabel = (categories: readonly Category[]): string =>
  ownMessages.searchIn([...new Set(categories.flatMap((c) => c.fieldSets.searchable.map((name) => c.fields[name].searchLabel ?? c.fields[name].label)))]);

/** The values of the list's filters that a filter's picker depends on (a group filter's type_id). */
export function pickerFilters(reference: string, filterValues: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const by = pickerOf(mustGetCategory(reference)).filterBy ?? [];
  return Object.fromEntries(by.map((f) => [f, filterValues[f]]));
}

/** The filter values with `name` set to `value`, or without it for the zero option. */
export function withFilter(filterValues: Readonly<Record<string, unknown>>, name: string, value: unknown): Record<string, unknown> {
  const next = { ...filterValues };
  if (isUnset(value)) delete next[name];
  else next[name] = value;
  return next;
}
