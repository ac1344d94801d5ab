/**
 * Two rules of spec 'Dropdown' over a picker's state, shared by the select of a small category and
 * the search of a big one: clearing a choice that falls outside changed filters, and choosing the
 * only option (a single team).
 */
import { useEffect, useRef } from 'react';
import { mustGetCategory } from '../../schemas';
import { fallsOutside, type PickerFilters } from './picker';

export interface ClearArgs {
  category: string;
  rows: Parameters<typeof fallsOutside>[1];
  isPending: boolean;
  value: number | null;
  filters: PickerFilters;
  key: string;
  onChange: (id: number | null) => void;
}

/**
 * Spec: "If the selected item falls outside a changed filter, the selection is cleared." Only a
 * change of the filters triggers it (checked once the options are known), so a form that opens
 * on an odd but saved value never changes it by itself.
 */
export function useClearOutsideFilters({ category, rows, isPending, value, filters, key, onChange }: ClearArgs) {
  const lastKey = useRef(key);
  const pending = useRef(false);
  const latest = useRef({ filters, onChange });
  latest.current = { filters, onChange };
  useEffect(() => {
    if (key !== lastKey.current) {
      lastKey.current = key;
      pending.current = true;
    }
    if (!pending.current || isPending) return;
    pending.current = false;
    if (value !== null && fallsOutside(mustGetCategory(category), rows, value, latest.current.filters)) latest.current.onChange(null);
  }, [category, key, isPending, rows, value]);
}

/** Spec: "With a single team and nothing preselected, that team is selected automatically." Once per mount. */
export function useAutoSelectSingle(
  enabled: boolean,
  isPending: boolean,
  options: readonly { id: number }[],
  value: number | null,
  onChange: (id: number | null) => void,
) {
  const done = useRef(false);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (!enabled || done.current || isPending) return;
    done.current = true;
    if (value === null && options.length === 1) latest.current(options[0].id);
  }, [enabled, isPending, options, value]);
}
