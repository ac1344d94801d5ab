/**
 * The type's Delete button (spec: object screen and section 4). A type with devices, groups or
 * firmwares offers to delete them all with it, asks the spec's stronger question, and deletes
 * them one at a time with progress shown; the first failure is reported by the error catalogue
 * (inside the data provider), stops the rest and re-reads the type to show what is left.
 * The button always reads the spec's label; an empty type gets the plain question.
 */
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { dataProvider } from '../../dataProvider/dataProvider';
import { messages, ownMessages } from '../../messages';
import type { DeleteButtonProps } from '../overrides';
import { cascadeSteps, deleteSequentially } from './typeCascade';

export const TypeDeleteButton = ({ category, record, onDeleted, refresh }: DeleteButtonProps) => {
  const [progress, setProgress] = useState<{ n: number; total: number } | null>(null);
  const steps = cascadeSteps(category.key, record);
  const withContent = steps.length > 1;
  const name = String(record.name ?? '');

  const run = async () => {
    if (!window.confirm(withContent ? messages.confirmDeleteType(name) : messages.confirmDelete(name))) return;
    const result = await deleteSequentially(
      steps,
      (step) => dataProvider.delete(step.category, { id: step.id, previousData: { id: step.id } }),
      (n, total) => setProgress({ n, total }),
    );
    if (result.ok) {
      onDeleted();
      return;
    }
    setProgress(null);
    refresh?.();
  };

  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Button color="error" variant="outlined" startIcon={<DeleteIcon />} disabled={progress !== null} onClick={run}>
        {messages.deleteTypeAndContent}
      </Button>
      {progress && withContent && (
        <Typography role="status" variant="body2">
          {ownMessages.deletingProgress(progress.n, progress.total)}
        </Typography>
      )}
    </Box>
  );
};
