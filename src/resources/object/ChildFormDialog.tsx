/**
 * The add form of another category in a dialog, opened from a reference input (CreateInlineButton).
 * It is the one import circle the console keeps, on purpose: an object screen's form shows a field
 * row, whose button opens this dialog, which shows an object screen again (a type created inside a
 * device's form). .dependency-cruiser.js allows this circle by path and refuses any other.
 */
import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import type { RaRecord } from 'react-admin';
import type { Category } from '../../schemas';
import { pageHeading } from '../pageTitle';
import type { Values } from './formFields';
// The intended recursion: ObjectScreen > ObjectForm > FieldRow > CreateInlineButton > this dialog > ObjectScreen.
import { ObjectScreen } from './ObjectScreen';

export interface ChildFormDialogProps {
  category: Category;
  /** Values the child starts with (the parent's team and type). */
  preset: Values;
  onCreated: (record: RaRecord) => void;
  onClose: () => void;
}

/** The add form of another category as a child in a dialog (spec: create a type or group inline). */
export const ChildFormDialog = ({ category, preset, onCreated, onClose }: ChildFormDialogProps) => (
  <Dialog open onClose={onClose} fullWidth maxWidth="sm">
    <DialogTitle>{pageHeading('new', category)}</DialogTitle>
    <DialogContent>
      <ObjectScreen category={category} mode="new" child={{ preset, onCreated, onCancel: onClose }} />
    </DialogContent>
  </Dialog>
);
