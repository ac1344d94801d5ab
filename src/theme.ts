/**
 * The console's look, declared once (spec section 9): the theme colours primary, alert and ok,
 * and the mobile breakpoint of 960 px. MUI's `md` breakpoint is set to it, so that
 * `theme.breakpoints.down('md')` (react-admin's small-screen layout: the menu becomes a drawer)
 * is the spec's mobile width. A dark theme with the same three colours in lighter shades (each
 * reads at 4.5:1 or more on the dark page and card, and under its button text: consoleConstants
 * test) follows the browser's dark preference; the app bar's button switches between the two
 * (the choice is the user's, on any browser: src/dataProvider/preferencesStore.ts).
 */
import type { Theme } from '@mui/material';
import { defaultDarkTheme, defaultTheme, type RaThemeOptions } from 'react-admin';

/** Spec section 9: below this width (px) the console is in its mobile layout. */
export const MOBILE_BREAKPOINT = 960;

/** Spec section 9: the theme colours. `alert` is MUI's error colour, `ok` its success colour. */
export const THEME_COLOURS = {
  primary: '#1565c0',
  alert: '#d32f2f',
  ok: '#2e7d32',
} as const;

/** The same colours for the dark theme: lighter shades, for text and marks on a dark background. */
export const DARK_THEME_COLOURS: Record<keyof typeof THEME_COLOURS, string> = {
  primary: '#90caf9',
  alert: '#ef9a9a',
  ok: '#66bb6a',
};

const breakpoints = { ...defaultTheme.breakpoints, values: { xs: 0, sm: 600, md: MOBILE_BREAKPOINT, lg: 1280, xl: 1920 } };

const sharedComponents: RaThemeOptions['components'] = {
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
};

function withColours(base: RaThemeOptions, colours: Record<keyof typeof THEME_COLOURS, string>): RaThemeOptions {
  return {
    ...base,
    palette: {
      ...base.palette,
      primary: { main: colours.primary },
      error: { main: colours.alert },
      success: { main: colours.ok },
    },
    breakpoints,
    components: { ...base.components, ...sharedComponents },
  };
}

const light = withColours(defaultTheme, THEME_COLOURS);
/**
 * MUI's orange warning under its white text reads at 3.1:1 (a device's 'Waiting to be sent' chip);
 * dark text reads at 6:1 on it. The dark theme's lighter orange has dark text already.
 */
export const consoleTheme: RaThemeOptions = { ...light, palette: { ...light.palette, warning: { main: '#ed6c02', contrastText: 'rgba(0, 0, 0, 0.87)' } } };
export const consoleDarkTheme = withColours(defaultDarkTheme, DARK_THEME_COLOURS);
