/**
 * The type's Delete button (spec: object screen and section 4). It counts the type's devices,
 * groups and firmwares first; with content it asks, in the page, the spec's stronger question
 * with the counts ('80 devices, 1 group and 1 firmware') and the type's name typed, then deletes
 * everything in ONE call (DELETE /api/type/{id}?cascade=true, one server transaction: a reload
 * or a lost connection never leaves half a type), a spinner showing while it runs.
 * The call states the counts shown (expect_{list}=n): when the content changed while the
 * question was open (a device added), the server deletes nothing and answers 409; the button
 * then counts again and, the counts being new, asks again in the page, the server's words first.
 * Any other refusal is reported by the error catalogue and nothing is deleted; the type is read
 * again. The button always reads the spec's label; an empty type gets the plain question.
 */
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { messages, ownMessages } from '../../messages';
import { useConfirm } from '../../custom/confirm/useConfirm';
import { HttpError } from '../../dataProvider/http';
import { useObjectCalls } from '../../dataProvider/useObjectCalls';
import { catalogueText, reportError } from '../../dataProvider/errors';
import type { DeleteButtonProps } from '../overrides';
import { contentExpectations, contentSummary, countContent, type ContentCount } from './typeCascade';

const CONFLICT = 409;

export const TypeDeleteButton = ({ category, record, onDeleted, refresh }: DeleteButtonProps) => {
  const { dataProvider, changed } = useObjectCalls();
  const confirm = useConfirm();
  const [step, setStep] = useState<'idle' | 'counting' | 'deleting'>('idle');
  const name = String(record.name ?? '');

  const run = async () => {
    // A delete refused because the content is no longer what was shown, and what was shown then.
    let refused: { error: HttpError; summary: string } | undefined;
    for (;;) {
      setStep('counting');
      let counts: ContentCount[];
      try {
        counts = await countContent(dataProvider, category, record.id);
      } catch {
        // Already reported by the data provider (error catalogue).
        setStep('idle');
        return;
      }
      const summary = contentSummary(counts);
      setStep('idle');
      // The same counts again: the refusal was about something else (a firmware in use).
      if (refused && summary === refused.summary) {
        reportError(refused.error);
        return;
      }
      const question = summary
        ? { text: `${messages.confirmDeleteType(name)}\n${ownMessages.willBeDeleted(summary)}`, typeToConfirm: name }
        : { text: messages.confirmDelete(name) };
      const said = refused?.error.description;
      const text = said === undefined ? question.text : `${catalogueText(said)}\n${question.text}`;
      if (!(await confirm({ ...question, text, confirmLabel: messages.delete, danger: true }))) return;
      setStep('deleting');
      try {
        if (summary === '') await dataProvider.delete(category.key, { id: record.id, previousData: record, meta: { report: false } });
        else await dataProvider.deleteWithContent(category.key, { id: record.id, expectContent: contentExpectations(counts) });
      } catch (error) {
        setStep('idle');
        refresh?.();
        if (error instanceof HttpError && error.status === CONFLICT) {
          refused = { error, summary };
          continue;
        }
        reportError(error);
        return;
      }
      // The content went with it: every screen showing those objects reads them again (the type's
      // own screen is left, not read again: it would find the type gone).
      void changed(counts.map((c) => c.category.key));
      onDeleted();
      return;
    }
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
