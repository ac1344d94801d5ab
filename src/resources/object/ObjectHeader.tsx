import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import { Link } from 'react-router-dom';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { messages, ownMessages } from '../../messages';

export interface ObjectHeaderProps {
  heading: string;
  /** The object's name (spec: the title shows the object name). */
  name?: string;
  onRefresh?: () => void;
  /** Shown to team admins in view mode: the pencil Edit button. */
  onEdit?: () => void;
  /** Shown in view mode to those who read the object's audit entries: its History on the Audit page. */
  historyHref?: string;
}

export const ObjectHeader = ({ heading, name, onRefresh, onEdit, historyHref }: ObjectHeaderProps) => (
  <Stack spacing={0.5}>
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
        {heading}
      </Typography>
      {onRefresh && (
        <Tooltip title={ownMessages.refresh}>
          <IconButton aria-label={ownMessages.refresh} onClick={onRefresh}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
      )}
      {historyHref && (
        <Button component={Link} to={historyHref} startIcon={<HistoryIcon />}>
          {ownMessages.auditHistory}
        </Button>
      )}
      {onEdit && (
        <Button variant="outlined" startIcon={<EditIcon />} onClick={onEdit}>
          {messages.edit}
        </Button>
      )}
    </Stack>
    {name !== undefined && (
      <Typography variant="h6" component="h2" data-testid="object-name">
        {name}
      </Typography>
    )}
  </Stack>
);
