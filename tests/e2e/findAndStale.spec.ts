/**
 * Issue 13 items 2 and 4 in Chromium: the devices' search box filters the table as the user
 * types, and Enter on a unique ID (as a barcode scanner sends it) opens that device; the 'Last seen' filter shows the devices not seen for more than a day, with how long ago,
 * a status dot and the date on hover, and the CSV export holds the same devices with the names of
 * their team and type. last_seen is written by devices only, so this spec runs a server of its own
 * (ownServer.ts) and sets it in the database between two starts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { openDatabase } from '../../server/db/database';
import { messages, ownMessages } from '../../src/messages';
import { expect, test } from './fixtures';
import { adminTeam, createObject, HEADERS, uniqueName, type Obj } from './objectApi';
import { ADMIN, E2E_PORT } from './settings';
import { signInByApi } from './signIn';
import { input } from './objectScreen';
import { START_TIMEOUT_MS, startServer, stopServer } from './ownServer';

// Clear of the shared server (E2E_PORT) and of deviceFirmwareStatus.spec.ts's (E2E_PORT + 1000).
const PORT = Number(process.env.E2E_STALE_PORT || E2E_PORT + 1002);
const BASE_URL = `http://127.0.0.1:${PORT}`;

test.use({ baseURL: BASE_URL, timezoneId: 'UTC' });
test.describe.configure({ timeout: 120_000 });
/** The console's first page on a machine busy with other suites: its chunks may take a while. */
const LOADED_MS = 60_000;

const HOUR = 3_600_000;
const enGB = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'UTC' });

let dataDir: string;
let server: ChildProcess | undefined;
let team: { id: number; name: string };
let type: Obj;
let labelled: Obj;
let longer: Obj;
/** When each device was last seen, by name (null: never). */
const seen: Record<string, string | null> = {};

test.beforeAll(async () => {
  test.setTimeout(3 * START_TIMEOUT_MS);
  dataDir = mkdtempSync(join(tmpdir(), 'pucs-e2e-stale-'));
  server = await startServer(PORT, dataDir);
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
  expect((await api.post('/api/login', { headers: HEADERS, data: ADMIN })).status()).toBe(204);
  team = await adminTeam(api);
  type = await createObject(api, 'type', { name: uniqueName('Sensor'), team_id: team.id, name_of_uid: 'Serial number' });
  const device = (name: string, uid: string) => createObject(api, 'device', { name, team_id: team.id, type_id: type.id, uid_for_type: uid });
  labelled = await device('Greenhouse probe', 'CS-100227');
  // Its ID begins with Greenhouse probe's: typed on the way to it, that one must not open.
  longer = await device('Longer serial', 'CS-1002270');
  await device('Quiet 26h', 'CS-200001');
  await device('Quiet 3d', 'CS-200002');
  await device('Unboxed', 'CS-300001');
  // The same ID in another type: Enter on it finds two devices and stays on the table.
  const otherType = await createObject(api, 'type', { name: uniqueName('Meter'), team_id: team.id, name_of_uid: 'Serial number' });
  await createObject(api, 'device', { name: 'Twin', team_id: team.id, type_id: otherType.id, uid_for_type: 'CS-200001' });
  await api.dispose();
  await stopServer(server);

  const now = Date.now();
  Object.assign(seen, {
    'Greenhouse probe': new Date(now - 10 * 60_000).toISOString(),
    'Longer serial': new Date(now - 3 * HOUR - 5 * 60_000).toISOString(),
    'Quiet 26h': new Date(now - 26 * HOUR).toISOString(),
    'Quiet 3d': new Date(now - 74 * HOUR).toISOString(),
    Unboxed: null,
    Twin: new Date(now - 20 * 60_000).toISOString(),
  });
  const db = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  try {
    for (const [name, at] of Object.entries(seen)) await db.query('UPDATE device SET last_seen = $2 WHERE name = $1', [name, at]);
  } finally {
    await db.close();
  }
  server = await startServer(PORT, dataDir);
});

test.afterAll(async () => {
  await stopServer(server);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
});

// react-admin names each cell after its field.
const nameCells = (page: Page) => page.locator('#main-content tbody td.column-name');
const lastSeenCell = (page: Page, name: string) => page.locator('#main-content tbody tr', { hasText: name }).locator('td.column-last_seen');

/** The devices table, whatever its search: not a device's page. */
const TABLE_URL = /\/devices(\?.*)?$/;

test('the search box filters as the user types; Enter on a unique ID opens that device, on two or none it stays', async ({ page }) => {
  await page.goto('/devices');
  await expect(nameCells(page)).toHaveCount(6, { timeout: LOADED_MS });
  // The box says what it searches.
  const box = page.getByRole('searchbox', { name: 'Name or unique ID' });

  // The console's questions 'which device has this very ID?'. One asked while typing would open a
  // device by itself a moment later; it would be sent with the search, before the table shows it.
  const lookUps: unknown[] = [];
  page.on('request', (request) => {
    const filter = new URL(request.url()).searchParams.get('filter');
    if (filter?.includes('"uid_for_type"')) lookUps.push(JSON.parse(filter));
  });

  // Typed key by key, 'CS-100227' is Greenhouse probe's whole ID on the way to Longer serial's:
  // the table follows, and nothing opens until Enter.
  await box.pressSequentially('CS-100227');
  await expect(nameCells(page)).toHaveText(['Greenhouse probe', 'Longer serial']);
  await expect(page).toHaveURL(TABLE_URL);
  await box.pressSequentially('0');
  await expect(nameCells(page)).toHaveText(['Longer serial']);
  await expect(page).toHaveURL(TABLE_URL);
  expect(lookUps).toEqual([]);
  await box.press('Enter');
  await expect(page).toHaveURL(`/device_view?id=${longer.id}`, { timeout: LOADED_MS });
  await expect(page.getByRole('heading', { name: messages.viewHeading('device') })).toBeVisible({ timeout: LOADED_MS });
  await expect(input(page, 'Name')).toHaveValue('Longer serial');
  expect(lookUps).toEqual([{ uid_for_type: 'CS-1002270' }]);

  // Back on the table, its search kept; an ID pasted as printed on the label, letter case aside, opens on Enter.
  await page.goBack();
  await expect(nameCells(page)).toHaveText(['Longer serial']);
  await box.fill('cs-100227');
  await box.press('Enter');
  await expect(page).toHaveURL(`/device_view?id=${labelled.id}`, { timeout: LOADED_MS });
  await expect(input(page, 'Name')).toHaveValue('Greenhouse probe');

  // Two devices (two types) have this ID: Enter leaves the user on the table, which lists both.
  await page.goBack();
  await expect(nameCells(page)).toHaveText(['Greenhouse probe', 'Longer serial']);
  await enterAndWaitForLookUp(page, 'CS-200001');
  await expect(nameCells(page)).toHaveText(['Quiet 26h', 'Twin']);
  await expect(page).toHaveURL(TABLE_URL);

  // A part of an ID is no device's: Enter searches, and opens nothing.
  await enterAndWaitForLookUp(page, 'CS-2000');
  await expect(nameCells(page)).toHaveText(['Quiet 26h', 'Quiet 3d', 'Twin']);
  await expect(page).toHaveURL(TABLE_URL);
});

/** Types the text in the search box and presses Enter, until the console has its answer to 'which device has this ID?'. */
async function enterAndWaitForLookUp(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Name or unique ID' });
  await box.fill(text);
  const lookUp = page.waitForResponse((r) => new URL(r.url()).searchParams.get('filter') === JSON.stringify({ uid_for_type: text }));
  await box.press('Enter');
  await (await lookUp).finished();
}

test("'Not seen for more than a day' lists only those, says how long ago, and the export holds the same", async ({ page }) => {
  await page.goto('/devices');
  await expect(nameCells(page)).toHaveCount(6, { timeout: LOADED_MS });
  // Every last seen reads as how long ago, with its status and its date on hover.
  // Seen 10 minutes before the server started: the minutes go on while this runs.
  await expect(lastSeenCell(page, 'Greenhouse probe')).toHaveText(/^[1-5][0-9] min ago$/);
  await expect(lastSeenCell(page, 'Greenhouse probe').getByRole('img', { name: ownMessages.recencyStatus.hour })).toBeVisible();
  await expect(lastSeenCell(page, 'Longer serial')).toHaveText('3 h ago');
  await expect(lastSeenCell(page, 'Longer serial').getByRole('img', { name: ownMessages.recencyStatus.day })).toBeVisible();
  await expect(lastSeenCell(page, 'Unboxed')).toHaveText('never');
  await expect(lastSeenCell(page, 'Unboxed').getByRole('img', { name: ownMessages.recencyStatus.never })).toBeVisible();

  await page.getByLabel('Last seen', { exact: true }).selectOption({ label: ownMessages.recencyFilterLabels.over_day });
  await expect(nameCells(page)).toHaveText(['Quiet 26h', 'Quiet 3d']);
  await expect(lastSeenCell(page, 'Quiet 3d')).toHaveText('3 d ago');
  await expect(lastSeenCell(page, 'Quiet 3d').locator('[title]')).toHaveAttribute('title', enGB.format(new Date(seen['Quiet 3d']!)));
  await expect(lastSeenCell(page, 'Quiet 26h').getByRole('img', { name: ownMessages.recencyStatus.older })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: ownMessages.exportCsv }).click()]);
  const [header, ...lines] = (await readFile((await download.path())!, 'utf8')).trim().split('\r\n').map((line) => line.split(','));
  const cell = (line: string[], column: string) => line[header.indexOf(column)];
  expect(lines.map((line) => cell(line, 'name'))).toEqual(['Quiet 26h', 'Quiet 3d']);
  expect(lines.map((line) => [cell(line, 'team_name'), cell(line, 'type_name')])).toEqual([
    [team.name, type.name],
    [team.name, type.name],
  ]);

  await page.getByLabel('Last seen', { exact: true }).selectOption({ label: ownMessages.recencyFilterLabels.never });
  await expect(nameCells(page)).toHaveText(['Unboxed']);
});
