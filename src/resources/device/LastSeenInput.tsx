/**
 * When the device last contacted the server (spec section 2 'last seen'): the en-GB date and
 * time and how long ago, kept current while the page stays open; 'Never' before its first contact.
 */
import { Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { formatDate, relativeTime } from '../../formatDate';
import { ownMessages } from '../../messages';
import type { FieldInputProps } from '../overrides';
import { useNow } from '../useNow';
import { FieldBlock } from './FieldBlock';

export const LastSeenInput = ({ name, field }: FieldInputProps) => {
  const record = useRecordContext();
  const now = useNow();
  const value = record?.[name] as string | null | undefined;
  const shown = formatDate(value);
  return (
    <FieldBlock label={field.label}>
      <Typography variant="body2">{shown === '' ? ownMessages.neverSeen : ownMessages.lastSeenAt(shown, relativeTime(value as string, now))}</Typography>
    </FieldBlock>
  );
};
