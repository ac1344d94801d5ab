/**
 * /teams (spec section 2: the teams route exists only as a list): every team the user belongs
 * to with its members and their roles, paged and searched by the server like any table, and a
 * form to create a team (any signed-in user may; the creator becomes its admin).
 */
import { Card, CardContent, Stack } from '@mui/material';
import { ListBase, Pagination, useListContext } from 'react-admin';
import type { PageProps } from '../overrides';
import { pageTitle } from '../pageTitle';
import { PageTitle } from '../PageTitle';
import { reportedElsewhere } from '../list/CategoryTable';
import { PAGE_SIZE } from '../../schemas/preferences';
import { retryWhileUnreachable } from '../../dataProvider/queryClient';
import { ListFilterBar } from '../list/ListFilterBar';
import { CsvExportButton } from '../list/CsvExportButton';
import { displayField } from '../displayField';
import { CreateTeamForm } from './CreateTeamForm';
import { TeamCard } from './TeamCard';
import { TEAM_FIELDS, type TeamWithMembers } from './teamMembers';
import { useAdminTeams } from '../list/useAdminTeams';
import { useMemberActions } from './useMemberActions';

export const TeamsPage = ({ route }: PageProps) => {
  const { category } = route;
  const actions = useMemberActions();
  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <PageTitle title={pageTitle('table', category)} />
      <ListBase resource={category.key} perPage={PAGE_SIZE} sort={{ field: displayField(category), order: 'ASC' }} queryOptions={{ meta: { fields: TEAM_FIELDS }, onError: reportedElsewhere, retry: retryWhileUnreachable }}>
        <Card>
          <CardContent>
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <ListFilterBar category={category} />
              <CreateTeamForm actions={actions} />
              <CsvExportButton category={category} />
            </Stack>
          </CardContent>
        </Card>
        <TeamCards actions={actions} />
        <Pagination />
      </ListBase>
    </Stack>
  );
};

const TeamCards = ({ actions }: { actions: ReturnType<typeof useMemberActions> }) => {
  const { data } = useListContext<TeamWithMembers>();
  // From the teams the user administers, as on every screen: a team's members may come cut (TeamCard).
  const adminTeams = useAdminTeams();
  return (
    <Stack spacing={2}>
      {data?.map((team) => <TeamCard key={team.id} team={team} isAdmin={adminTeams.all([team.id])} actions={actions} />)}
    </Stack>
  );
};
