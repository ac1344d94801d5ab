/**
 * The charts of the home page, in a chunk of their own (the charting library loads only when Home
 * is shown, so the first page's script does not grow): the figures of GET /api/dashboard over the
 * user's teams, read through the data provider into the console's query cache (emptied on sign-out),
 * or a line saying the user has no device yet.
 */
import { Alert, Grid, Typography } from '@mui/material';
import { useObjectRead } from '../../dataProvider/useObjectCalls';
import { ownMessages } from '../../messages';
import { ConfigStatesCard, LastSeenCard } from './FleetStates';
import { DevicesPerTypeCard, FirmwareInFieldCard } from './TypeCharts';
import { UpdatesCard } from './UpdatesCard';

const DashboardCharts = () => {
  // Cached with the devices it counts: a change to devices made anywhere in the console refreshes it.
  const { data, isError } = useObjectRead('device', 'getDashboard', (dataProvider, signal) => dataProvider.getDashboard({ signal }));
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
      <Grid size={{ xs: 12 }}>
        <UpdatesCard figures={data} />
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
