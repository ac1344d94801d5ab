/** The constants of spec sections 3 and 9, declared once: category ids none and document, the theme, the mobile breakpoint. */
import { describe, expect, it } from 'vitest';
import { categories, checkRegistry, defineCategory } from '../../src/schemas';
import { CATEGORY_IDS } from '../../src/schemas/categoryIds';
import { createTheme, getContrastRatio, type ThemeOptions } from '@mui/material/styles';
import { consoleDarkTheme, consoleTheme, DARK_THEME_COLOURS, MOBILE_BREAKPOINT, THEME_COLOURS } from '../../src/theme';

const withId = (id: number) =>
  defineCategory({
    key: `id_${id}_test`,
    id,
    singular: 'thing',
    title: 'Thing',
    plural: 'Things',
    scope: 'team',
    permissions: { create: 'teamAdmin', update: 'teamAdmin', delete: 'teamAdmin' },
    fields: {},
    summary: ['id'],
  });

describe('spec constants', () => {
  it('category ids none 0 and document 9 belong to no category of the registry', () => {
    expect(CATEGORY_IDS).toEqual({ none: 0, document: 9 });
    expect(categories.map((c) => c.id)).not.toContain(0);
    expect(categories.map((c) => c.id)).not.toContain(9);
    expect(() => checkRegistry([...categories, withId(9)])).toThrow("the category id 9 is the spec's 'document'");
    expect(() => checkRegistry([...categories, withId(0)])).toThrow("the category id 0 is the spec's 'none'");
  });

  it('the theme has the primary, alert and ok colours, and its md breakpoint is the 960 px mobile width', () => {
    expect(MOBILE_BREAKPOINT).toBe(960);
    expect(consoleTheme.palette).toMatchObject({
      primary: { main: THEME_COLOURS.primary },
      error: { main: THEME_COLOURS.alert },
      success: { main: THEME_COLOURS.ok },
    });
    expect(consoleTheme.breakpoints?.values?.md).toBe(960);
  });

  it('the dark theme has the same three colours in its own shades, and the same breakpoints', () => {
    expect(consoleDarkTheme.palette).toMatchObject({
      mode: 'dark',
      primary: { main: DARK_THEME_COLOURS.primary },
      error: { main: DARK_THEME_COLOURS.alert },
      success: { main: DARK_THEME_COLOURS.ok },
    });
    expect(consoleDarkTheme.breakpoints?.values?.md).toBe(960);
  });

  it.each([
    ['light', consoleTheme],
    ['dark', consoleDarkTheme],
  ] as const)('each %s theme colour reads at 4.5:1 on the page and on a card, and its button text on it', (_, options) => {
    const { palette } = createTheme(options as ThemeOptions);
    for (const colour of [palette.primary, palette.error, palette.success]) {
      expect(getContrastRatio(colour.main, palette.background.default), colour.main).toBeGreaterThanOrEqual(4.5);
      expect(getContrastRatio(colour.main, palette.background.paper), colour.main).toBeGreaterThanOrEqual(4.5);
    }
    // Contained buttons (Save, the danger button of a confirmation) write on the colour.
    for (const colour of [palette.primary, palette.error]) expect(getContrastRatio(colour.contrastText, colour.main), colour.main).toBeGreaterThanOrEqual(4.5);
  });
});
