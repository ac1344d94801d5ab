import DeleteIcon from '@mui/icons-material/Delete';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import { messages } from '../../messages';
import { displayField } from '../displayField';
import type { DeleteButtonProps } from '../overrides';

/**
 * The generic Delete: asks "Are you sure you want to delete '{name}'?" (spec section 8), then
 * DELETE /api/{cat}/{id}. A failure is shown by the error catalogue and the object stays on screen.
 */
export const DeleteObjectButton = ({ category, record, onDeleted }: DeleteButtonProps) => {
  const dataProvider = useDataProvider();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    if (!window.confirm(messages.confirmDelete(String(record[displayField(category)] ?? '')))) return;
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
