/**
 * Issue 31 item 3 in Chromium: an object stored before a rule was tightened (here a name longer than
 * the name's maxLength, written in the database between two starts, as an older schema allowed)
 * opens on its edit screen with the problem on that field at once, so the user sees what to fix,
 * fixes it and saves. Runs a server of its own (ownServer.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { request as playwrightRequest } from '@playwright/test';
import { openDatabase } from '../../server/db/database';
import { device as deviceCategory } from '../../src/schemas/device';
import { messages, ownMessages } from '../../src/messages';
import { expect, test } from './fixtures';
import { adminTeam, createObject, HEADERS, readObject, uniqueName, type Obj } from './objectApi';
import { ADMIN, E2E_PORT } from './settings';
import { signInByApi } from './signIn';
import { button, input } from './objectScreen';
import { START_TIMEOUT_MS, startServer, stopServer } from './ownServer';

// Clear of the shared server and of the other specs' own servers (E2E_PORT + 1000 to + 1005).
const PORT = E2E_PORT + 1006;
const BASE_URL = `http://127.0.0.1:${PORT}`;
const LOADED_MS = 60_000;
const MAX = deviceCategory.fields.name.maxLength as number;
const STORED = 'x'.repeat(MAX + 50);

test.use({ baseURL: BASE_URL });
test.describe.configure({ timeout: 120_000 });

let dataDir: string;
let server: ChildProcess | undefined;
let device: Obj;

test.beforeAll(async () => {
  test.setTimeout(3 * START_TIMEOUT_MS);
  dataDir = mkdtempSync(join(tmpdir(), 'pucs-e2e-tightened-'));
  server = await startServer(PORT, dataDir);
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
  expect((await api.post('/api/login', { headers: HEADERS, data: ADMIN })).status()).toBe(204);
  const team = await adminTeam(api);
  const type = await createObject(api, 'type', { name: uniqueName('Tightened type'), team_id: team.id });
  device = await createObject(api, 'device', { name: 'Stored before the rule', team_id: team.id, type_id: type.id, uid_for_type: 'TIGHT-1' });
  await api.dispose();
  await stopServer(server);
  const db = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  try {
    await db.query('UPDATE device SET name = $2 WHERE id = $1', [device.id, STORED]);
  } finally {
    await db.close();
  }
  server = await startServer(PORT, dataDir);
});

test.afterAll(async () => {
  await stopServer(server);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('the edit screen shows the stored value breaking a tightened rule on its field as it opens; fixed, it saves', async ({ page }) => {
  expect(typeof deviceCategory.fields.name.maxLength).toBe('number');
  await signInByApi(page);
  await page.goto(`/device_edit?id=${device.id}`);
  const name = input(page, 'Name');
  await expect(name).toHaveValue(STORED, { timeout: LOADED_MS });
  // Before any Submit: the field says what is wrong.
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(ownMessages.tooLong('Name', MAX))).toBeVisible();
  await name.fill('Fixed name');
  await expect(page.getByText(ownMessages.tooLong('Name', MAX))).toHaveCount(0);
  await button(page, messages.submit).click();
  await expect(page).toHaveURL(`/device_view?id=${device.id}`, { timeout: LOADED_MS });
  const api = page.request;
  expect((await readObject(api, 'device', device.id)).name).toBe('Fixed name');
});
