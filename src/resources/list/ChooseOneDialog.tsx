/**
 * A bulk action's one choice (the group to move the selected rows to, the firmware to set): the
 * options the shared Dropdown would offer (picker.ts: its labels, hidden options and filters), read
 * from the server for the filters the selection fixes, in a small dialog, and when the action has one,
 * a last choice of none ('No group'). Nothing changes until the choice is confirmed, and the action
 * then says what it will do before doing it.
 */
import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, TextField, Typography } from '@mui/material';
import type { Category } from '../../schemas';
import { useDataProvider, type DataProvider } from 'react-admin';
import { reportError } from '../../dataProvider/errors';
import { messages, ownMessages } from '../../messages';
import { displayField } from '../displayField';
import { optionFields, visibleOptions, type PickerFilters, type PickerOption } from '../dropdown/picker';

/** The options of a category's picker fitting `filters`, by name (every match, at most the server's list cap); failures are thrown. */
export async function fetchOptions(dataProvider: DataProvider, category: Category, filters: PickerFilters, signal?: AbortSignal): Promise<PickerOption[]> {
  const page = await dataProvider.getList(category.key, {
    filter: { ...filters },
    sort: { field: displayField(category), order: 'ASC' },
    meta: { fields: optionFields(category), report: false },
    signal,
  });
  return visibleOptions(category, page.data, filters);
}

export interface ChooseOneDialogProps {
  title: string;
  /** What is chosen: the category's options fitting the filters. */
  category: Category;
  filters: PickerFilters;
  label: string;
  confirmLabel: string;
  onChoose: (option: PickerOption) => void;
  /** A choice of none of them, offered last (the reference emptied). */
  none?: { label: string; onChoose: () => void };
  /** A new one instead ('New group...'): a button beside the choice; the action opens the add form. */
  create?: { label: string; onCreate: () => void };
  onClose: () => void;
}

/** The value of the choice of none (an option's value is its id). */
const NONE = '';

export const ChooseOneDialog = ({ title, category, filters, label, confirmLabel, onChoose, none, create, onClose }: ChooseOneDialogProps) => {
  const dataProvider = useDataProvider();
  const [options, setOptions] = useState<PickerOption[]>();
  const [chosen, setChosen] = useState('');
  const filtersKey = JSON.stringify(filters);

  useEffect(() => {
    const controller = new AbortController();
    fetchOptions(dataProvider, category, JSON.parse(filtersKey) as PickerFilters, controller.signal).then(
      (found) => {
        setOptions(found);
        setChosen(found.length > 0 ? String(found[0].id) : NONE);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        reportError(error);
        setOptions([]);
      },
    );
    return () => controller.abort();
  }, [dataProvider, category, filtersKey]);

  const option = options?.find((o) => String(o.id) === chosen);
  const noneChosen = none !== undefined && options !== undefined && chosen === NONE;
  const choose = () => {
    if (option) onChoose(option);
    else if (noneChosen) none.onChoose();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="choose-one-title">
      <DialogTitle id="choose-one-title">{title}</DialogTitle>
      <DialogContent>
        {options === undefined ? (
          <LinearProgress />
        ) : options.length === 0 && !none ? (
          <Typography variant="body2">{ownMessages.noChoices}</Typography>
        ) : (
          <TextField
            select
            label={label}
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
            fullWidth
            sx={{ mt: 1 }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {options.map((o) => (
              <option key={o.id} value={String(o.id)}>
                {o.label}
              </option>
            ))}
            {none && <option value={NONE}>{none.label}</option>}
          </TextField>
        )}
      </DialogContent>
      <DialogActions>
        {create && (
          <Button onClick={create.onCreate} sx={{ mr: 'auto' }}>
            {create.label}
          </Button>
        )}
        <Button variant="contained" disabled={!option && !noneChosen} onClick={choose}>
          {confirmLabel}
        </Button>
        <Button onClick={onClose}>{messages.cancel}</Button>
      </DialogActions>
    </Dialog>
  );
};
