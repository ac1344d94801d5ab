/**
 * The type's Delete button (spec: object screen and section 4). It counts the type's devices,
 * groups and firmwares first; with content it asks, in the page, the spec's stronger question
 * with the counts ('80 devices, 1 group and 1 firmware') and the type's name typed, then deletes
 * everything in ONE call (DELETE /api/type/{id}?cascade=true, one server transaction: a reload
 * or a lost connection never leaves half a type), a spinner showing while it runs. A refusal is
 * reported by the error catalogue (inside the data provider) and nothing is deleted; the type is
 * read again. The button always reads the spec's label; an empty type gets the plain question.
 */
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import { messages, ownMessages } from '../../messages';
import { useConfirm } from '../../custom/confirm/useConfirm';
import type { DeleteButtonProps } from '../overrides';
import { contentSummary, countContent } from './typeCascade';

export const TypeDeleteButton = ({ category, record, onDeleted, refresh }: DeleteButtonProps) => {
  const dataProvider = useDataProvider();
  const confirm = useConfirm();
  const [step, setStep] = useState<'idle' | 'counting' | 'deleting'>('idle');
  const name = String(record.name ?? '');

  const run = async () => {
    setStep('counting');
    let summary: string;
    try {
      summary = contentSummary(await countContent(dataProvider, category, record.id));
    } catch {
      // Already reported by the data provider (error catalogue).
      setStep('idle');
      return;
    }
    const question = summary
      ? { text: `${messages.confirmDeleteType(name)}\n${ownMessages.willBeDeleted(summary)}`, typeToConfirm: name }
      : { text: messages.confirmDelete(name) };
    setStep('idle');
    if (!(await confirm({ ...question, confirmLabel: messages.delete, danger: true }))) return;
    setStep('deleting');
    try {
      await dataProvider.delete(category.key, { id: record.id, previousData: record, meta: { withContent: summary !== '' } });
    } catch {
      setStep('idle');
      refresh?.();
      return;
    }
    onDeleted();
  };

  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Button color="error" variant="outlined" startIcon={<DeleteIcon />} disabled={step !== 'idle'} onClick={() => void run()}>
        {messages.deleteTypeAndContent}
      </Button>
      {step === 'deleting' && (
        <Typography role="status" variant="body2" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          <CircularProgress size={16} aria-hidden />
          {ownMessages.deletingWithContent(name)}
        </Typography>
      )}
    </Box>
  );
};
