/**
 * The teams page against the real server: creating a team, adding a user by username, changing
 * (asked first, then 'Saved') and removing their role, refusals shown with the server's Description (under the username field
 * when they concern it: no such user, already a member), read-only for members who are not
 * admins. Every test makes its own team and user.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { ROLE, roleLabel } from '../../src/schemas/role';
import { appTitle, signInByApi } from './signIn';
import { create, signedInApi, token, type Obj } from './listsApi';
import { search } from './listSearch';
import { answerInPage, errorSnackbar } from './objectScreen';
import { CSRF_HEADER } from '../../src/csrf';

let api: APIRequestContext;

test.beforeAll(async () => {
  api = await signedInApi();
});

test.afterAll(async () => {
  await api.dispose();
});

const PASSWORD = 'e2e-member-password';

async function newUser(): Promise<Obj & { username: string }> {
  return (await create(api, 'user', { username: `user-${token()}`, password: PASSWORD })) as Obj & { username: string };
}

/** The team's card on /teams, found with the search so that other specs' teams do not matter. */
async function teamCard(page: Page, name: string) {
  await page.goto('/teams');
  // The console's first load after a sign-in: generous on a loaded machine.
  await expect(appTitle(page)).toHaveText('Teams', { timeout: 30_000 });
  await search(page, name);
  const card = page.getByRole('region', { name });
  await expect(card).toBeVisible();
  return card;
}

/** The team's roles as the server has them: username -> role_id. */
async function rolesOf(teamId: number): Promise<Record<string, number>> {
  const response = await api.get(`/api/full/team/${teamId}?fields=id,role(username,role_id)`);
  const team = (await response.json()) as { role: { username: string; role_id: number }[] };
  return Object.fromEntries(team.role.map((r) => [r.username, r.role_id]));
}

test('any signed-in user creates a team and becomes its admin', async ({ page }) => {
  await signInByApi(page);
  const name = `Team ${token()}`;
  await page.goto('/teams');
  await page.getByLabel(ownMessages.newTeamName).fill(name);
  await page.getByRole('button', { name: ownMessages.createTeam }).click();
  await expect(page.getByLabel(ownMessages.newTeamName)).toHaveValue('');
  const card = await teamCard(page, name);
  await expect(card.getByLabel(ownMessages.roleOf('admin'))).toHaveValue('3');
  await expect(card.getByRole('button', { name: ownMessages.addMember })).toBeVisible();
});

test('a team admin adds a user by username and changes their role', async ({ page }) => {
  await signInByApi(page);
  const team = await create(api, 'team', { name: `Team ${token()}` });
  const user = await newUser();
  const card = await teamCard(page, String(team.name));

  await card.getByLabel(ownMessages.username, { exact: true }).fill(user.username);
  await card.getByRole('button', { name: ownMessages.addMember }).click();
  const role = card.getByLabel(ownMessages.roleOf(user.username));
  await expect(role).toHaveValue('1');
  await expect(role.locator('option')).toHaveText(['No access', 'Member', 'Team lead', 'Admin']);
  expect(await rolesOf(team.id)).toEqual({ admin: 3, [user.username]: 1 });

  await role.selectOption({ label: roleLabel(ROLE.TEAMLEADER) });
  await answerInPage(page, ownMessages.confirmRoleChange(user.username, String(team.name), roleLabel(ROLE.USER), roleLabel(ROLE.TEAMLEADER)), ownMessages.confirmRoleChangeLabel);
  await expect.poll(() => rolesOf(team.id)).toEqual({ admin: 3, [user.username]: 2 });
  await page.reload();
  await expect(page.getByRole('region', { name: String(team.name) }).getByLabel(ownMessages.roleOf(user.username))).toHaveValue('2');

  await page.getByRole('region', { name: String(team.name) }).getByLabel(ownMessages.roleOf(user.username)).selectOption({ label: roleLabel(ROLE.ADMIN) });
  await answerInPage(page, ownMessages.confirmRoleChange(user.username, String(team.name), roleLabel(ROLE.TEAMLEADER), roleLabel(ROLE.ADMIN)), ownMessages.confirmRoleChangeLabel);
  await expect.poll(() => rolesOf(team.id)).toEqual({ admin: 3, [user.username]: 3 });
});

test('a user can be added with a chosen role', async ({ page }) => {
  await signInByApi(page);
  const team = await create(api, 'team', { name: `Team ${token()}` });
  const user = await newUser();
  const card = await teamCard(page, String(team.name));
  await card.getByLabel(ownMessages.username, { exact: true }).fill(user.username);
  await card.getByLabel(ownMessages.role, { exact: true }).selectOption({ label: roleLabel(ROLE.NONE) });
  await card.getByRole('button', { name: ownMessages.addMember }).click();
  await expect(card.getByLabel(ownMessages.roleOf(user.username))).toHaveValue('0');
});

test("a role change asks first: Cancel keeps the role, confirmed it is stored and the page says 'Saved'", async ({ page }) => {
  await signInByApi(page);
  const team = await create(api, 'team', { name: `Team ${token()}` });
  const user = await newUser();
  await create(api, 'role', { team_id: team.id, username: user.username, role_id: ROLE.USER });
  const card = await teamCard(page, String(team.name));
  const role = card.getByLabel(ownMessages.roleOf(user.username));
  const question = ownMessages.confirmRoleChange(user.username, String(team.name), roleLabel(ROLE.USER), roleLabel(ROLE.ADMIN));
  const saved = page.getByText(ownMessages.roleSaved, { exact: true });

  await role.selectOption({ label: roleLabel(ROLE.ADMIN) });
  await answerInPage(page, question, messages.cancel);
  await expect(role).toHaveValue(String(ROLE.USER));
  await expect(saved).toHaveCount(0);
  expect(await rolesOf(team.id)).toEqual({ admin: 3, [user.username]: ROLE.USER });

  await role.selectOption({ label: roleLabel(ROLE.ADMIN) });
  await answerInPage(page, question, ownMessages.confirmRoleChangeLabel);
  await expect(saved).toBeVisible();
  await expect(role).toHaveValue(String(ROLE.ADMIN));
  expect(await rolesOf(team.id)).toEqual({ admin: 3, [user.username]: ROLE.ADMIN });
});

test.describe('with alerts', () => {
  test.use({ allowDialogs: true });

  test('removing a member asks first, in the page, then the member is gone', async ({ page, dialogs }) => {
    await signInByApi(page);
    const team = await create(api, 'team', { name: `Team ${token()}` });
    const user = await newUser();
    await create(api, 'role', { team_id: team.id, username: user.username, role_id: 1 });
    const card = await teamCard(page, String(team.name));
    await card.getByRole('button', { name: ownMessages.removeMember(user.username) }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(ownMessages.confirmRemoveMember(user.username, String(team.name)));
    await dialog.getByRole('button', { name: ownMessages.confirmRemoveMemberLabel }).click();
    await expect(card.getByText(user.username)).toHaveCount(0);
    expect(dialogs).toEqual([]);
    expect(await rolesOf(team.id)).toEqual({ admin: 3 });
  });

  test("an unknown username or a member already is said under the field; the last admin's demotion in a snackbar", async ({ page, dialogs }) => {
    await signInByApi(page);
    const team = await create(api, 'team', { name: `Team ${token()}` });
    const card = await teamCard(page, String(team.name));
    const missing = `nobody-${token()}`;
    const field = card.getByLabel(ownMessages.username, { exact: true });
    await field.fill(missing);
    await card.getByRole('button', { name: ownMessages.addMember }).click();
    // About the field: said under it and in the form's error list, the name kept, no snackbar.
    await expect(field).toHaveAccessibleDescription(ownMessages.noSuchUser);
    await expect(card.getByTestId('object-form-errors').locator('li')).toHaveText([ownMessages.noSuchUser]);
    await expect(field).toHaveValue(missing);
    await expect(errorSnackbar(page)).toHaveCount(0);

    // A member already: the same, in the server's words.
    const user = await newUser();
    await create(api, 'role', { team_id: team.id, username: user.username, role_id: 1 });
    await field.fill(user.username);
    await expect(card.getByTestId('object-form-errors')).toHaveCount(0);
    await card.getByRole('button', { name: ownMessages.addMember }).click();
    await expect(field).toHaveAccessibleDescription(ownMessages.alreadyMember);
    await expect(card.getByTestId('object-form-errors').locator('li')).toHaveText([ownMessages.alreadyMember]);
    await expect(field).toHaveValue(user.username);
    await expect(errorSnackbar(page)).toHaveCount(0);

    // About no field: the error catalogue's snackbar, in the page.
    await card.getByLabel(ownMessages.roleOf('admin')).selectOption({ label: roleLabel(ROLE.USER) });
    await answerInPage(page, ownMessages.confirmRoleChange('admin', String(team.name), roleLabel(ROLE.ADMIN), roleLabel(ROLE.USER)), ownMessages.confirmRoleChangeLabel);
    await expect(errorSnackbar(page)).toHaveText(ownMessages.lastAdmin);
    expect(dialogs).toEqual([]);
    // The page reads the team again: the role shown is the server's.
    await expect(card.getByLabel(ownMessages.roleOf('admin'))).toHaveValue('3');
  });
});

test('a member who is not an admin sees the team read-only', async ({ page }) => {
  const team = await create(api, 'team', { name: `Team ${token()}` });
  const user = await newUser();
  await create(api, 'role', { team_id: team.id, username: user.username, role_id: 1 });
  const response = await page.request.post('/api/login', {
    headers: CSRF_HEADER,
    data: { username: user.username, password: PASSWORD },
  });
  expect(response.status()).toBe(204);
  const card = await teamCard(page, String(team.name));
  await expect(card.getByText(ownMessages.readOnlyTeam)).toBeVisible();
  await expect(card.getByRole('row', { name: new RegExp(`${user.username}\\s*${roleLabel(ROLE.USER)}`) })).toBeVisible();
  await expect(card.getByRole('combobox')).toHaveCount(0);
  await expect(card.getByRole('button', { name: ownMessages.addMember })).toHaveCount(0);
});
