/**
 * Issue 29's whole story, as it happens in a fleet team: a server administrator invites a colleague
 * and adds them to a team; the colleague sets a password from the link, changes a device of the team
 * and makes an API token; a build pipeline (no browser, no cookie: only the token) creates a firmware
 * and uploads its file; the administrator's Audit page shows each of those steps with who did it.
 */
import { createHash } from 'node:crypto';
import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { appTitle, signInByApi } from './signIn';
import { adminTeam, createObject, uniqueName } from './objectApi';
import { button, input } from './objectScreen';
import { search } from './listSearch';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('an invited colleague works in the team, a pipeline publishes a firmware with their token, and the audit shows it all', async ({ page, browser, baseURL }) => {
  await signInByApi(page);
  const team = await adminTeam(page.request);
  const type = await createObject(page.request, 'type', { name: uniqueName('Onboarding type'), team_id: team.id });
  const device = await createObject(page.request, 'device', { name: uniqueName('Onboarding device'), team_id: team.id, type_id: type.id, uid_for_type: uniqueName('uid') });

  // The administrator creates the colleague on the Users page and copies the one-time link.
  await page.goto('/');
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await expect(appTitle(page)).toHaveText('Users', { timeout: 30_000 });
  const username = `colleague-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await page.getByLabel(ownMessages.newUser).fill(username);
  await page.getByRole('button', { name: ownMessages.createUserAction }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: ownMessages.copyLink }).click();
  await expect(dialog.getByRole('button', { name: ownMessages.linkCopied })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/invitation#[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('button', { name: ownMessages.closeAction }).click();

  // ... and adds them to the team as an admin, on the Teams page.
  await page.goto('/teams');
  await expect(appTitle(page)).toHaveText('Teams', { timeout: 30_000 });
  await search(page, team.name);
  const card = page.getByRole('region', { name: team.name });
  await card.getByLabel(ownMessages.username, { exact: true }).fill(username);
  await card.getByLabel(ownMessages.role, { exact: true }).selectOption({ label: 'Admin' });
  await card.getByRole('button', { name: ownMessages.addMember }).click();
  await expect(card.getByLabel(ownMessages.roleOf(username))).toHaveValue('3');

  // The colleague, in a browser of their own: a password from the link, then work in the team.
  const theirs = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  let token = '';
  let colleagueId = 0;
  try {
    const colleague = await theirs.newPage();
    await colleague.goto(link);
    await colleague.getByLabel(ownMessages.password, { exact: true }).fill('colleague password 1');
    await colleague.getByLabel(ownMessages.passwordRepeat).fill('colleague password 1');
    await colleague.getByRole('button', { name: ownMessages.invitationSubmit }).click();
    await expect(appTitle(colleague)).toHaveText('Home', { timeout: 30_000 });
    colleagueId = ((await (await colleague.request.get('/api/current_user')).json()) as { id: number }).id;

    await colleague.goto(`/device_edit?id=${device.id}`);
    await input(colleague, 'Notes').fill('checked by the colleague');
    await button(colleague, messages.submit).click();
    await expect(colleague).toHaveURL(new RegExp(`/device_view\\?id=${device.id}$`));

    // A token for the build pipeline, from the profile page.
    await colleague.goto('/profile');
    await colleague.getByRole('button', { name: ownMessages.newApiToken }).click();
    const made = colleague.getByRole('dialog', { name: ownMessages.newApiToken });
    await made.getByLabel(ownMessages.tokenName).fill('build pipeline');
    await made.getByRole('button', { name: ownMessages.makeToken }).click();
    await made.getByRole('button', { name: ownMessages.copyToken }).click();
    await expect(made.getByText(ownMessages.copied)).toBeVisible();
    token = await colleague.evaluate(() => navigator.clipboard.readText());
    expect(token).toMatch(/^pucs_\d+_[A-Za-z0-9_-]{43}$/);
  } finally {
    await theirs.close();
  }

  // The pipeline: only the token, no cookie and no CSRF header, as docs/API.md shows with curl.
  const pipeline = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
  const file = Buffer.from(`firmware image ${uniqueName('build')}`);
  const firmwareName = uniqueName('Pipeline firmware');
  try {
    const created = await pipeline.post('/api/firmware', {
      data: { name: firmwareName, version: '1.4.2', team_id: team.id, type_id: type.id, firmware_hash: createHash('sha3-256').update(file).digest('hex') },
    });
    expect(created.status(), await created.text()).toBe(201);
    const firmware = (await created.json()) as { id: number };
    const uploaded = await pipeline.post(`/api/upload/firmware/${firmware.id}`, { multipart: { firmware: { name: 'sensor.bin', mimeType: 'application/octet-stream', buffer: file } } });
    expect(uploaded.status(), await uploaded.text()).toBeLessThan(300);
  } finally {
    await pipeline.dispose();
  }

  // The administrator's Audit page, filtered to the team: the colleague's change and the pipeline's
  // firmware, created then uploaded, by the colleague's token.
  await page.goto(`/audit?team_id=${team.id}`);
  const entries = page.getByTestId('audit-entry');
  const byToken = entries.filter({ hasText: firmwareName }).filter({ hasText: new RegExp(`${username} \\(token \\d+\\)`) });
  await expect(byToken.filter({ hasText: 'upload' })).toHaveCount(1);
  await expect(byToken.filter({ hasText: 'create' })).toHaveCount(1);
  await expect(entries.filter({ hasText: device.name }).filter({ hasText: username }).filter({ hasText: 'Notes: ∅ → checked by the colleague' })).toHaveCount(1);

  // The colleague's own history: created by the administrator, then the link used by the colleague.
  await page.goto(`/audit?category=user&object_id=${colleagueId}`);
  const userEntries = page.getByTestId('audit-entry');
  await expect(userEntries.filter({ hasText: 'accept_invitation' })).toHaveCount(1);
  await expect(userEntries.filter({ hasText: 'create' }).filter({ hasText: 'admin' })).toHaveCount(1);
});
