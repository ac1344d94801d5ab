/**
 * A user makes an API token on their profile page, copies it, and a fetch carrying only the token
 * (no cookie) reads their devices; revoked on the same page, the next call with it answers 401.
 */
import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import type { Page } from '@playwright/test';
import { adminTeam, createMember, createObject, signInAs, uniqueName } from './objectApi';
import { answerInPage } from './objectScreen';
import { signedInApi } from './listsApi';

// The copy buttons are checked by reading the clipboard. Asked of the context here, not granted during a
// test: a reused browser context (playwright.config.ts) keeps what a test grants for the tests after it.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** A fetch from the page that sends the token and no cookie, as a pipeline would. */
const fetchWithToken = (page: Page, token: string) =>
  page.evaluate(async (bearer) => {
    const res = await fetch('/api/device?fields=id,name,team_id', { credentials: 'omit', headers: { Authorization: `Bearer ${bearer}` } });
    return { status: res.status, body: (await res.json()) as { json_list?: { name: string }[] } };
  }, token);

test("a token made and copied on the profile page reads the user's devices until it is revoked", async ({ page }) => {
  const admin = await signedInApi();
  const team = await adminTeam(admin);
  const type = await createObject(admin, 'type', { name: uniqueName('tok type'), team_id: team.id });
  const device = await createObject(admin, 'device', { name: uniqueName('tok dev'), team_id: team.id, type_id: type.id, uid_for_type: uniqueName('uid') });
  const member = await createMember(admin, team.id);
  await admin.dispose();
  await signInAs(page, member);

  await page.goto('/teams');
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: ownMessages.profilePage }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: ownMessages.apiTokens })).toBeVisible();
  await expect(page.getByText(ownMessages.noApiTokens)).toBeVisible();

  await page.getByRole('button', { name: ownMessages.newApiToken }).click();
  const dialog = page.getByRole('dialog', { name: ownMessages.newApiToken });
  await dialog.getByLabel(ownMessages.tokenName).fill('build pipeline');
  await dialog.getByRole('button', { name: ownMessages.makeToken }).click();
  await expect(dialog.getByText(ownMessages.tokenShownOnce)).toBeVisible();
  const shown = (await dialog.getByTestId('new-api-token').textContent()) ?? '';
  expect(shown).toMatch(/^pucs_\d+_[A-Za-z0-9_-]{43}$/);

  await dialog.getByRole('button', { name: ownMessages.copyToken }).click();
  await expect(dialog.getByText(ownMessages.copied)).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(shown);
  await dialog.getByRole('button', { name: messages.close }).click();

  const row = page.getByRole('row').filter({ hasText: 'build pipeline' });
  await expect(row.getByText(ownMessages.tokenAllTeams)).toBeVisible();
  const read = await fetchWithToken(page, copied);
  expect(read.status).toBe(200);
  expect(read.body.json_list?.map((d) => d.name)).toContain(device.name);

  await row.getByRole('button', { name: ownMessages.revokeToken }).click();
  await answerInPage(page, ownMessages.revokeTokenConfirm('build pipeline'), ownMessages.revokeToken);
  await expect(row).toBeHidden();
  await expect(page.getByText(ownMessages.noApiTokens)).toBeVisible();
  expect((await fetchWithToken(page, copied)).status).toBe(401);
});
