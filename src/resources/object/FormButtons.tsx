import { Button, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { messages } from '../../messages';
import type { ObjectMode } from '../consoleRoutes';

export interface FormButtonsProps {
  mode: ObjectMode;
  /** The user may save (an admin of the object's team, or anyone adding). */
  canSave: boolean;
  saving: boolean;
  onCancel: () => void;
  /** The Delete button (generic or the override's), shown in view and edit. */
  deleteButton?: ReactNode;
}

/**
 * Submit and Cancel while adding or editing, Delete once the object exists (spec section 2). On a
 * phone (below 600 px) they stack, each the screen's width: big targets for a thumb.
 */
export const FormButtons = ({ mode, canSave, saving, onCancel, deleteButton }: FormButtonsProps) => (
  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2, alignItems: { xs: 'stretch', sm: 'center' } }}>
    {mode !== 'view' && canSave && (
      <Button type="submit" variant="contained" disabled={saving}>
        {messages.submit}
      </Button>
    )}
    {mode !== 'view' && <Button onClick={onCancel}>{messages.cancel}</Button>}
    {mode !== 'new' && deleteButton}
  </Stack>
);
