/**
 * When the device last contacted the server (spec section 2 'last seen'): the en-GB date and
 * time and how long ago, kept current while the page stays open; 'Never' before its first contact.
 */
import { Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useRecordContext } from 'react-admin';
import { formatDate, relativeTime } from '../../formatDate';
import { ownMessages } from '../../messages';
import type { FieldInputProps } from '../overrides';
import { FieldBlock } from './FieldBlock';

/** The relative time's unit is at least a minute: refreshing it once a minute keeps it true. */
const TICK_MS = 60_000;

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

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
