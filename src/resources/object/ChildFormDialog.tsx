import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import type { RaRecord } from 'react-admin';
import type { Category } from '../../schemas';
import { pageHeading } from '../pageTitle';
import type { Values } from './formFields';
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
