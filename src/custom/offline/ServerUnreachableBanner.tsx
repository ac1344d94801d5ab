/**
 * Says in the page that the server cannot be reached (issue 27 item 1), for as long as it cannot:
 * what the page shows was read before and stays, and it updates by itself once the server answers
 * (src/dataProvider/reachability.ts asks it again meanwhile; Retry asks at once). Without it a
 * page whose reads wait for the server would look merely slow, and a list empty.
 */
import { useSyncExternalStore } from 'react';
import { Alert, AlertTitle, Button } from '@mui/material';
import { ownMessages } from '../../messages';
import { reachability } from '../../dataProvider/http';

export const ServerUnreachableBanner = () => {
  const reachable = useSyncExternalStore(reachability.subscribe, reachability.reachable);
  if (reachable) return null;
  return (
    <Alert
      severity="warning"
      role="alert"
      data-testid="server-unreachable"
      sx={{ mt: 1 }}
      action={
        <Button color="inherit" size="small" onClick={reachability.checkNow}>
          {ownMessages.retry}
        </Button>
      }
    >
      <AlertTitle>{ownMessages.serverUnreachable}</AlertTitle>
      {ownMessages.serverUnreachableKept}
    </Alert>
  );
};
