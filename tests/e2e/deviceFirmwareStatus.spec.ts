/**
 * A device's reported firmware state in the console (issue 7, item 5): the firmware status icon
 * in its three states on the device form, the firmware update history newest first, last seen,
 * and the devices table's optional status column.
 *
 * current_firmware_id, firmware_history and last_seen are set by devices, and the console's API
 * refuses them (system fields). Until the device API exists (issue 10, which will replace the
 * direct write below), the only honest way to reach that state is the real database: this spec
 * runs a server of its own (own data directory and port), creates the objects through the API,
 * stops the server, writes the device-reported fields with server/db/database.ts, starts the
 * server again on the same data, and drives Chromium against it.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { openDatabase } from '../../server/db/database';
import { messages, ownMessages } from '../../src/messages';
import { expect, test } from './fixtures';
import { adminTeam, createObject, HEADERS, uniqueName, type Obj } from './objectApi';
import { ADMIN, E2E_PORT } from './settings';
import { signInByApi } from './signIn';
import { START_TIMEOUT_MS, startServer, stopServer } from './ownServer';

// Clear of the ports of the shared server (E2E_PORT) and of other suites run side by side.
const PORT = Number(process.env.E2E_STATE_PORT || E2E_PORT + 1000);
const BASE_URL = `http://127.0.0.1:${PORT}`;

// Dates in the browser and in the expected texts are read in one time zone.
test.use({ baseURL: BASE_URL, timezoneId: 'UTC' });
test.describe.configure({ timeout: 60_000 });

const enGB = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'UTC' });
const HOUR = 3_600_000;

let dataDir: string;
let server: ChildProcess | undefined;
let firmwareA: Obj;
let firmwareB: Obj;
/** No target, no current firmware, never seen, no history. */
let bare: Obj;
/** Target B, runs A, seen 3 hours ago, with a history stored out of order. */
let pending: Obj;
/** Target B, runs B, seen 2 days ago. */
let upToDate: Obj;
let pendingSeen: string;
let upToDateSeen: string;

const history = () => [
  { date: '2025-02-01T09:30:00Z', firmware_id: firmwareB.id },
  { date: '2025-06-01T08:00:00Z', firmware_id: firmwareA.id },
  { date: '2024-01-10T07:15:00Z', firmware_id: firmwareB.id },
];

async function signedInApi(): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const response = await api.post('/api/login', { headers: HEADERS, data: { username: ADMIN.username, password: ADMIN.password } });
  expect(response.status()).toBe(204);
  return api;
}

/** What a device reports, written where the server keeps it (issue 10's device API will do this instead). */
async function writeDeviceReports(rows: { id: number; current: number | null; history: unknown[]; lastSeen: string | null }[]) {
  const db = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  try {
    for (const row of rows) {
      await db.query('UPDATE device SET current_firmware_id = $2, firmware_history = $3::jsonb, last_seen = $4 WHERE id = $1', [
        row.id,
        row.current,
        JSON.stringify(row.history),
        row.lastSeen,
      ]);
    }
  } finally {
    await db.close();
  }
}

test.beforeAll(async () => {
  test.setTimeout(3 * START_TIMEOUT_MS);
  dataDir = mkdtempSync(join(tmpdir(), 'pucs-e2e-status-'));
  server = await startServer(PORT, dataDir);
  const api = await signedInApi();
  const team = await adminTeam(api);
  const type = await createObject(api, 'type', { name: uniqueName('status type'), team_id: team.id, name_of_uid: 'Serial number' });
  const firmware = (version: string) => createObject(api, 'firmware', { name: 'Core', team_id: team.id, type_id: type.id, version });
  firmwareA = await firmware('1.0.0');
  firmwareB = await firmware('2.0.0');
  const device = (name: string, target: Obj | null) =>
    createObject(api, 'device', { name, team_id: team.id, type_id: type.id, uid_for_type: name, target_firmware_id: target?.id ?? null });
  bare = await device('Bare', null);
  pending = await device('Pending', firmwareB);
  upToDate = await device('Current', firmwareB);
  await api.dispose();
  await stopServer(server);

  const now = Date.now();
  pendingSeen = new Date(now - 3 * HOUR - 10 * 60_000).toISOString();
  upToDateSeen = new Date(now - 49 * HOUR).toISOString();
  await writeDeviceReports([
    { id: pending.id, current: firmwareA.id, history: history(), lastSeen: pendingSeen },
    { id: upToDate.id, current: firmwareB.id, history: [], lastSeen: upToDateSeen },
  ]);
  server = await startServer(PORT, dataDir);
});

test.afterAll(async () => {
  await stopServer(server);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
});

const block = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

/** The status icon by its accessible name, and the same words in its tooltip. */
async function expectStatus(page: Page, words: string) {
  const icon = block(page, 'Current firmware').getByRole('img', { name: words, exact: true });
  await expect(icon).toBeVisible();
  await icon.hover();
  await expect(page.getByRole('tooltip')).toHaveText(words);
}

test('the device form shows the firmware status icon in its three states, with the current firmware linked', async ({ page }) => {
  await page.goto(`/device_view?id=${bare.id}`);
  await expectStatus(page, ownMessages.firmwareStatusNone);
  await expect(block(page, 'Current firmware')).toContainText(ownMessages.noCurrentFirmware);

  await page.goto(`/device_view?id=${pending.id}`);
  await expectStatus(page, ownMessages.firmwareStatusPending);
  const current = block(page, 'Current firmware').getByRole('link', { name: messages.firmwareOption('Core', '1.0.0'), exact: true });
  await expect(current).toHaveAttribute('href', `/firmware_view?id=${firmwareA.id}`);

  await page.goto(`/device_view?id=${upToDate.id}`);
  await expectStatus(page, ownMessages.firmwareStatusOk);
  await block(page, 'Current firmware').getByRole('link', { name: messages.firmwareOption('Core', '2.0.0'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/firmware_view\\?id=${firmwareB.id}$`));
});

test('the device form lists the firmware update history newest first and when the device was last seen', async ({ page }) => {
  await page.goto(`/device_view?id=${pending.id}`);
  const items = block(page, 'Firmware update history').getByRole('listitem');
  await expect(items).toHaveText([
    `${enGB.format(new Date('2025-06-01T08:00:00Z'))} — Core (1.0.0)`,
    `${enGB.format(new Date('2025-02-01T09:30:00Z'))} — Core (2.0.0)`,
    `${enGB.format(new Date('2024-01-10T07:15:00Z'))} — Core (2.0.0)`,
  ]);
  await expect(items.first()).toHaveText(/^01\/06\/2025, 08:00:00 — /);
  await expect(block(page, 'Last seen')).toContainText(ownMessages.lastSeenAt(enGB.format(new Date(pendingSeen)), '3 hours ago'));

  // The same in edit mode, read-only: the device reports them.
  await page.goto(`/device_edit?id=${pending.id}`);
  await expect(block(page, 'Firmware update history').getByRole('listitem')).toHaveCount(3);
  await expect(block(page, 'Last seen').getByRole('textbox')).toHaveCount(0);

  await page.goto(`/device_view?id=${upToDate.id}`);
  await expect(block(page, 'Firmware update history')).toContainText(ownMessages.noFirmwareHistory);
  await expect(block(page, 'Last seen')).toContainText(ownMessages.lastSeenAt(enGB.format(new Date(upToDateSeen)), '2 days ago'));

  await page.goto(`/device_view?id=${bare.id}`);
  await expect(block(page, 'Last seen')).toContainText(ownMessages.neverSeen);
});

test('the devices table shows the firmware status column once the user asks for it', async ({ page }) => {
  await page.goto('/devices');
  const headers = page.locator('thead th');
  await expect(headers.filter({ hasText: 'Name' })).toHaveCount(1);
  await expect(headers.filter({ hasText: ownMessages.firmwareStatus })).toHaveCount(0);

  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('switch', { name: ownMessages.firmwareStatus }).check();
  await page.keyboard.press('Escape');
  await expect(headers.filter({ hasText: ownMessages.firmwareStatus })).toHaveCount(1);

  const row = (name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(row('Bare').getByRole('img', { name: ownMessages.firmwareStatusNone })).toBeVisible();
  await expect(row('Pending').getByRole('img', { name: ownMessages.firmwareStatusPending })).toBeVisible();
  await expect(row('Current').getByRole('img', { name: ownMessages.firmwareStatusOk })).toBeVisible();

  // The choice is kept: the column is still there when the user comes back.
  await page.reload();
  await expect(row('Pending').getByRole('img', { name: ownMessages.firmwareStatusPending })).toBeVisible();
});
