/**
 * Issue 27 item 5: leaving a changed form asks whatever the way out, the browser's Back and
 * Forward buttons included, with the same in-page question as the menu (the fixture fails a test
 * on any browser box). Staying keeps what was typed on the same address; leaving drops it. The
 * form's own ways out (Cancel, a successful save) ask nothing, and the page they lead to leaves
 * no mark that would let a later Back or Forward through unasked.
 */
import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { signInByApi } from './signIn';
import { adminTeamWithType, createObject, readObject, uniqueName, type Obj } from './objectApi';
import { answerInPage, button, inPageDialog, input } from './objectScreen';
import type { Page } from '@playwright/test';

let team: { id: number; name: string };
let type: Obj;

test.beforeAll(async ({ browser }) => {
  ({ team, type } = await adminTeamWithType(browser, 'history'));
});

test.beforeEach(async ({ page }) => {
  // Each test walks the form several times with the server: generous on a busy machine.
  test.setTimeout(90_000);
  await signInByApi(page);
});

const SAVED = 'as saved';
const TYPED = 'typed, not saved';

const deviceWithNotes = (page: Page, prefix: string) =>
  createObject(page.request, 'device', { name: uniqueName(prefix), team_id: team.id, type_id: type.id, uid_for_type: uniqueName('uid'), notes: SAVED });

const viewUrl = (id: number) => new RegExp(`/device_view\\?id=${id}$`);
const editUrl = (id: number) => new RegExp(`/device_edit\\?id=${id}$`);

/** The screen shows (not only the address says) the view, or the edit form, of the device, and asks nothing. */
async function expectScreen(page: Page, mode: 'view' | 'edit', id: number): Promise<void> {
  await expect(page).toHaveURL(mode === 'view' ? viewUrl(id) : editUrl(id));
  const heading = mode === 'view' ? messages.viewHeading('device') : messages.editHeading('device');
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  await expect(inPageDialog(page)).toHaveCount(0);
}

/** View, Edit, Cancel: the form's own way out asks nothing and leaves a view behind in the history. */
async function editThenCancel(page: Page, id: number): Promise<void> {
  await page.goto(`/device_view?id=${id}`);
  await button(page, messages.edit).click();
  await expectScreen(page, 'edit', id);
  await button(page, messages.cancel).click();
  await expectScreen(page, 'view', id);
}

test('Back from a changed form asks in the page: staying keeps what was typed, leaving drops it', async ({ page, dialogs }) => {
  const device = await deviceWithNotes(page, 'Back');
  await editThenCancel(page, device.id);
  await button(page, messages.edit).click();
  await input(page, 'Notes').fill(TYPED);

  await page.goBack();
  await answerInPage(page, ownMessages.unsavedChanges, messages.cancel);
  await expect(page).toHaveURL(editUrl(device.id));
  await expect(input(page, 'Notes')).toHaveValue(TYPED);

  await page.goBack();
  await answerInPage(page, ownMessages.unsavedChanges, ownMessages.leaveForm);
  await expectScreen(page, 'view', device.id);
  await expect(input(page, 'Notes')).toHaveValue(SAVED);
  expect((await readObject(page.request, 'device', device.id)).notes).toBe(SAVED);
  expect(dialogs).toEqual([]);
});

test('Forward from a changed form asks the same', async ({ page, dialogs }) => {
  const device = await deviceWithNotes(page, 'Forward');
  await editThenCancel(page, device.id);
  // Back to the form, which is unchanged: nothing to ask.
  await page.goBack();
  await expectScreen(page, 'edit', device.id);
  await input(page, 'Notes').fill(TYPED);

  await page.goForward();
  await answerInPage(page, ownMessages.unsavedChanges, messages.cancel);
  await expect(page).toHaveURL(editUrl(device.id));
  await expect(input(page, 'Notes')).toHaveValue(TYPED);

  await page.goForward();
  await answerInPage(page, ownMessages.unsavedChanges, ownMessages.leaveForm);
  await expectScreen(page, 'view', device.id);
  await expect(input(page, 'Notes')).toHaveValue(SAVED);
  expect((await readObject(page.request, 'device', device.id)).notes).toBe(SAVED);
  expect(dialogs).toEqual([]);
});

test('a saved form asks nothing, nor does Back through it afterwards', async ({ page, dialogs }) => {
  const device = await deviceWithNotes(page, 'Saved');
  await page.goto(`/device_view?id=${device.id}`);
  await button(page, messages.edit).click();
  await input(page, 'Notes').fill('saved again');
  await button(page, messages.submit).click();
  await expectScreen(page, 'view', device.id);
  await expect(input(page, 'Notes')).toHaveValue('saved again');

  await page.goBack();
  await expectScreen(page, 'edit', device.id);
  await expect(input(page, 'Notes')).toHaveValue('saved again');
  await page.goBack();
  await expectScreen(page, 'view', device.id);
  expect((await readObject(page.request, 'device', device.id)).notes).toBe('saved again');
  expect(dialogs).toEqual([]);
});
