/**
 * The home page's updates with real data (issue 30 item 4): devices of a team of the user's own report
 * through the real device API that they download, install, or failed an update; Home counts them, and
 * 'Updating now' opens the devices table filtered by those states, the filter saying which.
 */
import { createPrivateKey } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { signDeviceJwt } from '../../server/simulator/deviceClient';
import { device as deviceCategory } from '../../src/schemas/device';
import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { appTitle, signInByApi } from './signIn';
import { createMember, createObject, HEADERS, signInAs, uniqueName, type Obj } from './objectApi';

/** The device reports how its update of `firmware` goes, signed with its own key. */
async function reports(request: APIRequestContext, device: Obj, firmware: Obj, state: string): Promise<void> {
  const key = createPrivateKey(await (await request.get(`/api/download/private_key/${device.id}`, { headers: HEADERS })).text());
  const res = await request.post('/device-api/v1/checkin', {
    headers: { authorization: `Bearer ${signDeviceJwt(device.id, key)}` },
    data: { update: { firmware_id: firmware.id, state } },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test("Home counts the fleet's updates under way and failed, and opens the table filtered by them", async ({ page }) => {
  await signInByApi(page);
  const request = page.request;
  const team = await createObject(request, 'team', { name: uniqueName('upd team') });
  const type = await createObject(request, 'type', { name: uniqueName('upd type'), team_id: team.id });
  const firmware = await createObject(request, 'firmware', { name: uniqueName('updfw'), version: '2.0.0', team_id: team.id, type_id: type.id });
  const devices: Record<string, Obj> = {};
  for (const state of ['downloading', 'installing', 'failed']) {
    const name = uniqueName(`upd ${state}`);
    devices[state] = await createObject(request, 'device', { name, uid_for_type: `${name}-uid`, team_id: team.id, type_id: type.id, target_firmware_id: firmware.id });
    await reports(request, devices[state], firmware, state);
  }
  const member = await createMember(request, team.id);
  expect((await request.post('/api/logout', { headers: HEADERS })).status()).toBe(204);
  await signInAs(page, member);

  await page.goto('/');
  await expect(appTitle(page)).toHaveText(messages.home);
  const card = page.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name: ownMessages.dashboardUpdates }) });
  const figure = (label: string) => card.getByRole('link', { name: label }).locator('xpath=preceding-sibling::*[1]');
  await expect(figure(ownMessages.dashboardUpdatingNow)).toHaveText('2');
  await expect(figure(ownMessages.dashboardFailedUpdates)).toHaveText('1');
  await expect(card.getByText(ownMessages.dashboardNoRollouts)).toBeVisible();

  await card.getByRole('link', { name: ownMessages.dashboardUpdatingNow }).click();
  await expect(appTitle(page)).toHaveText('Devices');
  await expect(page.getByRole('cell', { name: devices.downloading.name, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: devices.installing.name, exact: true })).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(2);
  const labels = ownMessages.updateStateLabels;
  const filter = page.getByRole('combobox', { name: deviceCategory.fields.update_state.label, exact: true });
  await expect(filter.locator('option:checked')).toHaveText(ownMessages.severalFilterValues([labels.downloading, labels.installing]));
});
