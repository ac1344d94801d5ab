/**
 * The charts of the home page, in a chunk of their own (the charting library loads only when Home
 * is shown, so the first page's script does not grow): the figures of GET /api/dashboard over the
 * user's teams, read through the console's query cache (emptied on sign-out), or a line saying the
 * user has no device yet.
 */
import { Alert, Grid, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../dataProvider/http';
import { ownMessages } from '../../messages';
import { DASHBOARD_PATH, type DashboardFigures } from './dashboardFigures';
import { ConfigStatesCard, LastSeenCard } from './FleetStates';
import { DevicesPerTypeCard, FirmwareInFieldCard } from './TypeCharts';

/** The answer has the figures' shape (an older server, or a proxy's page, would not). */
const isFigures = (value: unknown): value is DashboardFigures =>
  typeof (value as DashboardFigures | null)?.device_count === 'number' &&
  Array.isArray((value as DashboardFigures).types) &&
  Array.isArray((value as DashboardFigures).config_states);

async function readFigures(signal: AbortSignal): Promise<DashboardFigures> {
  const { json } = await http<unknown>(DASHBOARD_PATH, { signal });
  if (!isFigures(json)) throw new Error(ownMessages.dashboardUnreadable);
  return json;
}

const DashboardCharts = () => {
  const { data, isError } = useQuery({ queryKey: ['pucs', 'dashboard'], queryFn: ({ signal }) => readFigures(signal) });
  if (isError) return <Alert severity="warning">{ownMessages.dashboardUnreadable}</Alert>;
  if (!data) return null;
  if (data.device_count === 0) return <Typography color="text.secondary">{ownMessages.dashboardNoDevices}</Typography>;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 5 }}>
        <LastSeenCard figures={data} />
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <ConfigStatesCard figures={data} />
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <DevicesPerTypeCard figures={data} />
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <FirmwareInFieldCard figures={data} />
      </Grid>
    </Grid>
  );
};

export default DashboardCharts;
