/** The events of a rollout's life, oldest first: when, what, in which phase, and by whom. */
import { List, ListItem, ListItemText, Typography } from '@mui/material';
import { ownMessages } from '../../messages';
import { formatDate } from '../../formatDate';
import type { RolloutProgress } from '../../schemas/rolloutPlan';

export const RolloutHistory = ({ history }: { history: RolloutProgress['history'] }) => {
  if (history.length === 0) return <Typography color="text.secondary">{ownMessages.rolloutNotStarted}</Typography>;
  return (
    <List dense aria-label={ownMessages.rolloutHistoryHeading}>
      {history.map((entry, i) => (
        <ListItem key={i} disableGutters>
          <ListItemText
            primary={`${ownMessages.rolloutEventLabels[entry.event] ?? entry.event}${entry.phase > 0 ? `, ${ownMessages.rolloutHistoryPhase(entry.phase)}` : ''}`}
            secondary={`${formatDate(entry.date)}, ${ownMessages.rolloutHistoryBy(entry.by)}`}
          />
        </ListItem>
      ))}
    </List>
  );
};
