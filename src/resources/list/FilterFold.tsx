/**
 * The filters of a table on a phone (below 600 px, issue 13 item 7): folded behind one 'Filters'
 * button (with the count of active ones), and each active filter shown as a chip under it
 * ('Type: Sensor', 'Name or unique ID: CS-1'), whose cross (or the Delete key on it) removes it. On a wider screen the
 * filters are shown as they are. The filters themselves stay mounted while folded, so their rules
 * (a group filter clearing itself when the type changes) keep running.
 */
import { useId, useState, type ReactNode } from 'react';
import { Box, Button, Chip, Collapse, Stack } from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import { useGetMany, useListContext } from 'react-admin';
import { mustGetCategory, type Category } from '../../schemas';
import { ownMessages } from '../../messages';
import { isUnset, optionFields, optionLabel, type OptionRow } from '../dropdown/picker';
import { isSearchable, SEARCH_FILTER, searchLabel, unionFilterFields, withFilter } from './filterFields';
import { usePhone } from './usePhone';

export interface ActiveFilter {
  name: string;
  label: string;
  /** The value's words (an enum's label, the search text); absent for a reference, read by its chip. */
  text?: string;
  reference?: string;
  value: unknown;
}

/** The filters set in the list's values, in the order the filter bar shows them. */
export function activeFilters(categories: readonly Category[], values: Readonly<Record<string, unknown>>): ActiveFilter[] {
  const fields: ActiveFilter[] = unionFilterFields(categories)
    .filter((f) => !isUnset(values[f.name]))
    .map((f) => ({
      name: f.name,
      label: f.label,
      reference: f.reference,
      value: values[f.name],
      text: f.reference ? undefined : (f.options?.find((o) => o.value === values[f.name])?.label ?? String(values[f.name])),
    }));
  const q = values[SEARCH_FILTER];
  if (isSearchable(categories) && typeof q === 'string' && q !== '') fields.push({ name: SEARCH_FILTER, label: searchLabel(categories), text: q, value: q });
  return fields;
}

export const FilterFold = ({ categories, children }: { categories: readonly Category[]; children: ReactNode }) => {
  const phone = usePhone();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { filterValues, setFilters } = useListContext();
  if (!phone) return children;
  const active = activeFilters(categories, filterValues);
  const remove = (name: string) => setFilters(withFilter(filterValues, name, undefined), undefined, false);
  return (
    <Box sx={{ width: '100%' }}>
      <Button
        variant="outlined"
        fullWidth
        startIcon={<FilterListIcon />}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {active.length > 0 ? ownMessages.activeFilters(active.length) : ownMessages.filters}
      </Button>
      {active.length > 0 && (
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', mt: 1 }} data-testid="filter-chips">
          {active.map((filter) => (
            <FilterChip key={filter.name} filter={filter} onDelete={() => remove(filter.name)} />
          ))}
        </Stack>
      )}
      <Collapse in={open} id={panelId}>
        <Box sx={{ pt: 2 }}>{children}</Box>
      </Collapse>
    </Box>
  );
};

const FilterChip = ({ filter, onDelete }: { filter: ActiveFilter; onDelete(): void }) => {
  const text = filter.reference ? <ReferenceName reference={filter.reference} id={Number(filter.value)} /> : filter.text;
  return (
    <Chip
      label={
        <>
          {filter.label}: {text}
        </>
      }
      onDelete={onDelete}
      sx={{ maxWidth: '100%' }}
    />
  );
};

/** A referenced object's name, read as the table's reference columns read it (one shared cache). */
const ReferenceName = ({ reference, id }: { reference: string; id: number }) => {
  const target = mustGetCategory(reference);
  const { data } = useGetMany<OptionRow>(reference, { ids: [id] }, { meta: { fields: optionFields(target) } });
  const row = data?.[0];
  return <>{row ? optionLabel(target, row) : ownMessages.objectById(id)}</>;
};
