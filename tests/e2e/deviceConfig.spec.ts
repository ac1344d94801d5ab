/**
 * A device's configuration in Chromium against the real server, with the device's side spoken
 * through the device API (server/simulator/deviceClient.ts, signed with the key the console
 * downloads): a configuration edited on the form waits, the device applies it and it is
 * synchronized; then local changes of the device make conflicts, resolved with the key-by-key
 * view, with the device's configuration and with the product's; on the view page too, each choice
 * saved at once and the state shown without Refresh (issue 27).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { checkin, signDeviceJwt, type CheckinReport } from '../../server/simulator/deviceClient';
import { adminTeam, HEADERS } from './objectApi';
import { E2E_PORT } from './settings';
import { signInByApi } from './signIn';
import { createDevice, createType, read, type Obj } from './typeGroupApi';

const labels = ownMessages.configStateLabels;
const baseUrl = `http://127.0.0.1:${E2E_PORT}`;

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
});

async function deviceReports(id: number, key: string, report: CheckinReport) {
  const answer = await checkin(baseUrl, signDeviceJwt(id, key), report);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer;
}

/** A product change made through the API (what the form's save does), waiting to be sent. */
async function productConfig(request: APIRequestContext, device: Obj, config: unknown): Promise<number> {
  const made = await request.post('/api/config', { headers: HEADERS, data: { config: JSON.stringify(config), team_id: device.team_id } });
  expect(made.status()).toBeLessThan(300);
  const { id } = (await made.json()) as { id: number };
  expect((await request.put(`/api/device/${device.id}`, { headers: HEADERS, data: { config_id: id } })).status()).toBe(200);
  return id;
}

const chip = (page: Page) => page.getByTestId('config-sync-state');
const editor = (page: Page) => page.getByRole('textbox', { name: 'Configuration' });
const submit = async (page: Page) => {
  await page.getByRole('button', { name: messages.submit }).click();
  await expect(page.getByRole('heading', { name: messages.viewHeading('device') })).toBeVisible();
};

test('a configuration edited on the form waits, is synchronized by the device, and conflicts are resolved', async ({ page }) => {
  // One device's whole story, told once: three saves and seven check-ins.
  test.setTimeout(120_000);
  const request = page.request;
  const team = await adminTeam(request);
  const device = await createDevice(request, await createType(request, team.id));
  const keyAnswer = await request.get(`/api/download/private_key/${device.id}`);
  expect(keyAnswer.status()).toBe(200);
  const key = await keyAnswer.text();

  // Edited on the form: waiting to be sent; the device's next check-in carries it and its report synchronizes it.
  await page.goto(`/device_edit?id=${device.id}`);
  await editor(page).fill('{"interval": 60, "mode": "eco"}');
  await expect(chip(page)).toHaveText(labels.waiting_to_be_send);
  await submit(page);
  await expect(chip(page)).toHaveText(labels.waiting_to_be_send);
  const pushed = (await deviceReports(device.id, key, {})).body as { config: { id: number; config: unknown } };
  expect(pushed.config.config).toEqual({ interval: 60, mode: 'eco' });
  await deviceReports(device.id, key, { config_id: pushed.config.id, config: pushed.config.config });
  await page.reload();
  await expect(chip(page)).toHaveText(labels.synchronized);

  // Conflict 1: the product changes the interval, the device the mode; merged key by key.
  await productConfig(request, device, { interval: 30, mode: 'eco' });
  await deviceReports(device.id, key, { config_id: pushed.config.id, config: { interval: 60, mode: 'turbo' } });
  await page.goto(`/device_edit?id=${device.id}`);
  await expect(page.getByText(messages.conflict)).toBeVisible();
  await expect(page.getByLabel(ownMessages.deviceLastConfig)).toHaveText(JSON.stringify({ interval: 60, mode: 'turbo' }, null, 2));
  const table = page.getByRole('table', { name: ownMessages.compareByKey });
  await expect(table.getByRole('row', { name: /^mode/ }).getByRole('cell')).toHaveText(['mode', '"eco"', '"eco"', '"turbo"', /Product/]);
  await page.getByRole('button', { name: ownMessages.useChosenValues }).click();
  await expect(page.getByText(messages.conflictResolved)).toBeVisible();
  await expect(editor(page)).toHaveValue(JSON.stringify({ interval: 30, mode: 'turbo' }, null, 2));
  await submit(page);
  await expect(chip(page)).toHaveText(labels.waiting_to_be_send);

  // Conflict 2: resolved with the device's configuration, synchronized.
  await deviceReports(device.id, key, { config: { interval: 5 } });
  await page.goto(`/device_edit?id=${device.id}`);
  await page.getByRole('button', { name: ownMessages.useDeviceConfig }).click();
  await expect(page.getByText(messages.conflictResolved)).toBeVisible();
  await expect(chip(page)).toHaveText(labels.synchronized);
  await submit(page);
  await expect(chip(page)).toHaveText(labels.synchronized);
  await expect(editor(page)).toHaveValue(JSON.stringify({ interval: 5 }, null, 2));

  // Conflict 3: resolved with the product's configuration, waiting to be sent again.
  const product = await productConfig(request, device, { interval: 15 });
  await deviceReports(device.id, key, { config: { interval: 1 } });
  await page.goto(`/device_edit?id=${device.id}`);
  await page.getByRole('button', { name: ownMessages.useProductConfig }).click();
  await expect(chip(page)).toHaveText(labels.waiting_to_be_send);
  await submit(page);
  expect(await read(request, 'device', device.id)).toMatchObject({ config_id: product, config_state: 'waiting_to_be_send' });
});

test('a conflict is resolved from the view page: the summary points to it, the choice is saved and the state follows without Refresh', async ({ page }) => {
  const request = page.request;
  const team = await adminTeam(request);
  const device = await createDevice(request, await createType(request, team.id));
  const key = await (await request.get(`/api/download/private_key/${device.id}`)).text();
  // Synchronized once, then the product and the device change it differently.
  await productConfig(request, device, { interval: 60 });
  const pushed = (await deviceReports(device.id, key, {})).body as { config: { id: number; config: unknown } };
  await deviceReports(device.id, key, { config_id: pushed.config.id, config: pushed.config.config });
  await productConfig(request, device, { interval: 15 });
  await deviceReports(device.id, key, { config_id: pushed.config.id, config: { interval: 1 } });

  await page.goto(`/device_view?id=${device.id}`);
  const summaryState = page.getByTestId('summary-config-state');
  await expect(summaryState).toHaveText(labels.conflict);
  await page.getByRole('link', { name: ownMessages.resolveConflict }).click();
  await expect(page.getByText(messages.conflict)).toBeInViewport();

  await page.getByRole('button', { name: ownMessages.useDeviceConfig }).click();
  await expect(page.getByText(ownMessages.conflictResolvedSaved)).toBeVisible();
  await expect(summaryState).toHaveText(labels.synchronized);
  await expect(chip(page)).toHaveText(labels.synchronized);
  await expect(page.getByText(messages.conflict)).toHaveCount(0);
  await expect(editor(page)).toHaveValue(JSON.stringify({ interval: 1 }, null, 2));
  // Nothing to submit: the view page stayed, and the server holds the choice.
  await expect(page.getByRole('heading', { name: messages.viewHeading('device') })).toBeVisible();
  const synced = await read(request, 'device', device.id);
  expect(synced).toMatchObject({ config_state: 'synchronized' });

  // Again in conflict: the keys chosen one by one make a new product configuration, saved at once, waiting to be sent.
  await productConfig(request, device, { interval: 20 });
  await deviceReports(device.id, key, { config_id: synced!.config_id as number, config: { interval: 1, mode: 'turbo' } });
  await page.reload();
  await expect(summaryState).toHaveText(labels.conflict);
  await page.getByRole('button', { name: ownMessages.useChosenValues }).click();
  await expect(summaryState).toHaveText(labels.waiting_to_be_send);
  await expect(editor(page)).toHaveValue(JSON.stringify({ interval: 20, mode: 'turbo' }, null, 2));
  expect(await read(request, 'device', device.id)).toMatchObject({ config_state: 'waiting_to_be_send' });
});
