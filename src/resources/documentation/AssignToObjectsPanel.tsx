/**
 * The 'Assign to objects' button under a basic document's view, shown to admins of the
 * document's team only (spec section 6), opening the assign dialog. Once objects got the document
 * the dialog says what changed (useObjectCalls): the view reads them again ('Used in'), and so do
 * their screens' documentation.
 */
import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { ownMessages } from '../../messages';
import type { ObjectPanelProps } from '../overrides';
import { AssignDialog } from './AssignDialog';

export const AssignToObjectsPanel = ({ record, mode, isAdmin }: ObjectPanelProps) => {
  const [open, setOpen] = useState(false);
  if (mode !== 'view' || !record || !isAdmin) return null;
  const document = { id: Number(record.id), team_id: Number(record.team_id), target_class: record.target_class };
  return (
    <Box>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {ownMessages.assignToObjects}
      </Button>
      {open && <AssignDialog document={document} onClose={() => setOpen(false)} />}
    </Box>
  );
};
