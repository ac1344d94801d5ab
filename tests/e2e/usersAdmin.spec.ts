/**
 * Users in the console (issue 29, item 1), against the real server: the server administrator opens
 * Users from the menu, creates a colleague and copies the one-time link; the colleague opens it in
 * their own browser, chooses a password and lands signed in, in a console without the Users entry.
 * The spent link then says what to do. Switching a user's Active off signs them out at once.
 */
import { expect, test } from './fixtures';
import { ownMessages } from '../../src/messages';
import { appTitle, signInByApi } from './signIn';
import { create, signedInApi, token } from './listsApi';
import { CSRF_HEADER } from '../../src/csrf';
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

test('switching Active off signs the user out at once; on again lets them sign in', async ({ page, browser }) => {
  const api = await signedInApi();
  const username = `leaver-${token()}`;
  const password = 'leaver e2e password';
  try {
    await create(api, 'user', { username, password });
  } finally {
    await api.dispose();
  }
  const theirs = await browser.newContext();
  try {
    const leaver = await theirs.newPage();
    const signIn = await leaver.request.post('/api/login', { headers: CSRF_HEADER, data: { username, password } });
    expect(signIn.status()).toBe(204);
    await leaver.goto('/');
    await expect(appTitle(leaver)).toHaveText('Home', { timeout: 30_000 });

    await signInByApi(page);
    await page.goto('/users');
    await search(page, username, 'Username');
    const active = page.getByRole('switch', { name: `${ownMessages.userActive}: ${username}` });
    await expect(active).toBeChecked();
    await active.click();
    await expect(active).not.toBeChecked();

    // Their next page load finds nobody signed in.
    await leaver.reload();
    await expect(leaver.getByRole('heading', { name: ownMessages.welcome })).toBeVisible();
    const refused = await leaver.request.post('/api/login', { headers: CSRF_HEADER, data: { username, password } });
    expect(refused.status()).toBe(403);

    await active.click();
    await expect(active).toBeChecked();
    const again = await leaver.request.post('/api/login', { headers: CSRF_HEADER, data: { username, password } });
    expect(again.status()).toBe(204);
  } finally {
    await theirs.close();
  }
});
