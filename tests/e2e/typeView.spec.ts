/** The type's view page lists its firmwares, groups and devices, each linking to its view page. */
import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { signInByApi } from './signIn';
import { adminTeamId, create, createDevice, createType, uniqueName } from './typeGroupApi';

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
});

test("the view lists the type's firmwares, groups and devices with links", async ({ page }) => {
  const team = await adminTeamId(page.request);
  const type = await createType(page.request, team);
  const firmware = await create(page.request, 'firmware', { name: uniqueName('e2e fw'), team_id: team, type_id: type.id, version: '2.1.0' });
  const group = await create(page.request, 'devices_group', { name: uniqueName('e2e group'), team_id: team, type_id: type.id });
  const device = await createDevice(page.request, type, { group_id: group.id });

  await page.goto(`/type_view?id=${type.id}`);
  const firmwares = page.getByRole('region', { name: 'Firmwares' });
  await expect(firmwares.getByRole('link', { name: messages.firmwareOption(firmware.name, '2.1.0') })).toHaveAttribute(
    'href',
    `/firmware_view?id=${firmware.id}`,
  );
  await expect(page.getByRole('region', { name: 'Groups' }).getByRole('link', { name: group.name })).toHaveAttribute(
    'href',
    `/group_view?id=${group.id}`,
  );
  await page.getByRole('region', { name: 'Devices' }).getByRole('link', { name: device.name }).click();
  await expect(page).toHaveURL(new RegExp(`/device_view\\?id=${device.id}$`));
});

test('an empty type says None in each list, and the lists are not shown while editing', async ({ page }) => {
  const type = await createType(page.request, await adminTeamId(page.request));
  await page.goto(`/type_view?id=${type.id}`);
  await expect(page.getByTestId('reverse-lists').getByText(ownMessages.noObjects)).toHaveCount(3);
  await page.goto(`/type_edit?id=${type.id}`);
  await expect(page.getByRole('textbox', { name: /Name of a unique ID by type/ })).toBeVisible();
  await expect(page.getByTestId('reverse-lists')).toHaveCount(0);
});
