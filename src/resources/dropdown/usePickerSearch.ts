/**
 * The options of a picker of a big category (picker.search, devices): a fleet cannot be read
 * whole, so the picker asks the server for the first page of matches of the typed text, sorted by
 * name, through the data provider's list call (GET /api/full/{cat}?fields=...&sort=&range=&filter=
 * {"q":...}), and names chosen objects by reading them by id. The text is sent once the user
 * paused typing, so a fast typist costs one call, not one per key.
 */
import { useEffect, useMemo, useState } from 'react';
import { useGetList, useGetMany } from 'react-admin';
import type { Category } from '../../schemas';
import { displayField } from '../displayField';
import { isUnset, optionFields, pickerOf, type OptionRow, type PickerFilters } from './picker';
import { usePickerOptions } from './usePickerOptions';

/** The first page of matches: enough to choose from, small enough to read at once. */
export const PICKER_PAGE = 50;
/** The pause in typing after which the text is searched (pickers and the tables' search box alike). */
export const SEARCH_DELAY_MS = 300;
const NO_ROWS: readonly OptionRow[] = [];

/** The value, once it stopped changing for `delay` ms. */
export function useDebounced<T>(value: T, delay = SEARCH_DELAY_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** The list filter of a search: the typed text and the chosen picker filters (the form's team). */
export function searchFilter(category: Category, text: string, filters: PickerFilters): Record<string, unknown> {
  const chosen = (pickerOf(category).filterBy ?? []).filter((f) => !isUnset(filters[f])).map((f) => [f, filters[f]]);
  return { ...Object.fromEntries(chosen), ...(text.trim() === '' ? {} : { q: text.trim() }) };
}

export interface SearchRows {
  rows: readonly OptionRow[];
  /** How many objects match, this page and the ones not read. */
  total: number;
  /** True until the first answer. */
  isPending: boolean;
  isFetching: boolean;
}

export function usePickerSearch(category: Category, text: string, filters: PickerFilters, limit = PICKER_PAGE, enabled = true): SearchRows {
  const filter = searchFilter(category, useDebounced(text), filters);
  const { data, total, isPending, isFetching } = useGetList<OptionRow & { id: number }>(
    category.key,
    {
      pagination: { page: 1, perPage: limit },
      sort: { field: displayField(category), order: 'ASC' },
      filter,
      meta: { fields: optionFields(category) },
    },
    { enabled, placeholderData: (previous) => previous },
  );
  return { rows: data ?? NO_ROWS, total: total ?? 0, isPending: enabled && isPending, isFetching };
}

export interface ChosenRows {
  /** Rows to find the chosen objects in (names, filters); may hold others. */
  rows: readonly OptionRow[];
  isPending: boolean;
}

/**
 * The rows of chosen objects, to name them and check them against changed filters: read by id
 * for a big category, found in the whole list (the spec's call) for the others.
 */
export function useChosenRows(category: Category, ids: readonly number[]): ChosenRows {
  const search = pickerOf(category).search === true;
  const whole = usePickerOptions(category, !search);
  const params = useMemo(() => ({ ids: [...ids], meta: { fields: optionFields(category) } }), [ids, category]);
  const { data, isPending } = useGetMany<OptionRow & { id: number }>(category.key, params, { enabled: search && ids.length > 0 });
  if (!search) return whole;
  return { rows: data ?? NO_ROWS, isPending: ids.length > 0 && isPending };
}
