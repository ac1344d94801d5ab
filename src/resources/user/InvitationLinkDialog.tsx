/**
 * A new invitation link, shown once (the server keeps only its hash): the address in a read-only
 * box, and Copy, which puts it on the clipboard and says 'Copied'.
 */
import { useRef, useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { ownMessages } from '../../messages';
import type { ShownLink } from './useUserActions';
import { formatDate } from '../../formatDate';

export interface InvitationLinkDialogProps {
  link: ShownLink;
  onClose: () => void;
}

export const InvitationLinkDialog = ({ link, onClose }: InvitationLinkDialogProps) => {
  const [copied, setCopied] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const copy = async () => {
    // The clipboard API exists on https and localhost only; over plain http the field's own copy does it.
    if (navigator.clipboard) await navigator.clipboard.writeText(link.url);
    else {
      field.current?.select();
      document.execCommand('copy');
    }
    setCopied(true);
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{link.username}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="info">{ownMessages.invitationLinkFor(link.username, formatDate(link.expiresAt, { time: true }))}</Alert>
          <TextField inputRef={field} label={ownMessages.newInvitationLink} value={link.url} slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'invitation-url' } }} fullWidth />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {copied ? ownMessages.linkCopied : ownMessages.copyLink}
        </Button>
        <Button onClick={onClose}>{ownMessages.closeAction}</Button>
      </DialogActions>
    </Dialog>
  );
};
