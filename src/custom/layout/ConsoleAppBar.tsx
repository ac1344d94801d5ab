import { Typography, type Theme } from '@mui/material';
import { AppBar, LinkBase, TitlePortal } from 'react-admin';
import { messages } from '../../messages';
import { ConsoleUserMenu } from './ConsoleUserMenu';

/**
 * react-admin's app bar with the product name as a link home: the side menu holds only the six
 * category entries of the spec, so this is the way back to the dashboard. The user menu is
 * react-admin's (our 'Sign out' wording from i18n.ts) with 'Change password' (ConsoleUserMenu.tsx).
 * The bar is in the theme's primary colour (white text on it reads at 5.8:1; react-admin's default,
 * the secondary #2196f3, reads at 3.1:1, below WCAG's 4.5:1). On a phone the page title wraps onto
 * a second line in a smaller font instead of being cut off with an ellipsis.
 * Always shown (alwaysOn):
 * a bar that slides back in as the page scrolls up covers the object screen's Edit button just as
 * it is clicked, which lost the click.
 */
/** Below 600 px: two lines of a smaller font fit the bar's 56 px, so nothing of the title is cut. */
const phoneTitle = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: { whiteSpace: 'normal', overflowWrap: 'anywhere', fontSize: '1rem', lineHeight: 1.2 },
});

export const ConsoleAppBar = () => (
  <AppBar alwaysOn color="primary" userMenu={<ConsoleUserMenu />}>
    <Typography
      component={LinkBase}
      to="/"
      variant="h6"
      color="inherit"
      sx={{ textDecoration: 'none', mr: 2, whiteSpace: 'nowrap' }}
    >
      {messages.productName}
    </Typography>
    <TitlePortal sx={phoneTitle} />
  </AppBar>
);
