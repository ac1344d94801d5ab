/**
 * The Dropdown of a big category (picker.search: devices): a search box over the server's list,
 * since the spec's whole list would bring a fleet of 100,000 to the browser. Opening it shows the
 * first matches by name (the form's team only, as the Dropdown filters), typing searches them on
 * the server, and 'and N more: type to narrow' says when the page is not all. The chosen object is
 * named by reading it by id, whether or not it is among the matches. The props are Dropdown's.
 */
import { Autocomplete, Paper, TextField, Typography, type PaperProps } from '@mui/material';
import { createContext, useContext, useId, useMemo, useState } from 'react';
import { ownMessages } from '../../messages';
import { mustGetCategory } from '../../schemas';
import { filtersKey, optionLabel, pickerOf, visibleOptions, zeroText, type DropdownProps, type PickerFilters, type PickerOption } from './picker';
import { useChosenRows, usePickerSearch } from './usePickerSearch';
import { useTeamNames } from './usePickerOptions';
import { useAutoSelectSingle, useClearOutsideFilters } from './usePickerRules';

const NO_FILTERS: PickerFilters = {};
const NONE: readonly number[] = [];

/** How many matches the page leaves out, for the popup's footer (a context: the popup is MUI's). */
const MoreContext = createContext(0);

const PaperWithMore = ({ children, ...props }: PaperProps) => {
  const more = useContext(MoreContext);
  return (
    <Paper {...props}>
      {children}
      {more > 0 && (
        // Not a choice: a click on it keeps the box open and focused.
        <Typography variant="caption" component="div" sx={{ px: 2, py: 1 }} onMouseDown={(e) => e.preventDefault()}>
          {ownMessages.moreMatches(more)}
        </Typography>
      )}
    </Paper>
  );
};

export const SearchDropdown = ({
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
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const auto = autoSelectSingle ?? (context === 'form' && pickerOf(category).autoSelectSingle === true);
  // Nothing is read until the box opens (a form holding a picker costs no search), but for the single-option rule.
  const { rows, total, isPending, isFetching } = usePickerSearch(category, text, filters, undefined, open || (auto && value === null));
  const teamNames = useTeamNames(category, rows);
  const key = filtersKey(category, filters);
  // The key stands for the filter values the page was read with.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const options = useMemo(() => visibleOptions(category, rows, filters, teamNames).filter((o) => !exclude.includes(o.id)), [category, rows, key, exclude, teamNames]);

  const ids = useMemo(() => (value === null ? NONE : [value]), [value]);
  const chosen = useChosenRows(category, ids);
  useClearOutsideFilters({ category: categoryKey, rows: chosen.rows, isPending: chosen.isPending, value, filters, key, onChange });
  useAutoSelectSingle(auto && text === '', isPending, options, value, onChange);

  const chosenRow = value === null ? undefined : [...chosen.rows, ...rows].find((r) => Number(r.id) === value);
  const selected: PickerOption | null = value === null ? null : { id: value, label: chosenRow ? optionLabel(category, chosenRow) : '' };

  return (
    <MoreContext.Provider value={total - rows.length}>
      <Autocomplete<PickerOption>
        id={id}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => {
          setOpen(false);
          setText('');
        }}
        options={options}
        value={selected}
        onChange={(_event, option) => onChange(option ? option.id : null)}
        onInputChange={(_event, typed, reason) => reason === 'input' && setText(typed)}
        // The server matched the text already (in the name and the other searched fields).
        filterOptions={(found) => found}
        getOptionLabel={(option) => option.label}
        getOptionKey={(option) => option.id}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        loading={isFetching}
        loadingText={ownMessages.searching}
        noOptionsText={ownMessages.noMatches}
        disabled={disabled}
        onBlur={onBlur}
        fullWidth={fullWidth}
        size="small"
        sx={{ minWidth: 200 }}
        slots={{ paper: PaperWithMore }}
        renderInput={(params) => (
          <TextField
            {...params}
            name={name}
            label={label}
            placeholder={zeroText(category, context, filters) || undefined}
            error={Boolean(error)}
            helperText={error && error !== true ? error : helperText}
            slotProps={{ inputLabel: { ...params.InputLabelProps, shrink: true, required } }}
          />
        )}
      />
    </MoreContext.Provider>
  );
};
