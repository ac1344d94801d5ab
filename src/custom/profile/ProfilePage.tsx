/**
 * The signed-in user's profile page (/profile, from the user menu): who they are, their teams and
 * roles, and their API tokens (ApiTokensSection). Its password stays in the user menu's dialog.
 */
import { Card, CardContent, Divider, Typography } from '@mui/material';
import { ownMessages } from '../../messages';
import { PageTitle } from '../../resources/PageTitle';
import { useProfileState } from '../useProfileState';
import { ApiTokensSection } from './ApiTokensSection';

export const PROFILE_PAGE_PATH = '/profile';

export const ProfilePage = () => {
  const state = useProfileState();
  if (state.status !== 'signedIn') return null;
  const { profile } = state;
  return (
    <Card sx={{ mt: 1 }}>
      <PageTitle title={ownMessages.profilePage} />
      <CardContent>
        <Typography variant="h5" component="p" gutterBottom>
          {profile.username}
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          {profile.teams.map((t) => t.name).join(', ')}
        </Typography>
        <Divider sx={{ my: 2 }} />
        <ApiTokensSection teams={profile.teams} />
      </CardContent>
    </Card>
  );
};
