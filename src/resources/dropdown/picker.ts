/**
 * The rules of spec 'Dropdown' as plain functions of a category's picker declaration
 * (console.picker in its schema file) and of its `disabled` objects: which options are offered,
 * how they read, what the zero option says and when a choice no longer fits its filters. The
 * components only wire these up.
 */
import type { ReactNode } from 'react';
import type { Category, CategoryKey, KnownKey, PickerSpec } from '../../schemas';
import { isDisabled } from '../../schemas/disabled';
import { displayField } from '../displayField';

/** Where the Dropdown sits: a list filter ('All types') or an object form ('Select a type...'). */
export type DropdownContext = 'filter' | 'form';

/** Values of the fields an option is filtered by (team_id, type_id, ...). */
export type PickerFilters = Readonly<Record<string, unknown>>;

/** What both pickers take, the select (Dropdown.tsx, which documents each prop) and the search (SearchDropdown.tsx). */
export interface DropdownProps<K extends string = string> {
  /** The key of the category picked from: written in code, one of the registry's (KnownKey). */
  category: KnownKey<K, CategoryKey>;
  value: number | null;
  onChange: (id: number | null) => void;
  context?: DropdownContext;
  filters?: PickerFilters;
  label?: string;
  disabled?: boolean;
  error?: ReactNode;
  helperText?: ReactNode;
  autoSelectSingle?: boolean;
  onBlur?: () => void;
  name?: string;
  required?: boolean;
  fullWidth?: boolean;
  exclude?: readonly number[];
}

export type OptionRow = Readonly<Record<string, unknown>> & { id: number | string };

export interface PickerOption {
  id: number;
  label: string;
}

const NO_PICKER: PickerSpec = {};

export const pickerOf = (category: Category): PickerSpec => category.console?.picker ?? NO_PICKER;

/** An unchosen filter: absent, blank, or the zero option (0 is never an id). */
export const isUnset = (value: unknown): boolean => value === undefined || value === null || value === '' || value === 0 || value === '0';

/** The spec's call for options: GET /api/{cat}?fields=id,name plus what filters, labels and the disabled flag read. */
export function optionFields(category: Category): string[] {
  const picker = pickerOf(category);
  const flag = category.disabled ? [category.disabled.field] : [];
  return [...new Set(['id', displayField(category), ...(picker.filterBy ?? []), ...(picker.fields ?? []), ...flag])];
}

export function optionLabel(category: Category, row: OptionRow): string {
  const picker = pickerOf(category);
  return picker.optionLabel ? picker.optionLabel(row) : String(row[displayField(category)] ?? '');
}

/** A filterBy field the caller has not chosen yet (while it is, needsFilter pickers offer nothing). */
export const missingFilter = (category: Category, filters: PickerFilters): boolean =>
  (pickerOf(category).filterBy ?? []).some((f) => isUnset(filters[f]));

/** The row fits every chosen filter (ids compared as text: URL values arrive as strings). */
export function fitsFilters(category: Category, row: OptionRow, filters: PickerFilters): boolean {
  return (pickerOf(category).filterBy ?? []).every((f) => isUnset(filters[f]) || String(row[f]) === String(filters[f]));
}

/** The options offered, in the order loaded (the server sorts them by name); never a disabled object (spec 'Dropdown'). */
export function visibleOptions(category: Category, rows: readonly OptionRow[], filters: PickerFilters): PickerOption[] {
  const picker = pickerOf(category);
  if (picker.needsFilter && missingFilter(category, filters)) return [];
  return rows
    .filter((row) => !isDisabled(category, row) && fitsFilters(category, row, filters))
    .map((row) => ({ id: Number(row.id), label: optionLabel(category, row) }));
}

/** Text of the first, 'zero' option. */
export function zeroText(category: Category, context: DropdownContext, filters: PickerFilters): string {
  const picker = pickerOf(category);
  if (context === 'form') return picker.zeroForm ?? '';
  if (picker.zeroUnfiltered && missingFilter(category, filters)) return picker.zeroUnfiltered;
  return picker.zeroFilter ?? '';
}

/**
 * After the filters changed: must the chosen object be dropped? Yes when it no longer fits them,
 * or when a needsFilter picker lost the filter it needs. An object not among the loaded rows (not
 * visible to the user) is left alone: nothing says it is wrong.
 */
export function fallsOutside(category: Category, rows: readonly OptionRow[], value: number, filters: PickerFilters): boolean {
  const row = rows.find((r) => String(r.id) === String(value));
  if (!row) return false;
  if (pickerOf(category).needsFilter && missingFilter(category, filters)) return true;
  return !fitsFilters(category, row, filters);
}

/** The filter values the picker reads, as a stable key (effects run when it changes). */
export const filtersKey = (category: Category, filters: PickerFilters): string =>
  JSON.stringify((pickerOf(category).filterBy ?? []).map((f) => (isUnset(filters[f]) ? null : String(filters[f]))));
