/** A user changes their own password from the user menu, against the real server. */
import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { MIN_PASSWORD } from '../../src/schemas/passwordRules';
import { create, signedInApi, token } from './listsApi';
import { signInAs } from './objectApi';
import { CSRF_HEADER } from '../../src/csrf';

const HEADERS = CSRF_HEADER;

test('the current password is asked for, the rules and refusals show under their field, then the new one signs in', async ({ page }) => {
  // Two scrypt checks, a hash and a dozen round trips: more than the default 30 s on a busy CI machine.
  test.setTimeout(120_000);
  const admin = await signedInApi();
  const user = { username: `pw-${token()}`, password: 'e2e-member-password' };
  await create(admin, 'user', user);
  await admin.dispose();
  await signInAs(page, user);

  await page.goto('/teams');
  const profile = page.getByRole('button', { name: 'Profile' });
  await profile.click();
  await page.getByRole('menuitem', { name: ownMessages.changePassword }).click();
  const dialog = page.getByRole('dialog', { name: ownMessages.changePassword });

  await dialog.getByLabel(ownMessages.newPassword).fill('short');
  await expect(dialog.getByText(ownMessages.passwordTooShort(MIN_PASSWORD))).toBeVisible();
  await dialog.getByLabel(ownMessages.newPassword).fill('a brand new password');
  await dialog.getByLabel(ownMessages.currentPassword).fill('not my password');
  await dialog.getByRole('button', { name: messages.submit }).click();
  await expect(dialog.getByText(ownMessages.currentPasswordWrong)).toBeVisible();

  await dialog.getByLabel(ownMessages.currentPassword).fill(user.password);
  await dialog.getByRole('button', { name: messages.submit }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(ownMessages.passwordChanged)).toBeVisible();

  // This session stays; the new password signs in (the old one's refusal: tests/api/passwordRules.test.ts).
  await page.reload();
  await expect(profile).toBeVisible();
  const login = await page.request.post('/api/login', { headers: HEADERS, data: { username: user.username, password: 'a brand new password' } });
  expect(login.status()).toBe(204);
});
