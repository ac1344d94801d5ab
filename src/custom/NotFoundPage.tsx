import { Card, CardContent, Link, Typography } from '@mui/material';
import { LinkBase } from 'react-admin';
import { messages, ownMessages } from '../messages';
import { PageTitle } from '../resources/PageTitle';

/** The error page of every unknown path (spec section 2). */
export const NotFoundPage = () => (
  <Card sx={{ mt: 1 }}>
    <PageTitle title={ownMessages.pageNotFound} heading={false} />
    <CardContent>
      <Typography variant="h5" component="h1" gutterBottom>
        {ownMessages.pageNotFound}
      </Typography>
      <Typography gutterBottom>{ownMessages.pageNotFoundText}</Typography>
      <Link component={LinkBase} to="/">
        {messages.home}
      </Link>
    </CardContent>
  </Card>
);
