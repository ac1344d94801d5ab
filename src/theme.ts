/**
 * The console's look, declared once (spec section 9): the theme colours primary, alert and ok,
 * and the mobile breakpoint of 960 px. MUI's `md` breakpoint is set to it, so that
 * `theme.breakpoints.down('md')` (react-admin's small-screen layout: the menu becomes a drawer)
 * is the spec's mobile width.
 */
import type { Theme } from '@mui/material';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** Spec section 9: below this width (px) the console is in its mobile layout. */
export const MOBILE_BREAKPOINT = 960;

/** Spec section 9: the theme colours. `alert` is MUI's error colour, `ok` its success colour. */
export const THEME_COLOURS = {
  primary: '#1565c0',
  alert: '#d32f2f',
  ok: '#2e7d32',
} as const;

export const consoleTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: THEME_COLOURS.primary },
    error: { main: THEME_COLOURS.alert },
    success: { main: THEME_COLOURS.ok },
  },
  breakpoints: { ...defaultTheme.breakpoints, values: { xs: 0, sm: 600, md: MOBILE_BREAKPOINT, lg: 1280, xl: 1920 } },
  components: {
    ...defaultTheme.components,
    // A disabled field's hint says why it is disabled ('A team must be selected first.'): it must
    // be read, so it keeps the secondary text colour (5.7:1 on white), not the disabled one (2.7:1).
    // A checkbox given an aria-label (react-admin's 'Select this row') names its input with it: on
    // the root span MUI puts it on, the label named nothing a screen reader reaches (axe: an unnamed
    // checkbox and a prohibited attribute). A checkbox with its own input props keeps them.
    MuiCheckbox: {
      defaultProps: {
        slotProps: {
          root: () => ({ 'aria-label': undefined }),
          input: (ownerState: { 'aria-label'?: string }) => (ownerState['aria-label'] ? { 'aria-label': ownerState['aria-label'] } : {}),
        },
      },
    },
    MuiFormHelperText: {
      styleOverrides: { root: ({ theme }: { theme: Theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) },
    },
  },
};
