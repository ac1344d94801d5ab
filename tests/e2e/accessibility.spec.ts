/**
 * Accessibility (issue 13 item 9): axe-core on every console page, in light and in dark mode, finds
 * no serious or critical violation, and every page has one h1. The dark theme differs from the
 * light one only in its colours, so the dark pass checks every kind of page (public pages, the
 * dashboard, a table, add / view / edit) on the devices' screens, the busiest ones, and that the
 * page is indeed dark. The pages are the registry's routes
 * (a new category's screens are checked without editing this file: its object is made from its
 * declaration, tests/fixtures/makeObjects.ts), the dashboard, the sign-in and welcome pages
 * and the public /qr page. WCAG 2.5.3 (a control's name holds its visible text) is an experimental
 * axe rule, switched on here.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { categories } from '../../src/schemas';
import { deriveConsoleRoutes, objectHref } from '../../src/resources/consoleRoutes';
import { INVITATION_PATH } from '../../src/custom/invitationPath';
import { pageTitle } from '../../src/resources/pageTitle';
import { LOGIN_PATH } from '../../src/custom/safeNextPath';
import { qrPageHref } from '../../src/custom/qrPaths';
import { appTitle, signInByApi } from './signIn';
import { signedInApi, token } from './listsApi';
import { HEADERS } from './objectApi';
import { objectOfEveryCategory, walksCategory } from './everyCategory';
import { button, inPageDialog } from './objectScreen';

const SERIOUS = new Set(['serious', 'critical']);
/** A page of a busy machine (several browsers on two cores) may take long to settle. */
const SETTLE = { timeout: 60_000 };

/** The serious and critical violations on the page as it is now, one line each (rule, node, summary). */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  return result.violations
    .filter((v) => SERIOUS.has(v.impact ?? ''))
    .flatMap((v) => v.nodes.map((n) => `${new URL(page.url()).pathname}: ${v.id} (${v.impact}) ${n.target.join(' ')} ${n.html.slice(0, 120)}: ${n.failureSummary?.replace(/\s+/g, ' ')}`));
}

/** The relative luminance (0 black, 1 white) of a CSS rgb()/rgba() colour. */
function luminance(css: string): number {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((c) => {
    const v = Number(c) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

async function expectAccessible(page: Page, colorScheme: 'light' | 'dark') {
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toHaveCount(1, SETTLE);
  // Light text in the dark theme, dark text in the light one: the page follows the preference.
  const text = luminance(await h1.evaluate((e) => getComputedStyle(e).color));
  expect(colorScheme === 'dark' ? text > 0.5 : text < 0.5, `${colorScheme} page, h1 text luminance ${text}`).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
}

/**
 * Each page walked is noted on the test (`walked`: the category's key and the page's mode), so that
 * a run can show which categories it covered (tests/guideWalk/run.ts requires the guide's).
 */
const noteWalked = (route: { mode: string; category: { key: string } }) =>
  test.info().annotations.push({ type: 'walked', description: `${route.category.key} ${route.mode}` });

/** The category whose screens the dark pass walks. */
const DARK_SAMPLE = 'device';

/** One object of each category, made once for the file; by category key. */
let objects: Record<string, number>;
let qrId: string;

test.beforeAll(async () => {
  const api: APIRequestContext = await signedInApi();
  objects = await objectOfEveryCategory(api, `A11y ${token()}`);
  const qr = await api.post(`/api/device_qr_code/${objects.device}`, { headers: HEADERS });
  expect(qr.status()).toBe(200);
  qrId = ((await qr.json()) as { id: string }).id;
  await api.dispose();
});

const routes = deriveConsoleRoutes(categories).filter((r) => walksCategory(r.category.key));

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({ colorScheme });
    // Each test walks many pages.
    test.setTimeout(600_000);

    test('the sign-in, welcome and public QR pages', async ({ page }) => {
      await page.goto(LOGIN_PATH);
      await expect(page.getByRole('button', { name: ownMessages.signIn })).toBeVisible();
      await expectAccessible(page, colorScheme);

      await page.goto('/');
      await expect(page.getByRole('heading', { name: ownMessages.welcome })).toBeVisible();
      await expectAccessible(page, colorScheme);

      await page.goto(qrPageHref(qrId));
      await expect(page.getByRole('heading', { name: messages.productName })).toBeVisible();
      await expect(page.getByRole('link').first()).toBeVisible();
      await expectAccessible(page, colorScheme);

      // An invitation link's page (the token is not checked until the password is sent).
      await page.goto(`${INVITATION_PATH}#not-a-real-token`);
      await expect(page.getByRole('heading', { name: ownMessages.invitationTitle })).toBeVisible();
      await expectAccessible(page, colorScheme);
    });

    test('the dashboard and every table', async ({ page }) => {
      await signInByApi(page);
      await page.goto('/');
      await expect(appTitle(page)).toHaveText(messages.home, SETTLE);
      await expectAccessible(page, colorScheme);
      // The profile page, with a token in its table.
      expect((await page.request.post('/api/tokens', { headers: HEADERS, data: { name: `a11y ${colorScheme}`, expires_in_days: 1, read_only: true } })).status()).toBe(201);
      await page.goto('/profile');
      await expect(appTitle(page)).toHaveText(ownMessages.profilePage, SETTLE);
      await expect(page.getByRole('cell', { name: `a11y ${colorScheme}` })).toBeVisible(SETTLE);
      await expectAccessible(page, colorScheme);
      for (const route of routes.filter((r) => r.mode === 'table' && (colorScheme === 'light' || r.category.key === DARK_SAMPLE))) {
        await page.goto(route.path);
        await expect(appTitle(page)).toHaveText(pageTitle('table', route.category), SETTLE);
        await expect(page.getByRole('table').or(page.getByRole('list')).first()).toBeVisible(SETTLE);
        await expectAccessible(page, colorScheme);
        noteWalked(route);
      }
    });

    test('every object screen: add, view and edit', async ({ page }) => {
      await signInByApi(page);
      for (const route of routes.filter((r) => r.mode !== 'table' && (colorScheme === 'light' || r.category.key === DARK_SAMPLE))) {
        const id = objects[route.category.key];
        expect(id, `an object of ${route.category.key} for ${route.path}`).toBeDefined();
        await page.goto(route.mode === 'new' ? route.path : objectHref(route.path, id));
        await expect(appTitle(page)).toHaveText(pageTitle(route.mode, route.category), SETTLE);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectAccessible(page, colorScheme);
        noteWalked(route);
        if (colorScheme === 'dark' && route.mode === 'view') {
          // The delete question: the dark alert colour fills its danger button.
          await button(page, messages.delete).click();
          await expect(inPageDialog(page)).toBeVisible();
          expect(await seriousViolations(page)).toEqual([]);
          await button(inPageDialog(page), messages.cancel).click();
          await expect(inPageDialog(page)).toBeHidden();
        }
      }
    });
  });
}
