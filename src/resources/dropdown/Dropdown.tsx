/**
 * The shared object picker of spec 'Dropdown': a select of the objects of one category, with a
 * first 'zero' option. Everything particular to a category (zero texts, option labels, hidden
 * options, what it is filtered by, single-team auto choice) is declared in its schema file as
 * `console.picker` (src/schemas/defineCategory.ts, PickerSpec); this component names none.
 * A category declared `search` (devices) gets a search box instead (SearchDropdown.tsx): the
 * server's first matches of the typed text, never the whole category.
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
 *     exclude?                     ids never offered (already chosen in a list of references)
 *   />
 *
 * The form-bound variant is DropdownInput (./DropdownInput.tsx).
 */
import { useId, useMemo } from 'react';
import { TextField } from '@mui/material';
import { mustGetCategory } from '../../schemas';
import {
  filtersKey,
  missingFilter,
  pickerOf,
  visibleOptions,
  zeroText,
  optionLabel,
  type DropdownProps,
  type PickerFilters,
} from './picker';
import { usePickerOptions, useTeamNames } from './usePickerOptions';
import { useAutoSelectSingle, useClearOutsideFilters } from './usePickerRules';
import { SearchDropdown } from './SearchDropdown';

export type { DropdownProps } from './picker';

const NO_FILTERS: PickerFilters = {};
const NONE: readonly number[] = [];

export const Dropdown = <K extends string>(props: DropdownProps<K>) =>
  pickerOf(mustGetCategory(props.category)).search ? <SearchDropdown {...props} /> : <SelectDropdown {...props} />;

const SelectDropdown = ({
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
  exclude = NONE,
}: DropdownProps) => {
  const category = mustGetCategory(categoryKey);
  const id = useId();
  // A picker that offers nothing until a filter is chosen (groups before a type) need not read
  // its options yet, unless an object is chosen: it may have to be cleared.
  const idle = pickerOf(category).needsFilter === true && missingFilter(category, filters) && value === null;
  const { rows, isPending } = usePickerOptions(category, !idle);
  const teamNames = useTeamNames(category, rows);
  const key = filtersKey(category, filters);
  // The key stands for the filter values the picker reads: recompute only when they change.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const options = useMemo(() => visibleOptions(category, rows, filters, teamNames).filter((o) => !exclude.includes(o.id)), [category, rows, key, exclude, teamNames]);

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
