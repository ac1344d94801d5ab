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

/** The moment as the form and the device's summary show it. */
export const LastSeenText = ({ value }: { value: string | null | undefined }) => {
  const now = useNow();
  const shown = formatDate(value);
  return <Typography variant="body2">{shown === '' ? ownMessages.neverSeen : ownMessages.lastSeenAt(shown, relativeTime(value as string, now))}</Typography>;
};

export const LastSeenInput = ({ name, field }: FieldInputProps) => {
  const record = useRecordContext();
  return (
    <FieldBlock label={field.label}>
      <LastSeenText value={record?.[name] as string | null | undefined} />
    </FieldBlock>
  );
};
