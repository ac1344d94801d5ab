/**
 * The shared object picker of spec 'Dropdown': a select of the objects of one category, with a
 * first 'zero' option. Everything particular to a category (zero texts, option labels, hidden
 * options, what it is filtered by, single-team auto choice) is declared in its schema file as
 * `console.picker` (src/schemas/defineCategory.ts, PickerSpec); this component names none.
 *
 *   <Dropdown
 *     category={key}               key of the category offered (its registry key)
 *     value={3 | null}             chosen id; null = the zero option
 *     onChange={(id) => ...}       id or null; also called with null when the chosen object falls
 *                                  outside changed `filters`, and with the only option when
 *                                  autoSelectSingle applies
 *     context="filter" | "form"    the zero option's text: 'All types' in a list filter,
 *                                  'Select a type...' in a form (default 'form')
 *     filters={{ team_id: 1 }}     values of the fields the category declares in picker.filterBy;
 *                                  unset (undefined, null, '', 0) = not filtered by it
 *     label="Type"                 the input's label
 *     disabled? error?             truthy: red; a message (not `true`) replaces the helper text
 *     helperText?                  shown when there is no error
 *     autoSelectSingle?            overrides the declaration's autoSelectSingle; by default it
 *                                  applies in forms only: in a filter the zero option ('All
 *                                  teams') already shows the single team's objects
 *     onBlur? name? required?      required: the label's asterisk (validation is the form's)
 *     fullWidth?                   default false (react-admin's theme would stretch it)
 *   />
 *
 * The form-bound variant is DropdownInput (./DropdownInput.tsx).
 */
import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { TextField } from '@mui/material';
import { mustGetCategory } from '../../schemas';
import {
  fallsOutside,
  filtersKey,
  missingFilter,
  pickerOf,
  visibleOptions,
  zeroText,
  optionLabel,
  type DropdownContext,
  type PickerFilters,
} from './picker';
import { usePickerOptions } from './usePickerOptions';

export interface DropdownProps {
  category: string;
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
}

const NO_FILTERS: PickerFilters = {};

export const Dropdown = ({
  category: categoryKey,
  value,
  onChange,
  context = 'form',
  filters = NO_FILTERS,
  label,
  disabled,
  error,
  helperText,
  autoSelectSingle,
  onBlur,
  name,
  required,
  fullWidth = false,
}: DropdownProps) => {
  const category = mustGetCategory(categoryKey);
  const id = useId();
  // A picker that offers nothing until a filter is chosen (groups before a type) need not read
  // its options yet, unless an object is chosen: it may have to be cleared.
  const idle = pickerOf(category).needsFilter === true && missingFilter(category, filters) && value === null;
  const { rows, isPending } = usePickerOptions(category, !idle);
  const key = filtersKey(category, filters);
  // The key stands for the filter values the picker reads: recompute only when they change.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const options = useMemo(() => visibleOptions(category, rows, filters), [category, rows, key]);

  useClearOutsideFilters({ category: categoryKey, rows, isPending, value, filters, key, onChange });
  const auto = autoSelectSingle ?? (context === 'form' && pickerOf(category).autoSelectSingle === true);
  useAutoSelectSingle(auto, isPending, options, value, onChange);

  // A chosen object that is not offered (still loading, hidden, or out of the user's sight) keeps
  // an option of its own, or a native select would silently show the first option instead.
  const offered = value === null || options.some((o) => o.id === value);
  const chosenRow = offered ? undefined : rows.find((r) => Number(r.id) === value);

  return (
    <TextField
      select
      id={id}
      name={name}
      label={label}
      value={value === null ? '' : String(value)}
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      onBlur={onBlur}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error && error !== true ? error : helperText}
      size="small"
      fullWidth={fullWidth}
      sx={{ minWidth: 200 }}
      // The asterisk only: a native `required` would let the browser block the submit with its
      // own message instead of the form's validation (spec texts).
      slotProps={{ select: { native: true }, inputLabel: { shrink: true, required } }}
    >
      <option value="">{zeroText(category, context, filters)}</option>
      {!offered && <option value={String(value)}>{chosenRow ? optionLabel(category, chosenRow) : ''}</option>}
      {options.map((o) => (
        <option key={o.id} value={String(o.id)}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
};

interface ClearArgs {
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
function useClearOutsideFilters({ category, rows, isPending, value, filters, key, onChange }: ClearArgs) {
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
function useAutoSelectSingle(
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
