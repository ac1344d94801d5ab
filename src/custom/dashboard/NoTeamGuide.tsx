/**
 * The home page of a user who is in no team (issue 13 item 8): instead of a dashboard of zeros,
 * what to do next: create a team on the teams page, or ask an administrator of a team to add
 * them by their username, which is shown.
 */
import { Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { LinkBase } from 'react-admin';
import { ownMessages } from '../../messages';

export const NoTeamGuide = ({ username, teamsPath }: { username: string; teamsPath: string }) => (
  <Card component="section" aria-labelledby="no-team-title">
    <CardContent>
      <Typography variant="h6" component="h2" id="no-team-title" gutterBottom>
        {ownMessages.noTeamTitle}
      </Typography>
      <Typography>{ownMessages.noTeamCreate}</Typography>
      <Typography sx={{ mt: 1 }}>{ownMessages.noTeamAsk(username)}</Typography>
    </CardContent>
    <CardActions>
      <Button component={LinkBase} to={teamsPath} variant="contained">
        {ownMessages.createTeam}
      </Button>
    </CardActions>
  </Card>
);
