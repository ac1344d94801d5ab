/**
 * The server out of reach is not an empty fleet (issue 27 item 1): with the server stopped, the
 * devices table keeps its rows and its count and the page says the server cannot be reached; a
 * save says it changed nothing and keeps what was typed; once the server runs again (same data)
 * the notice goes by itself, the waiting search is answered, and the same save goes through.
 * A proxy's 502 in front of the server is the same. The spec stops and starts a server of its own
 * (tests/e2e/ownServer.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as playwrightRequest, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { messages, ownMessages } from '../../src/messages';
import { PROBE_TIMING } from '../../src/dataProvider/reachability';
import { expect, test } from './fixtures';
import { adminTeam, createObject, HEADERS, readObject, type Obj } from './objectApi';
import { ADMIN, E2E_PORT } from './settings';
import { searchInAddress } from './listSearch';
import { signInByApi } from './signIn';
import { START_TIMEOUT_MS, startServer, stopServer } from './ownServer';

// Clear of the shared server (E2E_PORT) and of the other specs' own servers (+1000, +1002, +1005).
const PORT = E2E_PORT + 1004;
const BASE_URL = `http://127.0.0.1:${PORT}`;

test.use({ baseURL: BASE_URL });
test.describe.configure({ timeout: 3 * START_TIMEOUT_MS });

let dataDir: string;
let server: ChildProcess | undefined;
let devices: Obj[];

async function signedInApi(): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const response = await api.post('/api/login', { headers: HEADERS, data: { username: ADMIN.username, password: ADMIN.password } });
  expect(response.status()).toBe(204);
  return api;
}

test.beforeAll(async () => {
  test.setTimeout(3 * START_TIMEOUT_MS);
  dataDir = mkdtempSync(join(tmpdir(), 'pucs-e2e-unreachable-'));
  server = await startServer(PORT, dataDir);
  const api = await signedInApi();
  const team = await adminTeam(api);
  const type = await createObject(api, 'type', { name: 'Pump', team_id: team.id });
  devices = [];
  for (const name of ['Pump north', 'Pump south', 'Pump west']) {
    devices.push(await createObject(api, 'device', { name, team_id: team.id, type_id: type.id, uid_for_type: name }));
  }
  await api.dispose();
});

test.afterAll(async () => {
  await stopServer(server);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const banner = (page: Page) => page.getByTestId('server-unreachable');
const deviceLink = (page: Page, name: string) => page.getByRole('link', { name, exact: true });
const nameInput = (page: Page) => page.getByRole('textbox', { name: 'Name', exact: true });

test('with the server stopped the page says so and keeps its rows and what was typed, then recovers by itself', async ({ page }) => {
  const [north] = devices;
  await signInByApi(page);
  // The device's form was open before (its object is known to the page), then the devices table.
  await page.goto(`/device_edit?id=${north.id}`);
  await expect(nameInput(page)).toHaveValue('Pump north', { timeout: 30_000 });
  await page.getByRole('menuitem', { name: 'Devices' }).click();
  for (const device of devices) await expect(deviceLink(page, device.name)).toBeVisible();
  await expect(page.getByText('1-3 of 3')).toBeVisible();
  await expect(banner(page)).toHaveCount(0);

  await stopServer(server);
  server = undefined;

  // A search the server cannot answer: the page says why, and the table is not emptied.
  await page.getByRole('searchbox', { name: 'Name' }).fill('south');
  await expect.poll(() => searchInAddress(page)).toBe('south');
  await expect(banner(page)).toContainText(ownMessages.serverUnreachable);
  await expect(banner(page)).toContainText(ownMessages.serverUnreachableKept);
  for (const device of devices) await expect(deviceLink(page, device.name)).toBeVisible();
  await expect(page.getByText('1-3 of 3')).toBeVisible();
  await expect(page.getByText(ownMessages.noResults)).toHaveCount(0);
  // Retry asks the server at once; still down, the notice stays.
  const asked = page.waitForEvent('requestfailed', (request) => new URL(request.url()).pathname === '/api/current_user');
  await banner(page).getByRole('button', { name: ownMessages.retry }).click();
  await asked;
  await expect(banner(page)).toBeVisible();

  // The form of the device read before: a save says it changed nothing, and keeps the typed name.
  await deviceLink(page, 'Pump north').click();
  await page.getByRole('button', { name: messages.edit }).click();
  await expect(nameInput(page)).toHaveValue('Pump north');
  await nameInput(page).fill('Pump north renamed');
  await page.getByRole('button', { name: messages.submit }).click();
  await expect(page.getByTestId('page-error')).toHaveText(ownMessages.serverUnreachableNotChanged);
  await expect(page.getByText('Failed to fetch')).toHaveCount(0);
  await expect(nameInput(page)).toHaveValue('Pump north renamed');
  await expect(page).toHaveURL(new RegExp(`/device_edit\\?id=${north.id}$`));
  await expect(banner(page)).toBeVisible();

  // The server runs again on the same data: the notice goes by itself (the page asks at most
  // PROBE_TIMING.maxDelayMs apart), and what was typed is still there.
  server = await startServer(PORT, dataDir);
  await expect(banner(page)).toHaveCount(0, { timeout: 2 * PROBE_TIMING.maxDelayMs + 10_000 });
  await expect(nameInput(page)).toHaveValue('Pump north renamed');

  await page.getByRole('button', { name: messages.submit }).click();
  await expect(page).toHaveURL(new RegExp(`/device_view\\?id=${north.id}$`));
  const api = await signedInApi();
  expect((await readObject(api, 'device', north.id)).name).toBe('Pump north renamed');
  await api.dispose();

  // The table's search that waited for the server has its answer.
  await page.getByRole('menuitem', { name: 'Devices' }).click();
  await page.getByRole('searchbox', { name: 'Name' }).fill('south');
  await expect(deviceLink(page, 'Pump south')).toBeVisible();
  await expect(deviceLink(page, 'Pump west')).toHaveCount(0);
  await expect(page.getByText('1-1 of 1')).toBeVisible();
});

test("a proxy's 502 in front of the server is the server out of reach too, and passes once the server answers", async ({ page }) => {
  await signInByApi(page);
  await page.goto('/devices');
  for (const device of devices.slice(1)) await expect(deviceLink(page, device.name)).toBeVisible({ timeout: 30_000 });

  // A proxy answers for the server: its own page, not the server's JSON.
  const proxyDown = (route: Route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>502 Bad Gateway</body></html>' });
  await page.route('**/api/**', proxyDown);
  await page.getByRole('banner').getByRole('button', { name: 'Refresh' }).click();
  await expect(banner(page)).toContainText(ownMessages.serverUnreachable);
  for (const device of devices.slice(1)) await expect(deviceLink(page, device.name)).toBeVisible();
  await expect(page.getByTestId('page-error')).toHaveCount(0);

  await page.unroute('**/api/**', proxyDown);
  await expect(banner(page)).toHaveCount(0, { timeout: 2 * PROBE_TIMING.maxDelayMs + 10_000 });
  for (const device of devices.slice(1)) await expect(deviceLink(page, device.name)).toBeVisible();
});
