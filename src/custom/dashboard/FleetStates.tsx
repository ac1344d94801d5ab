/**
 * The health of the fleet on the home page: devices not seen for a day and never seen (figures:
 * the devices table has no last-seen filter), and the configuration sync states as a pie whose
 * legend links each state to the devices table filtered by it.
 */
import { Box, Card, CardContent, Link, List, ListItem, Stack, Typography, useTheme } from '@mui/material';
import { PieChart } from '@mui/x-charts/PieChart';
import { LinkBase } from 'react-admin';
import { device } from '../../schemas/device';
import { ownMessages } from '../../messages';
import type { DashboardFigures, DeclaredField } from './dashboardFigures';

type State = DashboardFigures['config_states'][number]['config_state'];

const stateField: DeclaredField<typeof device> = 'config_state';

/** The devices table showing the devices in `state` (the table's own 'Configuration state' filter). */
export const devicesInState = (state: Exclude<State, null>) =>
  `${device.console.list}?filter=${encodeURIComponent(JSON.stringify({ [stateField]: state }))}`;

const stateLabel = (state: State) => (state === null ? ownMessages.dashboardNeverConfigured : ownMessages.configStateLabels[state]);

export const LastSeenCard = ({ figures }: { figures: DashboardFigures }) => (
  <Card sx={{ height: '100%' }}>
    <CardContent>
      <Typography variant="h6" component="h2">
        {ownMessages.dashboardLastSeen}
      </Typography>
      <Stack direction="row" spacing={4} sx={{ mt: 2 }}>
        {[
          [ownMessages.dashboardNotSeenForADay, figures.not_seen_for_a_day] as const,
          [ownMessages.dashboardNeverSeen, figures.never_seen] as const,
        ].map(([label, count]) => (
          <Box key={label}>
            <Typography variant="h4" component="p">
              {count}
            </Typography>
            <Typography color="text.secondary">{label}</Typography>
          </Box>
        ))}
      </Stack>
    </CardContent>
  </Card>
);

export const ConfigStatesCard = ({ figures }: { figures: DashboardFigures }) => {
  const { palette } = useTheme();
  const colors: Record<string, string> = {
    synchronized: palette.success.main,
    waiting_to_be_send: palette.warning.main,
    conflict: palette.error.main,
    null: palette.grey[400],
  };
  const states = figures.config_states.map((s) => ({ ...s, label: stateLabel(s.config_state), color: colors[String(s.config_state)] }));
  const text = ownMessages.dashboardChart(
    ownMessages.dashboardConfigStates,
    states.map((s) => ownMessages.dashboardCount(s.label, s.count)),
  );
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {ownMessages.dashboardConfigStates}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
          <Box role="img" aria-label={text} sx={{ width: 180, flexShrink: 0 }}>
            <PieChart
              height={180}
              hideLegend
              series={[{ innerRadius: 40, data: states.map((s, i) => ({ id: i, value: s.count, label: s.label, color: s.color })) }]}
            />
          </Box>
          <List dense>
            {states.map((s) => (
              <ListItem key={s.label} disableGutters>
                <Box component="span" sx={{ width: 12, height: 12, mr: 1, borderRadius: '2px', bgcolor: s.color, flexShrink: 0 }} />
                {s.config_state === null ? (
                  <Typography>{ownMessages.dashboardCount(s.label, s.count)}</Typography>
                ) : (
                  <Link component={LinkBase} to={devicesInState(s.config_state)}>
                    {ownMessages.dashboardCount(s.label, s.count)}
                  </Link>
                )}
              </ListItem>
            ))}
          </List>
        </Stack>
      </CardContent>
    </Card>
  );
};
