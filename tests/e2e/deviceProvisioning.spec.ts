/**
 * A device's provisioning in Chromium against the real server: the type's provisioning schema
 * makes it an @rjsf form, locked in edit mode until the user confirms and clicks 'Allow editing'
 * (spec sections 2 and 4); saved values are shown in view mode; none shows the spec's text; a
 * new device saved without touching the form has none, whatever the schema requires; a device
 * moved to another type has its provisioning checked against that type's schema at once.
 */
import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { signInByApi } from './signIn';
import { adminTeam } from './objectApi';
import { button, errorList, input, viewedId } from './objectScreen';
import { adminTeamId, createDevice, createType, read, uniqueName } from './typeGroupApi';

const schema = {
  type: 'object',
  properties: { ssid: { type: 'string', title: 'SSID' }, channel: { type: 'integer', title: 'Channel', maximum: 13 } },
};

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
});

test('the provisioning form is locked until allowed, then edited, saved and shown', async ({ page }) => {
  const type = await createType(page.request, await adminTeamId(page.request), { provisioning_schema: schema });
  const device = await createDevice(page.request, type);

  await page.goto(`/device_view?id=${device.id}`);
  await expect(page.getByText(messages.provisioningNotProvided)).toBeVisible();

  await page.goto(`/device_edit?id=${device.id}`);
  const ssid = page.getByLabel('SSID');
  await expect(ssid).not.toBeEditable();
  const allow = page.getByRole('button', { name: messages.allowEditing });
  await expect(allow).toBeDisabled();
  await page.getByLabel(ownMessages.provisioningLockConfirm).check();
  await allow.click();
  await expect(page.getByText(messages.provisioningAuthorised)).toBeVisible();
  await ssid.fill('plant-floor');
  await page.getByLabel('Channel').fill('40');
  await expect(page.getByTestId('schema-form-provisioning').getByText('must be <= 13')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: "The field 'Provisioning' does not match its schema: /channel must be <= 13." })).toBeVisible();
  await page.getByLabel('Channel').fill('6');
  await page.getByRole('button', { name: messages.submit }).click();

  await expect(page).toHaveURL(new RegExp(`/device_view\\?id=${device.id}$`));
  await expect(page.getByLabel('SSID')).toHaveValue('plant-floor');
  await expect(page.getByLabel('Channel')).toHaveValue('6');
  expect((await read(page.request, 'device', device.id))?.provisioning).toEqual({ ssid: 'plant-floor', channel: 6 });
});

test('a new device of a type whose provisioning schema requires a property is saved without provisioning', async ({ page }) => {
  const team = await adminTeam(page.request);
  const requiring = { type: 'object', properties: { ssid: { type: 'string', title: 'SSID' } }, required: ['ssid'] };
  const type = await createType(page.request, team.id, { provisioning_schema: requiring, name_of_uid: 'Serial number' });
  await page.goto('/device_new');
  await input(page, 'Team').selectOption({ label: team.name });
  await input(page, 'Type').selectOption({ label: type.name });
  await expect(page.getByTestId('schema-form-provisioning').getByLabel(/SSID/)).toBeVisible();
  await input(page, 'Serial number').fill(uniqueName('uid'));
  await button(page, messages.submit).click();

  await expect(page).toHaveURL(/\/device_view\?id=\d+$/);
  await expect(page.getByText(messages.provisioningNotProvided)).toBeVisible();
  expect((await read(page.request, 'device', viewedId(page)))?.provisioning).toBeNull();
});

test("moving a device to another type checks its provisioning against that type's schema before Submit", async ({ page }) => {
  const teamId = await adminTeamId(page.request);
  const free = await createType(page.request, teamId);
  const strict = await createType(page.request, teamId, { provisioning_schema: schema });
  const device = await createDevice(page.request, free, { provisioning: { ssid: 'a', channel: 40 } });
  const mismatch = "The field 'Provisioning' does not match its schema: /channel must be <= 13.";

  await page.goto(`/device_edit?id=${device.id}`);
  await input(page, 'Type').selectOption({ label: strict.name });
  await expect(errorList(page).getByText(mismatch)).toBeVisible();
  await input(page, 'Type').selectOption({ label: free.name });
  await expect(errorList(page)).toHaveCount(0);
});

test("a type's provisioning schema is edited as JSON and must be a JSON Schema", async ({ page }) => {
  const type = await createType(page.request, await adminTeamId(page.request));
  await page.goto(`/type_edit?id=${type.id}`);
  const text = page.getByRole('textbox', { name: 'Provisioning schema' });
  await text.fill('{"type": "sometimes"}');
  await page.getByRole('button', { name: messages.submit }).click();
  await expect(page.getByText(/The field 'Provisioning schema' is not a valid JSON Schema/).first()).toBeVisible();
  await text.fill(JSON.stringify(schema));
  await page.getByRole('button', { name: messages.submit }).click();
  await expect(page).toHaveURL(new RegExp(`/type_view\\?id=${type.id}$`));
  expect((await read(page.request, 'type', type.id))?.provisioning_schema).toEqual(schema);
});
