import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { ADMIN } from './settings';
import { appTitle } from './signIn';

test('a wrong password is refused with a clear message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(ownMessages.username).fill(ADMIN.username);
  await page.getByLabel(ownMessages.password).fill('not-the-password');
  await page.getByRole('button', { name: ownMessages.signIn }).click();
  await expect(page.getByRole('alert')).toHaveText(ownMessages.wrongCredentials);
  await expect(page).toHaveURL(/\/login$/);
});

test('signing in returns to the page asked for; signing out returns to the welcome page', async ({ page }) => {
  await page.goto('/firmwares');
  await page.getByRole('link', { name: ownMessages.signIn }).click();
  await page.getByLabel(ownMessages.username).fill(ADMIN.username);
  await page.getByLabel(ownMessages.password).fill(ADMIN.password);
  await page.getByRole('button', { name: ownMessages.signIn }).click();
  await expect(page).toHaveURL(/\/firmwares$/);
  await expect(appTitle(page)).toHaveText('Firmwares');

  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: ownMessages.signOut }).click();
  await expect(page.getByRole('heading', { name: ownMessages.welcome })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // The session is closed on the server too: a reload stays signed out.
  await page.reload();
  await expect(page.getByRole('heading', { name: ownMessages.welcome })).toBeVisible();
});

test('the QR sign-in link goes through the sign-in page and back to the QR page', async ({ page }) => {
  await page.goto('/qr_code_page_login/?id=5');
  await expect(page).toHaveURL(/\/login\?next=%2Fqr%3Fid%3D5$/);
  await page.getByLabel(ownMessages.username).fill(ADMIN.username);
  await page.getByLabel(ownMessages.password).fill(ADMIN.password);
  await page.getByRole('button', { name: ownMessages.signIn }).click();
  await expect(page).toHaveURL(/\/qr\?id=5$/);
  await expect(page.getByText(messages.qrInvalid)).toBeVisible();
  // Signed in now: the same link goes straight to the QR page.
  await page.goto('/qr_code_page_login/?id=5');
  await expect(page).toHaveURL(/\/qr\?id=5$/);
});

test('a next address outside the console is ignored', async ({ page }) => {
  await page.goto('/login?next=%2F%2Fevil.example%2F');
  await page.getByLabel(ownMessages.username).fill(ADMIN.username);
  await page.getByLabel(ownMessages.password).fill(ADMIN.password);
  await page.getByRole('button', { name: ownMessages.signIn }).click();
  await expect(appTitle(page)).toHaveText(messages.home);
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
});

test('the sign-in page comes without the console, which is fetched while the user types and shown once signed in', async ({ page }) => {
  // The console's chunks (vite.config.ts): its screens, react-admin, MUI.
  const consoleChunk = /\/assets\/(App|react-admin|mui)-[^/]+\.js$/;
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/login');
  await expect(page.getByLabel(ownMessages.username)).toBeVisible();
  expect(scripts.filter((url) => consoleChunk.test(url))).toEqual([]);

  const prefetched = page.waitForRequest(consoleChunk);
  await page.getByLabel(ownMessages.username).fill(ADMIN.username);
  await prefetched;
  await page.getByLabel(ownMessages.password).fill(ADMIN.password);
  await page.getByRole('button', { name: ownMessages.signIn }).click();
  await expect(appTitle(page)).toHaveText(messages.home);
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
});
