/**
 * A collection's ordered list of basic documents (spec section 2, 'Collection form'): each named
 * 'name [doc_type]' and linking to its view; in the add and edit modes moved up or down, removed,
 * and added from the shared Dropdown of the documents of the collection's team, where choosing one
 * already listed changes nothing and says 'The document is already in the collection.'. The form
 * holds [{ id }, ...], the shape the server stores, so the generic save sends it as is.
 */
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, FormLabel, IconButton, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { messages, ownMessages } from '../../messages';
import { mustGetCategory } from '../../schemas';
import { refListIds } from '../../schemas/kinds';
import { objectHref, objectRoutes } from '../consoleRoutes';
import { Dropdown } from '../dropdown/Dropdown';
import { isUnset, optionLabel, pickerOf, type OptionRow } from '../dropdown/picker';
import { useChosenRows } from '../dropdown/usePickerSearch';
import type { FieldInputProps } from '../overrides';
import { addDocumentId, moveDocument, removeDocumentAt } from './documentList';

const NO_FIELDS: readonly string[] = [];

export const CollectionDocumentsInput = ({ name, field, category, readOnly }: FieldInputProps) => {
  if (!field.ref) throw new Error(`${name}: a list of documents needs a ref field`);
  const documents = mustGetCategory(field.ref);
  const { field: input } = useInput({ source: name });
  const ids = useMemo(() => refListIds(input.value) ?? [], [input.value]);
  // The listed documents' rows: the team's whole list (the spec's call), or read by id were documents declared a big category.
  const { rows } = useChosenRows(documents, ids);
  const [duplicate, setDuplicate] = useState(false);
  const labelId = useId();

  // The Dropdown offers the documents of the collection's team (the form's values of its filters).
  const filterBy = pickerOf(documents).filterBy ?? NO_FIELDS;
  const watched = useWatch({ name: filterBy as string[] }) as unknown[] | undefined;
  const filters = useMemo(() => Object.fromEntries(filterBy.map((f, i) => [f, watched?.[i]])), [filterBy, watched]);
  const waitingFor = filterBy.find((f) => isUnset(filters[f]));
  useDropOutsideFilters(filters, rows, ids, (kept) => input.onChange(kept.map((id) => ({ id }))));

  const write = (next: readonly number[]) => {
    setDuplicate(false);
    input.onChange(next.map((id) => ({ id })));
  };
  const add = (id: number | null) => {
    if (id === null) return;
    const added = addDocumentId(ids, id);
    if (added.duplicate) setDuplicate(true);
    else write(added.ids);
  };

  const nameOf = (id: number) => {
    const row = rows.find((r) => Number(r.id) === id);
    return row ? optionLabel(documents, row) : String(id);
  };
  const view = objectRoutes(documents)?.view;

  return (
    <Box role="group" aria-labelledby={labelId} sx={{ width: '100%' }}>
      <FormLabel id={labelId}>{field.label}</FormLabel>
      {ids.length === 0 ? (
        <Typography variant="body2" sx={{ py: 1 }}>
          {ownMessages.noDocuments}
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
                  !readOnly && (
                    <>
                      <IconButton aria-label={ownMessages.moveUpInList(text)} disabled={index === 0} onClick={() => write(moveDocument(ids, index, -1))} size="small">
                        <ArrowUpwardIcon fontSize="small" />
                      </IconButton>
                      <IconButton
                        aria-label={ownMessages.moveDownInList(text)}
                        disabled={index === ids.length - 1}
                        onClick={() => write(moveDocument(ids, index, 1))}
                        size="small"
                      >
                        <ArrowDownwardIcon fontSize="small" />
                      </IconButton>
                      <IconButton aria-label={ownMessages.removeFromList(text)} onClick={() => write(removeDocumentAt(ids, index))} size="small">
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </>
                  )
                }
              >
                <ListItemText
                  primary={
                    view ? (
                      // While editing, the view opens in another tab so that nothing typed here is lost.
                      <Link component={RouterLink} to={objectHref(view, id)} {...(readOnly ? {} : { target: '_blank', rel: 'noopener noreferrer' })}>
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
          category={documents.key}
          value={null}
          onChange={add}
          onBlur={() => input.onBlur()}
          filters={filters}
          label={ownMessages.addDocument}
          disabled={waitingFor !== undefined}
          helperText={waitingFor !== undefined ? category.fields[waitingFor]?.requiredFirst : undefined}
          error={duplicate ? messages.documentAlreadyInCollection : undefined}
          autoSelectSingle={false}
          fullWidth
        />
      )}
    </Box>
  );
};

/**
 * As the Dropdown clears a choice outside its changed filters: a collection moved to another team
 * drops the former team's documents, which the server would refuse.
 */
function useDropOutsideFilters(filters: Record<string, unknown>, rows: readonly OptionRow[], ids: readonly number[], write: (kept: number[]) => void) {
  const key = JSON.stringify(filters);
  const lastKey = useRef(key);
  const latest = useRef({ filters, rows, ids, write });
  latest.current = { filters, rows, ids, write };
  useEffect(() => {
    if (key === lastKey.current) return;
    lastKey.current = key;
    const current = latest.current;
    const kept = current.ids.filter((id) => {
      const row = current.rows.find((r) => Number(r.id) === id);
      return !row || Object.entries(current.filters).every(([f, v]) => isUnset(v) || String(row[f]) === String(v));
    });
    if (kept.length !== current.ids.length) current.write(kept);
  }, [key]);
}
