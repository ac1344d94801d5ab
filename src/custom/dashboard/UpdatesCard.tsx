/**
 * Updates on the home page (issue 30): the devices updating now and those whose update failed, each
 * linked to the devices table filtered by its update state (the filters the server counts by,
 * dashboardFigures.ts), and the rollouts under way, each linked to its page with its phase of how many.
 */
import { Box, Card, CardContent, Link, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { LinkBase } from 'react-admin';
import { device } from '../../schemas/device';
import { rollout } from '../../schemas/rollout';
import { objectHref, viewRoute } from '../../resources/consoleRoutes';
import { ownMessages } from '../../messages';
import { failedUpdatesFilter, updatingNowFilter, type DashboardFigures } from './dashboardFigures';

/** The devices table showing the devices the filter keeps. */
const devicesFiltered = (filter: object) => `${device.console.list}?filter=${encodeURIComponent(JSON.stringify(filter))}`;

export const UpdatesCard = ({ figures }: { figures: DashboardFigures }) => (
  <Card sx={{ height: '100%' }}>
    <CardContent>
      <Typography variant="h6" component="h2">
        {ownMessages.dashboardUpdates}
      </Typography>
      <Stack direction="row" spacing={4} sx={{ mt: 2 }}>
        {[
          [ownMessages.dashboardUpdatingNow, figures.updating_now, updatingNowFilter] as const,
          [ownMessages.dashboardFailedUpdates, figures.failed_updates, failedUpdatesFilter] as const,
        ].map(([label, count, filter]) => (
          <Box key={label}>
            <Typography variant="h4" component="p">
              {count}
            </Typography>
            <Link component={LinkBase} to={devicesFiltered(filter)}>
              {label}
            </Link>
          </Box>
        ))}
      </Stack>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {ownMessages.dashboardRollouts}
      </Typography>
      {figures.rollouts.length === 0 ? (
        <Typography color="text.secondary">{ownMessages.dashboardNoRollouts}</Typography>
      ) : (
        <List dense>
          {figures.rollouts.map((r) => (
            <ListItem key={r.id} disableGutters>
              <ListItemText
                primary={
                  <Link component={LinkBase} to={objectHref(viewRoute(rollout), r.id)}>
                    {r.name}
                  </Link>
                }
                secondary={ownMessages.dashboardRolloutPhase(ownMessages.rolloutStateLabels[r.state], r.phase, r.phases)}
              />
            </ListItem>
          ))}
        </List>
      )}
    </CardContent>
  </Card>
);
