/**
 * The device's configuration history (spec section 2: config id and date; and who made each
 * configuration, a PUCS user or the device), read-only, newest first; each configuration can be
 * opened in a dialog (GET /api/config/{id}).
 */
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useState } from 'react';
import { useRecordContext } from 'react-admin';
import { formatDate } from '../../formatDate';
import { messages, ownMessages } from '../../messages';
import type { FieldInputProps } from '../overrides';
import { formatConfig } from './configCompare';
import { historyNewestFirst } from './configHistory';
import { useConfigText } from './configRead';
import { FieldBlock } from './FieldBlock';

const ConfigDialog = ({ id, onClose }: { id: number; onClose: () => void }) => {
  const { text } = useConfigText(id);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{ownMessages.configTitle(id)}</DialogTitle>
      <DialogContent>
        <Box component="pre" sx={{ fontFamily: 'monospace', m: 0, overflowX: 'auto' }}>
          {text === undefined ? '' : formatConfig(text)}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{messages.close}</Button>
      </DialogActions>
    </Dialog>
  );
};

export const ConfigHistoryInput = ({ name, field }: FieldInputProps) => {
  const record = useRecordContext();
  const entries = historyNewestFirst(record?.[name]);
  const [open, setOpen] = useState<number>();

  return (
    <FieldBlock label={field.label}>
      {entries.length === 0 ? (
        <Typography variant="body2">{ownMessages.noConfigHistory}</Typography>
      ) : (
        <List dense disablePadding>
          {entries.map((entry, i) => (
            <ListItem
              key={i}
              disableGutters
              secondaryAction={
                <Button size="small" onClick={() => setOpen(entry.config_id)} aria-label={ownMessages.viewConfigOf(entry.config_id)}>
                  {ownMessages.viewConfig}
                </Button>
              }
            >
              <ListItemText
                primary={`${formatDate(entry.date)} — ${ownMessages.configHistoryItem(entry.config_id, ownMessages.configSources[entry.source] ?? entry.source)}`}
              />
            </ListItem>
          ))}
        </List>
      )}
      {open !== undefined && <ConfigDialog id={open} onClose={() => setOpen(undefined)} />}
    </FieldBlock>
  );
};
