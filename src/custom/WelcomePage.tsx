/**
 * What a signed-out visitor sees on every console route (spec section 1): a welcome text and a
 * sign-in button leading to the sign-in page, which brings them back here afterwards.
 */
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { LinkBase, useLocation } from 'react-admin';
import { ownMessages } from '../messages';
import { loginHref } from './safeNextPath';

export const WelcomePage = () => {
  const { pathname, search } = useLocation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Card sx={{ maxWidth: 480 }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {ownMessages.welcome}
          </Typography>
          <Typography sx={{ mb: 3 }}>{ownMessages.welcomeText}</Typography>
          <Button component={LinkBase} to={loginHref(`${pathname}${search}`)} variant="contained">
            {ownMessages.signIn}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
};
