import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, FormHelperText, FormLabel, IconButton, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
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
import { addId, moveBy, removeAt } from './refListEdits';

export interface RefListWords {
  /** The add Dropdown's label. */
  add: string;
  /** Shown for an empty list. */
  none: string;
}

const GENERIC_WORDS: RefListWords = { add: ownMessages.addToList, none: ownMessages.noObjects };

/**
 * An ordered list of references (kind refList): the chosen objects named as the shared Dropdown
 * names its options and linked to their views (in another tab while editing, so that nothing typed
 * is lost), reordered and removed in place, added from the shared Dropdown as this form would offer
 * it (same filters, so a document of the form's team): a search on the server for a big category
 * (devices), whose chosen objects are then read by id. Those already chosen are not offered, unless
 * the field declares a `duplicate` message: then choosing one changes nothing and says it (a
 * collection's 'The document is already in the collection.'). An override may give its own words
 * (the collection's 'Add a document'). The form holds [{ id }, ...], the stored shape.
 */
export const RefListFieldInput = ({ name, field, readOnly, label, error, helperText, disabled, words = GENERIC_WORDS }: GenericInputProps & { words?: RefListWords }) => {
  if (!field.ref) throw new Error(`${name}: a refList input needs a ref field`);
  const category = mustGetCategory(field.ref);
  const { field: input } = useInput({ source: name });
  const filters = useFormFilters(category);
  const ids = useMemo(() => refListIds(input.value) ?? [], [input.value]);
  const { rows, isPending } = useChosenRows(category, ids);
  const labelId = useId();
  const [duplicate, setDuplicate] = useState(false);

  const nameOf = (id: number) => {
    const row = rows.find((r) => Number(r.id) === id);
    return row ? optionLabel(category, row as OptionRow) : String(id);
  };
  const write = (next: readonly number[]) => {
    setDuplicate(false);
    input.onChange(next.map((id) => ({ id })));
  };
  const add = (id: number | null) => {
    if (id === null) return;
    const added = addId(ids, id);
    if (added.duplicate) setDuplicate(true);
    else write(added.ids);
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
          {words.none}
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
                      <IconButton aria-label={ownMessages.moveUpInList(text)} disabled={off || index === 0} onClick={() => write(moveBy(ids, index, -1))} size="small">
                        <ArrowUpwardIcon fontSize="small" />
                      </IconButton>
                      <IconButton
                        aria-label={ownMessages.moveDownInList(text)}
                        disabled={off || index === ids.length - 1}
                        onClick={() => write(moveBy(ids, index, 1))}
                        size="small"
                      >
                        <ArrowDownwardIcon fontSize="small" />
                      </IconButton>
                      <IconButton aria-label={ownMessages.removeFromList(text)} disabled={off} onClick={() => write(removeAt(ids, index))} size="small">
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </>
                  )
                }
              >
                <ListItemText
                  primary={
                    routes ? (
                      <Link component={RouterLink} to={objectHref(routes.view, id)} {...(readOnly ? {} : { target: '_blank', rel: 'noopener noreferrer' })}>
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
          onChange={add}
          onBlur={() => input.onBlur()}
          filters={filters}
          exclude={field.duplicate === undefined ? ids : undefined}
          label={words.add}
          disabled={off}
          error={duplicate ? field.duplicate : undefined}
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
