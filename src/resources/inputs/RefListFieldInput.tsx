import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, FormHelperText, FormLabel, IconButton, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { ownMessages } from '../../messages';
import { mustGetCategory, type Category } from '../../schemas';
import { refListIds } from '../../schemas/kinds';
import { objectHref, objectRoutes } from '../consoleRoutes';
import { Dropdown } from '../dropdown/Dropdown';
import { fallsOutside, filtersKey, optionLabel, pickerOf, type OptionRow, type PickerFilters } from '../dropdown/picker';
import { useChosenRows } from '../dropdown/usePickerSearch';
import type { GenericInputProps } from './inputProps';

/**
 * An ordered list of references (kind refList): the chosen objects named as the shared Dropdown
 * names its options, reordered and removed in place, added from the shared Dropdown as this form
 * would offer it (same filters, so a document of the form's team) minus those already chosen: a
 * search on the server for a big category (devices), whose chosen objects are then read by id.
 * The form holds [{ id }, ...], the stored shape.
 */
export const RefListFieldInput = ({ name, field, readOnly, label, error, helperText, disabled }: GenericInputProps) => {
  if (!field.ref) throw new Error(`${name}: a refList input needs a ref field`);
  const category = mustGetCategory(field.ref);
  const { field: input } = useInput({ source: name });
  const filters = useFormFilters(category);
  const ids = useMemo(() => refListIds(input.value) ?? [], [input.value]);
  const { rows, isPending } = useChosenRows(category, ids);
  const labelId = useId();

  const nameOf = (id: number) => {
    const row = rows.find((r) => Number(r.id) === id);
    return row ? optionLabel(category, row as OptionRow) : String(id);
  };
  const write = (next: readonly number[]) => input.onChange(next.map((id) => ({ id })));
  const move = (from: number, to: number) => {
    const next = [...ids];
    [next[from], next[to]] = [next[to], next[from]];
    write(next);
  };
  // As the Dropdown clears a choice outside its changed filters: another team drops the old team's objects.
  const key = filtersKey(category, filters);
  const lastKey = useRef(key);
  const latest = useRef({ ids, filters, write });
  latest.current = { ids, filters, write };
  useEffect(() => {
    if (key === lastKey.current || isPending) return;
    lastKey.current = key;
    const current = latest.current;
    const kept = current.ids.filter((id) => !fallsOutside(category, rows, id, current.filters));
    if (kept.length !== current.ids.length) current.write(kept);
  }, [category, key, isPending, rows]);

  const routes = objectRoutes(category);
  const off = disabled || readOnly;

  return (
    <Box role="group" aria-labelledby={labelId} sx={{ width: '100%' }}>
      <FormLabel id={labelId} error={error} required={field.required !== undefined && !readOnly}>
        {label ?? field.label}
      </FormLabel>
      {ids.length === 0 ? (
        <Typography variant="body2" sx={{ py: 1 }}>
          {ownMessages.noObjects}
        </Typography>
      ) : (
        <List dense disablePadding>
          {ids.map((id, index) => {
            const text = nameOf(id);
            return (
              <ListItem
                key={id}
                disableGutters
                secondaryAction={
                  readOnly ? undefined : (
                    <>
                      <IconButton aria-label={ownMessages.moveUpInList(text)} disabled={off || index === 0} onClick={() => move(index, index - 1)} size="small">
                        <ArrowUpwardIcon fontSize="small" />
                      </IconButton>
                      <IconButton
                        aria-label={ownMessages.moveDownInList(text)}
                        disabled={off || index === ids.length - 1}
                        onClick={() => move(index, index + 1)}
                        size="small"
                      >
                        <ArrowDownwardIcon fontSize="small" />
                      </IconButton>
                      <IconButton aria-label={ownMessages.removeFromList(text)} disabled={off} onClick={() => write(ids.filter((i) => i !== id))} size="small">
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </>
                  )
                }
              >
                <ListItemText
                  primary={
                    readOnly && routes ? (
                      <Link component={RouterLink} to={objectHref(routes.view, id)}>
                        {text}
                      </Link>
                    ) : (
                      text
                    )
                  }
                />
              </ListItem>
            );
          })}
        </List>
      )}
      {!readOnly && (
        <Dropdown
          category={category.key}
          value={null}
          onChange={(id) => id !== null && write([...ids, id])}
          onBlur={() => input.onBlur()}
          filters={filters}
          exclude={ids}
          label={ownMessages.addToList}
          disabled={off}
          autoSelectSingle={false}
          fullWidth
        />
      )}
      {helperText && <FormHelperText>{helperText}</FormHelperText>}
    </Box>
  );
};

const NO_FIELDS: readonly string[] = [];

/** The form's values of the fields the referenced category's picker is filtered by (its team), as DropdownInput reads them. */
function useFormFilters(category: Category): PickerFilters {
  const filterBy = pickerOf(category).filterBy ?? NO_FIELDS;
  const watched = useWatch({ name: filterBy as string[] }) as unknown[] | undefined;
  return useMemo(() => Object.fromEntries(filterBy.map((f, i) => [f, watched?.[i]])), [filterBy, watched]);
}
