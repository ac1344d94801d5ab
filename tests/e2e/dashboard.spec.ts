/**
 * The home page's charts with real data: a member of a team of their own sees that team's devices
 * per type and firmware, their last-seen and sync figures, and a state's count opens the devices
 * table filtered by it.
 */
import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { appTitle, signInByApi } from './signIn';
import { createMember, createObject, HEADERS, signInAs, uniqueName } from './objectApi';

test("Home draws the charts of the user's fleet", async ({ page }) => {
  await signInByApi(page);
  const request = page.request;
  const team = await createObject(request, 'team', { name: uniqueName('dash team') });
  const type = await createObject(request, 'type', { name: uniqueName('dash type'), team_id: team.id });
  const firmware = await createObject(request, 'firmware', { name: uniqueName('dashfw'), version: '1.0.0', team_id: team.id, type_id: type.id });
  const device = (extra: Record<string, unknown>) => {
    const name = uniqueName('dash device');
    return createObject(request, 'device', { name, uid_for_type: `${name}-uid`, team_id: team.id, type_id: type.id, ...extra });
  };
  const config = await createObject(request, 'config', { config: '{"interval": 60}', team_id: team.id });
  const waiting = await device({ target_firmware_id: firmware.id, config_id: config.id });
  await device({});
  const member = await createMember(request, team.id);
  expect((await request.post('/api/logout', { headers: HEADERS })).status()).toBe(204);
  await signInAs(page, member);

  await page.goto('/');
  await expect(appTitle(page)).toHaveText(messages.home);
  const perType = page.getByRole('img', { name: `${ownMessages.dashboardDevicesPerType}: ${type.name} 2` });
  await expect(perType.locator('.MuiBarElement-root')).toHaveCount(1);
  const fw = messages.firmwareOption(firmware.name, '1.0.0');
  const inField = page.getByRole('img', {
    name: `${ownMessages.dashboardFirmwareInField} (${type.name}): ${fw}: current 0, target 1, ${ownMessages.dashboardNoFirmware}: current 2, target 1`,
  });
  await expect(inField.locator('.MuiBarElement-root')).toHaveCount(4);
  await expect(page.getByText(ownMessages.dashboardNeverSeen).locator('xpath=preceding-sibling::*[1]')).toHaveText('2');

  await page.getByRole('link', { name: `${ownMessages.configStateLabels.waiting_to_be_send} 1` }).click();
  await expect(appTitle(page)).toHaveText('Devices');
  await expect(page.getByRole('cell', { name: waiting.name, exact: true })).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(1);
});
