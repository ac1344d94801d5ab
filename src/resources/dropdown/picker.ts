/**
 * The rules of spec 'Dropdown' as plain functions of a category's picker declaration
 * (console.picker in its schema file) and of its `disabled` objects: which options are offered,
 * how they read, what the zero option says and when a choice no longer fits its filters. The
 * components only wire these up.
 */
import type { ReactNode } from 'react';
import type { Category, CategoryKey, KnownKey, PickerSpec } from '../../schemas';
import { isDisabled } from '../../schemas/disabled';
import { TEAM_FIELD } from '../../schemas/fieldSpec';
import { ownMessages } from '../../messages';
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

/** Its objects belong to teams: the team is named after an option whose name repeats. */
export const ownedByTeam = (category: Category): boolean => category.scope === 'team' && category.fields[TEAM_FIELD] !== undefined;

/** The spec's call for options: GET /api/{cat}?fields=id,name plus what filters, labels, the disabled flag and the team read. */
export function optionFields(category: Category): string[] {
  const picker = pickerOf(category);
  const flag = category.disabled ? [category.disabled.field] : [];
  return [...new Set(['id', displayField(category), ...(picker.filterBy ?? []), ...(picker.fields ?? []), ...flag, ...(ownedByTeam(category) ? [TEAM_FIELD] : [])])];
}

/** Two options of `rows` read the same (only then are the team names read). */
export function repeatsLabel(category: Category, rows: readonly OptionRow[]): boolean {
  const labels = rows.map((row) => optionLabel(category, row));
  return new Set(labels).size < labels.length;
}

/** The names of the user's teams by id (as text): GET /api/team, the team picker's own call. */
export type TeamNames = ReadonlyMap<string, string>;

/**
 * Options whose text repeats among those offered (a type copied into another team by a claim, the
 * same name in two teams) read 'Sensor (Team A)', 'Sensor (Team B)': the team only where it tells
 * them apart, so the labels of a one-team user, or of a picker filtered by a team, stay as named.
 */
export function withRepeatedTeams(options: readonly PickerOption[], rows: readonly OptionRow[], teamNames: TeamNames): PickerOption[] {
  const seen = new Map<string, number>();
  for (const o of options) seen.set(o.label, (seen.get(o.label) ?? 0) + 1);
  const teamById = new Map(rows.map((r) => [String(r.id), r[TEAM_FIELD]]));
  return options.map((o) => {
    const team = teamNames.get(String(teamById.get(String(o.id))));
    return (seen.get(o.label) ?? 0) > 1 && team !== undefined ? { ...o, label: ownMessages.optionOfTeam(o.label, team) } : o;
  });
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

/**
 * The options offered, in the order loaded (the server sorts them by name); never a disabled object
 * (spec 'Dropdown'); a repeated name with its team, when the team names are known (withRepeatedTeams).
 */
export function visibleOptions(category: Category, rows: readonly OptionRow[], filters: PickerFilters, teamNames?: TeamNames): PickerOption[] {
  const picker = pickerOf(category);
  if (picker.needsFilter && missingFilter(category, filters)) return [];
  const options = rows
    .filter((row) => !isDisabled(category, row) && fitsFilters(category, row, filters))
    .map((row) => ({ id: Number(row.id), label: optionLabel(category, row) }));
  return teamNames ? withRepeatedTeams(options, rows, teamNames) : options;
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
