/**
 * Forms and roles (issue 13 item 8) against the real server: a new object's form opens with its
 * default name selected in the focused first field, so that typing replaces it; role names read
 * No access, Member, Team lead, Admin (the values stay 0 to 3) and a role change says 'Saved';
 * a user in no team is told what to do next on the home page, not shown a dashboard of zeros;
 * an empty category says what comes first (issue 27 item 10).
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { appTitle, signInByApi } from './signIn';
import { create, signedInApi, token, type Obj } from './listsApi';
import { search } from './listSearch';
import { answerInPage } from './objectScreen';
import { CSRF_HEADER } from '../../src/csrf';

let api: APIRequestContext;

test.beforeAll(async () => {
  api = await signedInApi();
});

test.afterAll(async () => {
  await api.dispose();
});

const PASSWORD = 'e2e-member-password';

test('a new device: the name field has the focus, its default selected, and typing replaces it', async ({ page }) => {
  await signInByApi(page);
  await page.goto('/device_new');
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toHaveValue(messages.newObjectName('device'), { timeout: 30_000 });
  await expect(name).toBeFocused();
  await page.keyboard.type('Pump 7');
  await expect(name).toHaveValue('Pump 7');
});

test("role names read No access, Member, Team lead, Admin, and a role change says 'Saved'", async ({ page }) => {
  await signInByApi(page);
  const team = await create(api, 'team', { name: `Team ${token()}` });
  const user = (await create(api, 'user', { username: `user-${token()}`, password: PASSWORD })) as Obj & { username: string };
  await create(api, 'role', { team_id: team.id, username: user.username, role_id: 1 });
  await page.goto('/teams');
  await expect(appTitle(page)).toHaveText('Teams', { timeout: 30_000 });
  await search(page, String(team.name));
  const card = page.getByRole('region', { name: String(team.name) });
  const role = card.getByLabel(ownMessages.roleOf(user.username));
  await expect(role.locator('option')).toHaveText(['No access', 'Member', 'Team lead', 'Admin']);
  await expect(card.getByRole('columnheader')).toHaveText([ownMessages.username, ownMessages.role, ownMessages.memberActions]);
  await expect(page.getByText(ownMessages.roleSaved, { exact: true })).toHaveCount(0);
  await role.selectOption({ label: 'Team lead' });
  await answerInPage(page, ownMessages.confirmRoleChange(user.username, String(team.name), 'Member', 'Team lead'), ownMessages.confirmRoleChangeLabel);
  await expect(page.getByText(ownMessages.roleSaved, { exact: true })).toBeVisible();
  await expect(role).toHaveValue('2');
});

test('a user in no team is told to create a team or to ask an admin, with their username', async ({ page }) => {
  const user = (await create(api, 'user', { username: `lonely-${token()}`, password: PASSWORD })) as Obj & { username: string };
  const response = await page.request.post('/api/login', {
    headers: CSRF_HEADER,
    data: { username: user.username, password: PASSWORD },
  });
  expect(response.status()).toBe(204);
  await page.goto('/');
  const guide = page.getByRole('region', { name: ownMessages.noTeamTitle });
  await expect(guide).toBeVisible({ timeout: 30_000 });
  await expect(guide).toContainText(ownMessages.noTeamAsk(user.username));
  await guide.getByRole('link', { name: ownMessages.createTeam }).click();
  await expect(page).toHaveURL(/\/teams$/);
  await expect(page.getByLabel(ownMessages.newTeamName)).toBeVisible();
});

test('an empty category guides a newcomer: a device needs a type first, with the button adding one', async ({ page }) => {
  const team = await create(api, 'team', { name: `Empty ${token()}` });
  const user = (await create(api, 'user', { username: `newcomer-${token()}`, password: PASSWORD })) as Obj & { username: string };
  await create(api, 'role', { team_id: team.id, username: user.username, role_id: 3 });
  const response = await page.request.post('/api/login', { headers: CSRF_HEADER, data: { username: user.username, password: PASSWORD } });
  expect(response.status()).toBe(204);
  await page.goto('/devices');
  const guide = page.getByTestId('empty-list');
  await expect(guide).toContainText(ownMessages.emptyList('Devices'), { timeout: 30_000 });
  await expect(guide).toContainText(ownMessages.emptyListNeedsFirst('device', 'type'));
  await expect(page.getByText(ownMessages.noResults)).toHaveCount(0);
  await guide.getByRole('link', { name: messages.addHeading('type') }).click();
  await expect(page).toHaveURL(/\/type_new$/);
});
