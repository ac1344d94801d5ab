/**
 * A table cell of a datetime declared `recency` (a device's last contact): a status dot (green
 * within an hour, amber within a day, grey older or never: src/schemas/recency.ts), how long ago
 * ('3 h ago', 'never'), and the full en-GB date on hover.
 */
import { Box } from '@mui/material';
import { formatDate } from '../../formatDate';
import { ownMessages } from '../../messages';
import { recencyStatus, type RecencyStatus } from '../../schemas/recency';
import { useNow } from '../useNow';
import { shortRelativeTime } from './recencyText';

const DOT: Record<RecencyStatus, string> = { hour: 'success.main', day: 'warning.main', older: 'grey.500', never: 'grey.500' };

export const RecencyCell = ({ value }: { value: unknown }) => {
  const now = useNow();
  const instant = typeof value === 'string' ? value : null;
  const status = recencyStatus(instant, now);
  return (
    <Box component="span" title={formatDate(instant) || undefined} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, whiteSpace: 'nowrap' }}>
      <Box
        component="span"
        role="img"
        aria-label={ownMessages.recencyStatus[status]}
        data-recency={status}
        sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: DOT[status], flexShrink: 0 }}
      />
      {shortRelativeTime(instant, now)}
    </Box>
  );
};
