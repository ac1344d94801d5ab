/**
 * The filters above a table: a Dropdown ('All teams', 'All types', 'All groups') per reference
 * filter field of the schema, a select ('All') per enum one, and a search box naming the fields it
 * searches. A table of several categories (/documents) offers the filters of all of them. Values live in react-admin's list
 * parameters (and so in the address), and the server filters. A picker that depends on another
 * filter (groups on the type) gets its value, and clears itself when its choice no longer fits
 * (Dropdown rule). The table follows the search box as the user types; Enter in the box (a barcode
 * scanner sends one after the ID) also opens the object whose unique ID is exactly the text, when
 * it is one (useOpenExactMatch.ts). Only on Enter: 'SN-12' typed on the way to 'SN-123' must not
 * open SN-12.
 */
import { useEffect, useRef, useState } from 'react';
import { InputAdornment, Stack, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useListContext } from 'react-admin';
import type { Category } from '../../schemas';
import { Dropdown } from '../dropdown/Dropdown';
import { ownMessages } from '../../messages';
import { SEARCH_DELAY_MS } from '../dropdown/usePickerSearch';
import { useOpenExactMatch } from './useOpenExactMatch';
import { FilterFold } from './FilterFold';
import { isSearchable, pickerFilters, SEARCH_FILTER, searchLabel, unionFilterFields, withFilter, type FilterField } from './filterFields';


type Filters = Readonly<Record<string, unknown>>;

export interface ListFilterBarProps {
  category: Category;
  /** Every category the table shows, when it shows several. */
  categories?: readonly Category[];
}

export const ListFilterBar = ({ category, categories = [category] }: ListFilterBarProps) => {
  const { filterValues, setFilters } = useListContext();
  // Dropdown rules and the delayed search run after a render: they must build on the newest values.
  const latest = useRef<Filters>(filterValues);
  latest.current = filterValues;
  const setFilter = (name: string, value: unknown) => {
    const next = withFilter(latest.current, name, value);
    latest.current = next;
    setFilters(next, undefined, false);
  };
  const openExactMatch = useOpenExactMatch(category);
  const search = (text: string) => setFilter(SEARCH_FILTER, text);
  // Enter: the table shows the text at once (no pause), and the object it names exactly opens,
  // unless the user has typed on or left the page meanwhile.
  const enter = (text: string, current: () => string) => {
    if (text !== (latest.current[SEARCH_FILTER] ?? '')) search(text);
    if (categories.length !== 1) return;
    const page = window.location.pathname;
    // react-admin writes the new search into the address on its next tick (useListParams), to
    // whatever page is shown then: the look-up starts after that write, so that it never lands
    // on the device's page (timers of equal delay run in the order they were set).
    setTimeout(() => void openExactMatch(text, () => current() === text && window.location.pathname === page), 0);
  };

  return (
    // On a phone the filters fold behind a 'Filters' button, the active ones shown as chips (FilterFold.tsx).
    <FilterFold categories={categories}>
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', flexGrow: 1 }}>
      {unionFilterFields(categories).map((field) =>
        field.reference ? (
          <Dropdown
            key={field.name}
            category={field.reference}
            context="filter"
            label={field.label}
            name={field.name}
            value={toId(filterValues[field.name])}
            filters={pickerFilters(field.reference, filterValues)}
            onChange={(id) => setFilter(field.name, id)}
          />
        ) : (
          <EnumFilter key={field.name} field={field} value={filterValues[field.name]} onChange={(value) => setFilter(field.name, value)} />
        ),
      )}
      {isSearchable(categories) && (
        <SearchBox label={searchLabel(categories)} value={filterValues[SEARCH_FILTER]} onSearch={search} onEnter={enter} />
      )}
    </Stack>
    </FilterFold>
  );
};

const toId = (value: unknown): number | null => (value === undefined || value === null || value === '' ? null : Number(value));

/**
 * An enum's select. A link may filter by several values at once (the home page's 'Updating now'): the
 * select then shows them as one choice, not 'All', until the user picks another.
 */
const EnumFilter = ({ field, value, onChange }: { field: FilterField; value: unknown; onChange: (value: string) => void }) => {
  const several = Array.isArray(value) ? value.map(String) : undefined;
  const labelOf = (v: string) => field.options?.find((o) => o.value === v)?.label ?? v;
  return (
    <TextField
      select
      name={field.name}
      label={field.label}
      value={typeof value === 'string' ? value : (several?.join(',') ?? '')}
      onChange={(event) => onChange(event.target.value)}
      size="small"
      fullWidth={false}
      sx={{ minWidth: 160 }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{ownMessages.allValues}</option>
      {several && (
        <option value={several.join(',')} disabled>
          {ownMessages.severalFilterValues(several.map(labelOf))}
        </option>
      )}
      {field.options?.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
};

interface SearchBoxProps {
  label: string;
  value: unknown;
  /** The text, once typing pauses. */
  onSearch: (text: string) => void;
  /** Enter pressed on the text; `current` reads the box's text later on. */
  onEnter: (text: string, current: () => string) => void;
}

export const SearchBox = ({ label, value, onSearch, onEnter }: SearchBoxProps) => {
  const applied = typeof value === 'string' ? value : '';
  const [text, setText] = useState(applied);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  const textRef = useRef(text);
  textRef.current = text;
  /** The searches this box handed on and not yet seen applied, oldest first. */
  const sent = useRef<string[]>([]);
  /** The search the table will show once what was handed on is applied: the last handed on, else the one shown. */
  const pending = () => sent.current.at(-1) ?? applied;
  const handOn = (handed: string) => {
    if (handed !== pending()) sent.current.push(handed);
  };

  // The address or another control changed the search: show it. The box's own searches coming
  // back applied must not: the user typed on meanwhile, and the box would drop those letters
  // (typed at the pace of the pause, 'Sensor' became 'Ssr').
  useEffect(() => {
    const own = sent.current.indexOf(applied);
    if (own >= 0) {
      sent.current = sent.current.slice(own + 1);
      return;
    }
    sent.current = [];
    setText(applied);
  }, [applied]);

  useEffect(() => {
    if (text === applied) return;
    // The user may leave the page during the pause (a row opened): the search then belongs to a page
    // that is gone and must not bring them back to it. The browser's address says so at once; the
    // router's location here does not until the next page has rendered.
    const page = window.location.pathname;
    const timer = setTimeout(() => {
      // Enter may have handed this text on already, its search not yet shown (a slow render): sending it
      // again would write the list's address after Enter's look-up opened the object, and bring the user back.
      if (window.location.pathname !== page || text === (sent.current.at(-1) ?? applied)) return;
      sent.current.push(text);
      onSearchRef.current(text);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, applied]);

  return (
    <TextField
      size="small"
      fullWidth={false}
      type="search"
      label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        // Not the Enter that ends an input method's composition (a Japanese or Chinese word).
        if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
        event.preventDefault();
        const typed = (event.target as HTMLInputElement).value;
        handOn(typed);
        onEnter(typed, () => textRef.current);
      }}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
};
