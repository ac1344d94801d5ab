import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { appTitle, signInByApi } from './signIn';

test('while a page waits for the server its title says so', async ({ page }) => {
  await signInByApi(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/(full\/)?type\?/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/types');
  await expect(appTitle(page)).toHaveText(`Types${messages.waitingSuffix}`);
  release();
  await expect(appTitle(page)).toHaveText('Types');
});

test.describe('an expired session', () => {
  test.use({ allowDialogs: true });

  test('alerts "please sign in" once and returns to the welcome page', async ({ page, dialogs }) => {
    await signInByApi(page);
    await page.goto('/devices');
    await expect(appTitle(page)).toHaveText('Devices');
    // The session ends behind the console's back (expiry, sign-out in another tab).
    await page.request.post('/api/logout', { headers: { 'X-Requested-With': 'pucs' } });
    await page.locator('.RaSidebar-fixed [role="menuitem"]', { hasText: 'Firmwares' }).click();
    await expect(page.getByRole('heading', { name: ownMessages.welcome })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(dialogs).toEqual([messages.pleaseSignIn]);
  });
});
