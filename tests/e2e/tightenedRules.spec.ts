/**
 * Issue 31 item 3, the console side: a value stored before its rule was tightened (here a text
 * longer than its maxLength, as a shorter maxLength leaves it) is shown as an error on its own
 * field, named by its label, as soon as the form opens; the user corrects that one field and
 * saves, the other fields as they were.
 *
 * Such a value cannot be made through the API (it refuses it), so the spec runs a server of its
 * own, creates the object, stops the server, writes the value in the database as an earlier
 * schema left it, and starts the server again on the same data.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as playwrightRequest } from '@playwright/test';
import { openDatabase } from '../../server/db/database';
import { messages, ownMessages } from '../../src/messages';
import { expect, test } from './fixtures';
import { adminTeam, createObject, HEADERS, readObject, uniqueName, type Obj } from './objectApi';
import { button, errorList, input } from './objectScreen';
import { ADMIN, E2E_PORT } from './settings';
import { signInByApi } from './signIn';
import { START_TIMEOUT_MS, startServer, stopServer } from './ownServer';

// Clear of the shared server's port and of the other own-server specs (+1000, +1002).
const PORT = E2E_PORT + 1004;
const BASE_URL = `http://127.0.0.1:${PORT}`;
const MAX = 200;
const LONG = 'U'.repeat(MAX + 7);

test.use({ baseURL: BASE_URL });
test.describe.configure({ timeout: 90_000 });

let dataDir: string;
let server: ChildProcess | undefined;
let type: Obj;

test.beforeAll(async () => {
  test.setTimeout(3 * START_TIMEOUT_MS);
  dataDir = mkdtempSync(join(tmpdir(), 'pucs-e2e-tightened-'));
  server = await startServer(PORT, dataDir);
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const login = await api.post('/api/login', { headers: HEADERS, data: { username: ADMIN.username, password: ADMIN.password } });
  expect(login.status()).toBe(204);
  const team = await adminTeam(api);
  type = await createObject(api, 'type', { name: uniqueName('tightened type'), team_id: team.id, notes: 'Kept as it is' });
  await api.dispose();
  await stopServer(server);

  const db = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  try {
    await db.query('UPDATE type SET name_of_uid = $2 WHERE id = $1', [type.id, LONG]);
  } finally {
    await db.close();
  }
  server = await startServer(PORT, dataDir);
});

test.afterAll(async () => {
  await stopServer(server);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('a value breaking a tightened rule is shown on its field when the form opens; fixed, the object saves', async ({ page }) => {
  await signInByApi(page);
  await page.goto(`/type_view?id=${type.id}`);
  await button(page, messages.edit).click();
  await expect(page.getByRole('heading', { name: messages.editHeading('type'), exact: true })).toBeVisible();
  const field = input(page, messages.nameOfUidLabel);
  const error = ownMessages.tooLong(messages.nameOfUidLabel, MAX);
  await expect(field).toHaveValue(LONG);
  await expect(field).toHaveAccessibleDescription(error);
  await expect(errorList(page).locator('li')).toHaveText([error]);

  await field.fill('Serial number');
  await expect(errorList(page)).toHaveCount(0);
  await button(page, messages.submit).click();
  await expect.poll(async () => (await readObject(page.request, 'type', type.id)).name_of_uid).toBe('Serial number');
  const saved = await readObject(page.request, 'type', type.id);
  expect(saved.name).toBe(type.name);
  expect(saved.notes).toBe('Kept as it is');
});
