/**
 * The 'Assign to objects' button under a basic document's view, shown to admins of the
 * document's team only (spec section 6), opening the assign dialog. Once objects got the document
 * its view reads them again ('Used in'), and so do their screens' documentation when next shown.
 */
import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ownMessages } from '../../messages';
import type { ObjectPanelProps } from '../overrides';
import { AssignDialog } from './AssignDialog';

export const AssignToObjectsPanel = ({ record, mode, isAdmin, refresh }: ObjectPanelProps) => {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  if (mode !== 'view' || !record || !isAdmin) return null;
  const document = { id: Number(record.id), team_id: Number(record.team_id), target_class: record.target_class };
  return (
    <Box>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {ownMessages.assignToObjects}
      </Button>
      {open && (
        <AssignDialog
          document={document}
          onClose={() => setOpen(false)}
          onAssigned={(kinds) => {
            for (const kind of kinds) void queryClient.invalidateQueries({ queryKey: [kind.key] });
            refresh();
          }}
        />
      )}
    </Box>
  );
};
