import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { appTitle, signInByApi } from './signIn';
import { adminTeam, createObject, uniqueName } from './objectApi';
import { button, expectScreen, inPageDialog, input } from './objectScreen';
import { CSRF_HEADER } from '../../src/csrf';

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

test('while a save waits for the server the title says so too', async ({ page }) => {
  await signInByApi(page);
  const team = await adminTeam(page.request);
  const type = await createObject(page.request, 'type', { name: uniqueName('wait type'), team_id: team.id });
  await page.goto(`/type_edit?id=${type.id}`);
  await expectScreen(page, 'Type | Edit', 'Edit type');
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/api/type/${type.id}$`), async (route) => {
    if (route.request().method() === 'PUT') await held;
    await route.continue();
  });
  await input(page, 'Notes').fill('Saved slowly.');
  await button(page, messages.submit).click();
  await expect(appTitle(page)).toHaveText(`Type | Edit${messages.waitingSuffix}`);
  release();
  await expect(appTitle(page)).toHaveText('Type | View');
});

test.describe('an expired session', () => {
  test('says "please sign in" once, in the page, and returns to the welcome page', async ({ page, dialogs }) => {
    await signInByApi(page);
    await page.goto('/devices');
    await expect(appTitle(page)).toHaveText('Devices');
    // The session ends behind the console's back (expiry, sign-out in another tab).
    await page.request.post('/api/logout', { headers: CSRF_HEADER });
    // The list's reference reads may still be out when the session ends: their 401 may come before the click.
    const welcome = page.getByRole('heading', { name: ownMessages.welcome });
    const notice = inPageDialog(page);
    await Promise.race([page.locator('.RaSidebar-fixed [role="menuitem"]', { hasText: 'Firmwares' }).click(), notice.waitFor()]);
    // The home page loads once the notice was read.
    await expect(notice).toHaveText(new RegExp(messages.pleaseSignIn));
    await expect(notice).toHaveCount(1);
    await notice.getByRole('button', { name: ownMessages.ok }).click();
    await expect(welcome).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(dialogs).toEqual([]);
  });
});
