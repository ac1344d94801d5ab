/**
 * Users in the console (issue 29, item 1), against the real server: the server administrator opens
 * Users from the menu, creates a colleague and copies the one-time link; the colleague opens it in
 * their own browser, chooses a password and lands signed in, in a console without the Users entry.
 * The spent link then says what to do.
 */
import { expect, test } from './fixtures';
import { ownMessages } from '../../src/messages';
import { appTitle, signInByApi } from './signIn';
import { token } from './listsApi';
import { search } from './listSearch';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a server administrator invites a colleague, who sets a password from the link and is signed in', async ({ page, browser }) => {
  await signInByApi(page);
  await page.goto('/');
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await expect(appTitle(page)).toHaveText('Users', { timeout: 30_000 });

  const username = `colleague-${token()}`;
  await page.getByLabel(ownMessages.newUser).fill(username);
  await page.getByRole('button', { name: ownMessages.createUserAction }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(ownMessages.invitationLinkFor(username, '').split(':')[0])).toBeVisible();
  const shown = await dialog.getByTestId('invitation-url').inputValue();
  expect(shown).toMatch(/\/invitation#[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('button', { name: ownMessages.copyLink }).click();
  await expect(dialog.getByRole('button', { name: ownMessages.linkCopied })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(shown);
  await dialog.getByRole('button', { name: ownMessages.closeAction }).click();
  await search(page, username, 'Username');
  await expect(page.getByTestId(`user-row-${username}`)).toContainText(ownMessages.neverSignedIn);

  // The colleague, in a browser of their own.
  const theirs = await browser.newContext();
  try {
    const colleague = await theirs.newPage();
    await colleague.goto(copied);
    await expect(colleague.getByRole('heading', { name: ownMessages.invitationTitle })).toBeVisible();
    await colleague.getByLabel(ownMessages.password, { exact: true }).fill('my colleague password');
    await colleague.getByLabel(ownMessages.passwordRepeat).fill('my colleague password');
    await colleague.getByRole('button', { name: ownMessages.invitationSubmit }).click();
    await expect(appTitle(colleague)).toHaveText('Home', { timeout: 30_000 });
    await expect(colleague).toHaveURL(/\/$/);
    await expect(colleague.getByRole('button', { name: ownMessages.profileButton(username) })).toBeVisible();
    // Not a server administrator: no Users entry.
    await expect(colleague.getByRole('menuitem', { name: 'Devices' })).toBeVisible();
    await expect(colleague.getByRole('menuitem', { name: 'Users' })).toHaveCount(0);

    // The link is spent: opened again, it says what to do.
    const again = await theirs.newPage();
    await again.goto(copied);
    await again.getByLabel(ownMessages.password, { exact: true }).fill('another password here');
    await again.getByLabel(ownMessages.passwordRepeat).fill('another password here');
    await again.getByRole('button', { name: ownMessages.invitationSubmit }).click();
    await expect(again.getByText(ownMessages.invitationUnknown)).toBeVisible();
  } finally {
    await theirs.close();
  }

  // The administrator's list shows the colleague's sign-in.
  await page.reload();
  await expect(page.getByTestId(`user-row-${username}`)).not.toContainText(ownMessages.neverSignedIn);
});
