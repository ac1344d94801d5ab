/**
 * A device's provisioning in Chromium against the real server: the type's provisioning schema
 * makes it an @rjsf form, locked in edit mode until the user confirms and clicks 'Allow editing'
 * (spec sections 2 and 4); saved values are shown in view mode; none shows the spec's text.
 */
import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { signInByApi } from './signIn';
import { adminTeamId, createDevice, createType, read } from './typeGroupApi';

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
