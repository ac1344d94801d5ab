import AddIcon from '@mui/icons-material/Add';
import { IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import type { RaRecord } from 'react-admin';
import type { Category } from '../../schemas';
import { pageHeading } from '../pageTitle';
import { ChildFormDialog } from './ChildFormDialog';
import type { Values } from './formFields';

export interface CreateInlineButtonProps {
  /** The category created (the picker's). */
  category: Category;
  preset: Values;
  disabled?: boolean;
  /** Gets the created object; the parent selects it. */
  onCreated: (record: RaRecord) => void;
}

/** The small '+' next to a picker declared `createInline`: opens the child add form. */
export const CreateInlineButton = ({ category, preset, disabled, onCreated }: CreateInlineButtonProps) => {
  const [open, setOpen] = useState(false);
  const text = pageHeading('new', category);
  return (
    <>
      <Tooltip title={text}>
        <span>
          <IconButton aria-label={text} disabled={disabled} onClick={() => setOpen(true)} size="small">
            <AddIcon />
          </IconButton>
        </span>
      </Tooltip>
      {open && (
        <ChildFormDialog
          category={category}
          preset={preset}
          onClose={() => setOpen(false)}
          onCreated={(record) => {
            setOpen(false);
            onCreated(record);
          }}
        />
      )}
    </>
  );
};
