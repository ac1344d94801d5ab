/**
 * The home page ('/', title 'Home'): how many objects of each menu category the user can see,
 * the charts of the user's fleet (a chunk of their own, dashboard/DashboardCharts.tsx), and the
 * user's teams with their role in each. A user in no team sees what to do next instead.
 */
import { Card, CardActionArea, CardContent, Grid, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { LinkBase, useGetList } from 'react-admin';
import { categories, type Category } from '../schemas';
import { messages } from '../messages';
import { roleLabel } from '../schemas/role';
import { menuEntries, type MenuEntry } from '../resources/consoleRoutes';
import { PageTitle } from '../resources/PageTitle';
import { useProfileState } from './useProfileState';
import { lazyChunk } from '../lazyChunk';
import { NoTeamGuide } from './dashboard/NoTeamGuide';

const DashboardCharts = lazyChunk(() => import('./dashboard/DashboardCharts'));

/** The category whose objects are teams (the profile lists the user's teams). */
const teamCategory: Category | undefined = categories.find((c) => c.scope === 'teamItself');

export const Dashboard = () => {
  const profile = useProfileState();
  const teams = profile.status === 'signedIn' ? profile.profile.teams : [];
  const teamsPath = teamCategory?.console?.list;
  if (profile.status === 'signedIn' && teams.length === 0 && teamsPath) {
    return (
      <Stack spacing={2} sx={{ mt: 1 }}>
        <PageTitle title={messages.home} />
        <NoTeamGuide username={profile.profile.username} teamsPath={teamsPath} />
      </Stack>
    );
  }
  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <PageTitle title={messages.home} />
      <Grid container spacing={2}>
        {menuEntries(categories).map((entry) => (
          <Grid key={entry.path} size={{ xs: 6, sm: 4, md: 2 }}>
            <CountCard entry={entry} />
          </Grid>
        ))}
      </Grid>
      <DashboardCharts />
      {teamCategory && (
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2">
              {teamCategory.plural}
            </Typography>
            <List dense>
              {teams.map((team) => (
                <ListItem key={team.id}>
                  <ListItemText primary={team.name} secondary={roleLabel(team.role_id)} />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
};

const CountCard = ({ entry }: { entry: MenuEntry }) => {
  // One object per page is enough: the answer's total is the count.
  const { total } = useGetList(entry.category.key, { pagination: { page: 1, perPage: 1 } });
  return (
    <Card>
      <CardActionArea component={LinkBase} to={entry.path}>
        <CardContent>
          <Typography variant="h4" component="p">
            {total ?? '\u2013'}
          </Typography>
          <Typography color="text.secondary">{entry.label}</Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
};
