/**
 * Preferences follow the user (issue 27 item 11; spec section 7, PUT /api/user with body
 * preferences): the theme, the devices table's columns and its page size chosen in one browser are
 * there when the same user signs in on another (a new browser context: no cookie, no localStorage).
 * The user is new to this test, so no other test's choices are in play.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ownMessages } from '../../src/messages';
import { appTitle } from './signIn';
import { signedInApi } from './listsApi';
import { adminTeam, createMember, signInAs } from './objectApi';
import { createDevice, createType } from './typeGroupApi';

/** react-admin's words (ra-language-english) for its theme button, column chooser and page size. */
const TOGGLE_THEME = 'Toggle light/dark mode';
const COLUMNS = 'Columns';
const ROWS_PER_PAGE = /Rows per page/;

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

async function openDevices(page: Page) {
  await page.goto('/devices');
  // The console's first load after a sign-in: generous on a loaded machine.
  await expect(appTitle(page)).toHaveText('Devices', { timeout: 30_000 });
  await expect(page.locator('#main-content tbody tr').first()).toBeVisible();
}

test('the theme, columns and page size chosen in one browser are restored in another', async ({ page, browser }) => {
  const admin = await signedInApi();
  const team = await adminTeam(admin);
  await createDevice(admin, await createType(admin, team.id));
  const member = await createMember(admin, team.id);
  await admin.dispose();

  await signInAs(page, member);
  await openDevices(page);
  const light = await background(page);
  const headers = page.locator('thead th');
  await expect(headers.filter({ hasText: ownMessages.firmwareStatus })).toHaveCount(0);

  await page.getByRole('button', { name: TOGGLE_THEME }).click();
  await expect.poll(() => background(page)).not.toBe(light);
  const dark = await background(page);
  await page.getByRole('button', { name: COLUMNS }).click();
  await page.getByRole('switch', { name: ownMessages.firmwareStatus }).check();
  await page.keyboard.press('Escape');
  await expect(headers.filter({ hasText: ownMessages.firmwareStatus })).toHaveCount(1);
  await page.getByRole('combobox', { name: ROWS_PER_PAGE }).click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await expect(page.getByRole('combobox', { name: ROWS_PER_PAGE })).toHaveText('10');
  // Saved for the user: what their next sign-in reads.
  await expect
    .poll(async () => (await (await page.request.get('/api/current_user')).json()).preferences)
    .toMatchObject({ theme: 'dark', lists: { device: { perPage: 10, columns: expect.arrayContaining(['name', 'firmware_status']) } } });

  // Another browser: nothing of the first one but the user.
  const elsewhere = await browser.newContext();
  try {
    const other = await elsewhere.newPage();
    await signInAs(other, member);
    await openDevices(other);
    expect(await background(other)).toBe(dark);
    await expect(other.locator('thead th').filter({ hasText: ownMessages.firmwareStatus })).toHaveCount(1);
    await expect(other.getByRole('combobox', { name: ROWS_PER_PAGE })).toHaveText('10');
  } finally {
    await elsewhere.close();
  }
});
