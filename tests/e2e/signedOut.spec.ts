import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';

test('the welcome page greets a signed-out visitor, titled PUCS', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: ownMessages.welcome })).toBeVisible();
  await expect(page.getByText(ownMessages.welcomeText)).toBeVisible();
  await expect(page).toHaveTitle(messages.productName);
});

test('every console route shows the welcome page, whose sign-in button comes back to it', async ({ page }) => {
  await page.goto('/devices');
  await expect(page.getByRole('heading', { name: ownMessages.welcome })).toBeVisible();
  await page.getByRole('link', { name: ownMessages.signIn }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fdevices$/);
  await expect(page.getByLabel(ownMessages.username)).toBeVisible();
});

test('the public QR page is reachable signed out and says when the code is invalid', async ({ page }) => {
  await page.goto('/qr?id=x');
  await expect(page.getByText(messages.qrInvalid)).toBeVisible();
  await expect(page.getByRole('link', { name: ownMessages.signIn })).toHaveAttribute('href', '/qr_code_page_login/?id=x');
  await page.getByRole('link', { name: messages.home }).click();
  await expect(page.getByRole('heading', { name: ownMessages.welcome })).toBeVisible();
});
