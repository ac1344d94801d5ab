import DeleteIcon from '@mui/icons-material/Delete';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import { messages } from '../../messages';
import { useConfirm } from '../../custom/confirm/useConfirm';
import type { DeleteButtonProps } from '../overrides';
import { deleteConfirmationText } from './deleteConfirmation';
import { usedInRefusal } from './usedInRefusal';

/**
 * The generic Delete: asks in the page "Are you sure you want to delete '{name}'?" (spec section
 * 8) with what happens to its dependants, then DELETE /api/{cat}/{id}. A failure is shown by the
 * error catalogue and the object stays on screen. An object whose 'Used in' names objects (a
 * document in use, usedInRefusal.ts) is refused at once, saying where, without the question.
 */
export const DeleteObjectButton = ({ category, record, onDeleted }: DeleteButtonProps) => {
  const dataProvider = useDataProvider();
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    const refusal = usedInRefusal(category, record);
    if (refusal) {
      await confirm({ text: refusal, notice: true });
      return;
    }
    if (!(await confirm({ text: deleteConfirmationText(category, record), confirmLabel: messages.delete, danger: true }))) return;
    setBusy(true);
    try {
      await dataProvider.delete(category.key, { id: record.id, previousData: record });
    } catch {
      // Already reported by the data provider (error catalogue).
      setBusy(false);
      return;
    }
    onDeleted();
  };
  return (
    <Button color="error" variant="outlined" startIcon={<DeleteIcon />} disabled={busy} onClick={() => void remove()}>
      {messages.delete}
    </Button>
  );
};
