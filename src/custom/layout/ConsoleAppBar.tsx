import { Typography } from '@mui/material';
import { AppBar, LinkBase, TitlePortal } from 'react-admin';
import { messages } from '../../messages';

/**
 * react-admin's app bar with the product name as a link home: the side menu holds only the six
 * category entries of the spec, so this is the way back to the dashboard. The user menu
 * (react-admin's, with our 'Sign out' wording from i18n.ts) stays as is.
 */
export const ConsoleAppBar = () => (
  <AppBar>
    <Typography
      component={LinkBase}
      to="/"
      variant="h6"
      color="inherit"
      sx={{ textDecoration: 'none', mr: 2, whiteSpace: 'nowrap' }}
    >
      {messages.productName}
    </Typography>
    <TitlePortal />
  </AppBar>
);
