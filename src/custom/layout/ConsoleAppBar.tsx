import { Typography } from '@mui/material';
import { AppBar, LinkBase, TitlePortal } from 'react-admin';
import { messages } from '../../messages';
import { ConsoleUserMenu } from './ConsoleUserMenu';

/**
 * react-admin's app bar with the product name as a link home: the side menu holds only the six
 * category entries of the spec, so this is the way back to the dashboard. The user menu is
 * react-admin's (our 'Sign out' wording from i18n.ts) with 'Change password' (ConsoleUserMenu.tsx).
 * Always shown (alwaysOn):
 * a bar that slides back in as the page scrolls up covers the object screen's Edit button just as
 * it is clicked, which lost the click.
 */
export const ConsoleAppBar = () => (
  <AppBar alwaysOn userMenu={<ConsoleUserMenu />}>
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
