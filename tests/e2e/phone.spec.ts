/**
 * The console on a phone (issue 13 item 7), 390 x 844 px: a table is a list of cards (name, unique
 * ID, last-seen dot), the filters fold behind a 'Filters' button that shows the active ones as
 * chips, the app bar's title is shown whole, and an object screen never scrolls sideways, its
 * buttons within the screen.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { categories } from '../../src/schemas';
import { objectHref } from '../../src/resources/consoleRoutes';
import { pageTitle } from '../../src/resources/pageTitle';
import { appTitle, signInByApi } from './signIn';
import { create, signedInApi, token, type Obj } from './listsApi';
import { adminTeam } from './objectApi';
import { button } from './objectScreen';
import { search } from './listSearch';

const PHONE = { width: 390, height: 844 };
/** A page of a busy machine (several browsers on two cores) may take long to settle. */
const SETTLE = { timeout: 60_000 };

test.use({ viewport: PHONE });
test.describe.configure({ timeout: 120_000 });

let run: string;
let type: Obj;
let devices: Obj[];

test.beforeAll(async () => {
  const api = await signedInApi();
  run = token();
  const team = await adminTeam(api);
  type = await create(api, 'type', { name: `Phone type ${run}`, team_id: team.id, name_of_uid: 'Serial number' });
  devices = [];
  for (let i = 1; i <= 3; i++) {
    devices.push(await create(api, 'device', { name: `Phone ${run} ${i}`, team_id: team.id, type_id: type.id, uid_for_type: `PH-${run}-${i}` }));
  }
  await api.dispose();
});

/** True when the page is no wider than the screen (nothing to scroll sideways to). */
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The element lies wholly inside the screen's width. */
async function expectWithinScreen(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

test('a table is a list of cards: name, unique ID and last-seen dot, no table, nothing to scroll sideways', async ({ page }) => {
  await signInByApi(page);
  await page.goto(`/devices?filter=${encodeURIComponent(JSON.stringify({ type_id: type.id }))}`);
  const cards = page.getByTestId('phone-cards');
  await expect(cards).toBeVisible(SETTLE);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(cards.getByRole('listitem')).toHaveCount(3);
  const card = cards.getByRole('listitem').filter({ hasText: `Phone ${run} 2` });
  await expect(card.getByRole('link', { name: `Phone ${run} 2`, exact: true })).toBeVisible();
  await expect(card.getByText(`PH-${run}-2`)).toBeVisible();
  await expect(card.getByRole('img', { name: ownMessages.recencyStatus.never })).toBeVisible();
  expect(await noSidewaysScroll(page)).toBe(true);

  // The card's name opens the device.
  await card.getByRole('link', { name: `Phone ${run} 2`, exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/device_view' && url.searchParams.get('id') === String(devices[1].id));
});

test('the documents table is cards too: each names its kind and opens its own view page', async ({ page }) => {
  const api = await signedInApi();
  const team = await adminTeam(api);
  const doc = await create(api, 'basic_document', { name: `Phone manual ${run}`, team_id: team.id, doc_type: 'text', content: 'Read me' });
  const collection = await create(api, 'documents_collection', { name: `Phone manuals ${run}`, team_id: team.id });
  await api.dispose();
  await signInByApi(page);
  await page.goto(`/documents?filter=${encodeURIComponent(JSON.stringify({ q: `Phone manual` }))}`);
  const cards = page.getByTestId('phone-cards');
  await expect(cards).toBeVisible(SETTLE);
  await expect(page.getByRole('table')).toHaveCount(0);
  const docCard = cards.getByRole('listitem').filter({ hasText: doc.name as string });
  const collectionCard = cards.getByRole('listitem').filter({ hasText: collection.name as string });
  const kindOf = (key: string) => {
    const category = categories.find((c) => c.key === key)!;
    return `${ownMessages.kindColumn}: ${category.console?.kindLabel ?? category.plural}`;
  };
  await expect(docCard.getByText(kindOf('basic_document'), { exact: true })).toBeVisible();
  await expect(collectionCard.getByText(kindOf('documents_collection'), { exact: true })).toBeVisible();
  expect(await noSidewaysScroll(page)).toBe(true);

  await collectionCard.getByRole('link', { name: collection.name as string, exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/documents_collection_view' && url.searchParams.get('id') === String(collection.id));
});

test("the filters fold behind 'Filters'; the active ones are chips, and a chip's cross removes its filter", async ({ page }) => {
  await signInByApi(page);
  await page.goto('/devices');
  const fold = page.getByRole('button', { name: ownMessages.filters, exact: true });
  await expect(fold).toBeVisible(SETTLE);
  const searchBox = page.getByRole('searchbox', { name: 'Name or unique ID' });
  await expect(searchBox).toBeHidden();

  await fold.click();
  await expect(searchBox).toBeVisible();
  // A part of the unique IDs: the search is a chip.
  await search(page, `PH-${run}`, 'Name or unique ID');
  const chips = page.getByTestId('filter-chips');
  await expect(chips.getByText(`Name or unique ID: PH-${run}`)).toBeVisible(SETTLE);
  await expect(page.getByRole('button', { name: ownMessages.activeFilters(1), exact: true })).toBeVisible();

  // A filter given in the address is a chip too, named by the referenced object's name.
  await page.goto(`/devices?filter=${encodeURIComponent(JSON.stringify({ type_id: type.id, q: `Phone ${run}` }))}`);
  await expect(chips.getByText(`Type: ${type.name}`)).toBeVisible(SETTLE);
  await expect(page.getByRole('button', { name: ownMessages.activeFilters(2), exact: true })).toBeVisible();
  await expect(page.getByTestId('phone-cards').getByRole('listitem')).toHaveCount(3);

  await chips.locator('.MuiChip-root').filter({ hasText: 'Type:' }).locator('.MuiChip-deleteIcon').click();
  await expect(chips.getByText(`Type: ${type.name}`)).toHaveCount(0);
  await expect(page.getByRole('button', { name: ownMessages.activeFilters(1), exact: true })).toBeVisible();
  await expect.poll(() => JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}')).toEqual({ q: `Phone ${run}` });
});

test("the app bar shows the page's whole title, the waiting suffix included", async ({ page }) => {
  await signInByApi(page);
  // The device's read is held, so the title carries ' [waiting for server response]'.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/full\/device\/\d+/, async (route) => {
    await held;
    await route.continue();
  });
  const title = pageTitle('edit', categories.find((c) => c.key === 'device'));
  await page.goto(objectHref('/device_edit', devices[0].id));
  await expect(appTitle(page)).toHaveText(`${title}${messages.waitingSuffix}`, SETTLE);
  const cut = await appTitle(page).evaluate((e) => e.scrollWidth > e.clientWidth || e.scrollHeight > e.clientHeight);
  expect(cut, 'the title is cut').toBe(false);
  await expectWithinScreen(appTitle(page));
  // The title stays within the bar.
  const bar = await page.locator('header').first().boundingBox();
  const box = await appTitle(page).boundingBox();
  expect(box!.y + box!.height).toBeLessThanOrEqual(bar!.y + bar!.height);
  release();
  await expect(appTitle(page)).toHaveText(title, SETTLE);
});

test('an object screen, viewed and edited, never scrolls sideways; its buttons are within the screen and full width', async ({ page }) => {
  await signInByApi(page);
  const device = devices[0];
  await page.goto(objectHref('/device_view', device.id));
  await expect(appTitle(page)).toHaveText(pageTitle('view', categories.find((c) => c.key === 'device')), SETTLE);
  await expect(page.getByRole('heading', { name: messages.viewHeading('device') })).toBeVisible();
  expect(await noSidewaysScroll(page)).toBe(true);

  await page.goto(objectHref('/device_edit', device.id));
  await expect(appTitle(page)).toHaveText(pageTitle('edit', categories.find((c) => c.key === 'device')), SETTLE);
  const save = button(page, messages.submit);
  await expect(save).toBeVisible(SETTLE);
  expect(await noSidewaysScroll(page)).toBe(true);
  await expectWithinScreen(save);
  // Reachable with one thumb: the form's buttons span the screen (less the page's margins).
  expect((await save.boundingBox())!.width).toBeGreaterThan(PHONE.width * 0.8);
});
