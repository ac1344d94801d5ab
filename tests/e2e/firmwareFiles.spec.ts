/**
 * A firmware's file in the console (spec section 2 'Firmware form', section 4 'Firmware save',
 * section 7 upload and download): chosen, hashed in the browser, sent with the create, uploaded
 * with a progress bar, then shown, downloaded and never offered again; and the firmware's two
 * tables of devices, paged by the server, with their CSV exports.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { signInByApi } from './signIn';
import { adminTeamWithType, createObject, HEADERS, readObject, uniqueName, type Obj } from './objectApi';
import { button, errorSnackbar, expectErrors, input, viewedId } from './objectScreen';

// The copy buttons are checked by reading the clipboard. Asked of the context here, not granted during a
// test: a reused browser context (playwright.config.ts) keeps what a test grants for the tests after it.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

let team: { id: number; name: string };
let type: Obj;

test.beforeAll(async ({ browser }) => {
  ({ team, type } = await adminTeamWithType(browser, 'file'));
});

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
});

/** How the form shows a hash: its first and last 8 digits. */
const shortHash = (hash: string) => `${hash.slice(0, 8)}…${hash.slice(-8)}`;

const fileRegion = (page: Page) => page.getByRole('region', { name: 'File', exact: true });

/** Holds the requests matching `url` until release() is called, so that what shows meanwhile can be seen. */
async function holdRequests(page: Page, url: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const handler = async (route: Route) => {
    await released;
    // A request given up meanwhile (the worker of a cancelled hash is terminated) has nothing left to continue.
    await route.continue().catch(() => undefined);
  };
  await page.route(url, handler);
  return release;
}

async function fillNewFirmware(page: Page, name: string) {
  await page.goto('/firmware_new');
  await input(page, 'Name').fill(name);
  await input(page, 'Team').selectOption({ label: team.name });
  await input(page, 'Type').selectOption({ label: type.name });
  await input(page, 'Version').fill('2.0.0');
}

test('a firmware with its file: required, hashed, uploaded, shown, downloaded, never offered again', async ({ page }) => {
  const bytes = randomBytes(5 * 1024 * 1024 + 123);
  const sha3 = createHash('sha3-256').update(bytes).digest('hex');
  const name = uniqueName('Filed fw');
  await fillNewFirmware(page, name);

  // Spec section 5: a firmware requires its file.
  await button(page, messages.submit).click();
  await expectErrors(page, [messages.uploadRequired]);
  await expect(fileRegion(page).getByText(messages.uploadRequired)).toBeVisible();
  await expect(page).toHaveURL(/\/firmware_new$/);

  // Hashing starts as soon as the file is chosen; held here until its progress bar has been seen.
  const releaseWorker = await holdRequests(page, /sha3Worker/);
  await fileRegion(page).getByTestId('file-input').setInputFiles({ name: 'fw-2.0.0.bin', mimeType: 'application/octet-stream', buffer: bytes });
  await expect(fileRegion(page).getByText(ownMessages.hashing(0))).toBeVisible();
  await expect(fileRegion(page).getByRole('progressbar')).toBeVisible();
  await expect(fileRegion(page).getByText(messages.fileSize(bytes.length))).toBeVisible();
  releaseWorker();
  await expect(fileRegion(page).getByTestId('file-hash')).toHaveText(shortHash(sha3));
  await expect(fileRegion(page).getByTestId('file-hash')).toHaveAttribute('title', sha3);

  // The create carries the hash; the upload follows with its own progress bar.
  const releaseUpload = await holdRequests(page, /\/api\/upload\/firmware\/\d+/);
  const create = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/firmware');
  await button(page, messages.submit).click();
  expect((await create).postDataJSON()).toMatchObject({ name, firmware_hash: sha3 });
  await expect(fileRegion(page).getByText(/^Uploading… \d+%$/)).toBeVisible();
  releaseUpload();

  await expect(page).toHaveURL(/\/firmware_view\?id=\d+$/);
  const id = viewedId(page);
  await expect(fileRegion(page).getByRole('button', { name: 'fw-2.0.0.bin' })).toBeVisible();
  await expect(fileRegion(page).getByText(messages.fileSize(bytes.length))).toBeVisible();
  await expect(fileRegion(page).getByTestId('file-hash')).toHaveText(shortHash(sha3));
  await expect(fileRegion(page).getByTestId('file-hash')).toHaveAttribute('title', sha3);
  expect(await readObject(page.request, 'firmware', id)).toMatchObject({ filename: 'fw-2.0.0.bin', size: bytes.length, firmware_hash: sha3 });

  // The copy button copies the whole hash.
  await fileRegion(page).getByRole('button', { name: ownMessages.copyHash }).click();
  await expect(fileRegion(page).getByText(ownMessages.copied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sha3);

  // The download link gives back the very bytes chosen, with their name, through a cache-busted call.
  const downloadCall = page.waitForRequest((r) => r.url().includes(`/api/download/firmware/${id}?r=`));
  const [download] = await Promise.all([page.waitForEvent('download'), fileRegion(page).getByRole('button', { name: 'fw-2.0.0.bin' }).click()]);
  await downloadCall;
  expect(download.suggestedFilename()).toBe('fw-2.0.0.bin');
  expect((await readFile(await download.path())).equals(bytes)).toBe(true);

  // Once uploaded, the file never changes: no control to choose another, in view or edit.
  await expect(page.getByTestId('file-input')).toHaveCount(0);
  await button(page, messages.edit).click();
  await expect(page).toHaveURL(new RegExp(`/firmware_edit\\?id=${id}$`));
  await expect(fileRegion(page).getByRole('button', { name: 'fw-2.0.0.bin' })).toBeVisible();
  await expect(page.getByTestId('file-input')).toHaveCount(0);
  await expect(page.getByText(ownMessages.chooseFile)).toHaveCount(0);
});

test('a cancelled hash leaves no file chosen: the form asks for one again', async ({ page }) => {
  await fillNewFirmware(page, uniqueName('Cancelled fw'));
  const releaseWorker = await holdRequests(page, /sha3Worker/);
  await fileRegion(page).getByTestId('file-input').setInputFiles({ name: 'big.bin', mimeType: 'application/octet-stream', buffer: randomBytes(1024) });
  await expect(fileRegion(page).getByText(ownMessages.hashing(0))).toBeVisible();
  // Submit while hashing is refused with a clear message.
  await button(page, messages.submit).click();
  await expectErrors(page, [ownMessages.waitForHash]);
  await button(page, ownMessages.cancelHashing).click();
  releaseWorker();
  await expect(fileRegion(page).getByRole('progressbar')).toHaveCount(0);
  await expect(fileRegion(page).getByText('big.bin')).toHaveCount(0);
  await expectErrors(page, [messages.uploadRequired]);
  await expect(page).toHaveURL(/\/firmware_new$/);
});

async function csvOf(page: Page, region: string): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('region', { name: region }).getByRole('button', { name: ownMessages.exportCsv }).click(),
  ]);
  return readFile(await download.path(), 'utf8');
}

test("a firmware's tables of devices: paged by the server, names linking to the devices, CSV of each", async ({ page }) => {
  const firmware = await createObject(page.request, 'firmware', { name: uniqueName('Used fw'), team_id: team.id, type_id: type.id, version: '1.0.0' });
  const device = (n: number, target: number | null) =>
    createObject(page.request, 'device', {
      name: `Aimed ${String(n).padStart(2, '0')} ${firmware.id}`,
      team_id: team.id,
      type_id: type.id,
      target_firmware_id: target,
      uid_for_type: uniqueName('uid'),
    });
  const aimed: Obj[] = [];
  for (let n = 1; n <= 11; n++) aimed.push(await device(n, firmware.id));
  const elsewhere = await device(99, null);

  const pages: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/full/device') pages.push(decodeURIComponent(new URL(r.url()).search));
  });
  await page.goto(`/firmware_view?id=${firmware.id}`);
  const target = page.getByRole('region', { name: messages.isTargetOf });
  await expect(target.getByRole('link')).toHaveText(aimed.slice(0, 10).map((d) => d.name));
  await expect(target.getByText('1–10 of 11')).toBeVisible();
  // The server pages: one page of 10 asked, filtered on the firmware.
  expect(pages.some((q) => q.includes('range=[0,9]') && q.includes(`"target_firmware_id":${firmware.id}`))).toBe(true);
  await target.getByRole('button', { name: 'Go to next page' }).click();
  await expect(target.getByRole('link')).toHaveText([aimed[10].name]);
  await expect(target.getByText('11–11 of 11')).toBeVisible();

  const current = page.getByRole('region', { name: messages.isCurrentlyOn });
  // A device's current firmware is the device's to report, never set by a client: none is on this one.
  await expect(current.getByText(ownMessages.noObjects)).toBeVisible();

  const targetCsv = await csvOf(page, messages.isTargetOf);
  const rows = targetCsv.trim().split('\r\n');
  expect(rows[0].split(',')).toContain('target_firmware_id');
  expect(rows).toHaveLength(12);
  for (const d of aimed) expect(rows.some((row) => row.startsWith(`${d.id},${d.name},`))).toBe(true);
  expect(targetCsv).not.toContain(elsewhere.name);
  expect((await csvOf(page, messages.isCurrentlyOn)).trim().split('\r\n')).toHaveLength(1);

  await target.getByRole('link', { name: aimed[10].name }).click();
  await expect(page).toHaveURL(new RegExp(`/device_view\\?id=${aimed[10].id}$`));
});

/** A firmware with its file, through the API: the console's own path is the first test's. */
async function firmwareWithFile(page: Page, name: string): Promise<Obj> {
  const bytes = randomBytes(1024);
  const firmware = await createObject(page.request, 'firmware', {
    name,
    team_id: team.id,
    type_id: type.id,
    version: '1.0.0',
    firmware_hash: createHash('sha3-256').update(bytes).digest('hex'),
  });
  const upload = await page.request.post(`/api/upload/firmware/${firmware.id}`, {
    headers: HEADERS,
    multipart: { firmware: { name: 'fw.bin', mimeType: 'application/octet-stream', buffer: bytes } },
  });
  expect(upload.status()).toBe(200);
  return firmware;
}

test("at a phone's width a long file name wraps beside the control, whose label stays whole on one line", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await fillNewFirmware(page, uniqueName('Phone fw'));
  const longName = 'sensor-controller-firmware-release-candidate-build-20261123-signed-production.bin';
  await fileRegion(page).getByTestId('file-input').setInputFiles({ name: longName, mimeType: 'application/octet-stream', buffer: randomBytes(64) });
  await expect(fileRegion(page).getByText(longName)).toBeVisible();
  const choose = fileRegion(page).getByText(ownMessages.chooseFile);
  const lineHeight = await choose.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect((await choose.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
});

test.describe('the Enabled/Disabled switch', () => {
  test("refuses to disable a device's target firmware with the server's words, and keeps it enabled; disables another", async ({ page, dialogs }) => {
    const aimedAt = await firmwareWithFile(page, uniqueName('Aimed fw'));
    await createObject(page.request, 'device', {
      name: uniqueName('Aiming'),
      team_id: team.id,
      type_id: type.id,
      target_firmware_id: aimedAt.id,
      uid_for_type: uniqueName('uid'),
    });
    await page.goto(`/firmware_edit?id=${aimedAt.id}`);
    // Spec 'Enabled/Disabled switch': on and 'Enabled' for an enabled firmware, off and 'Disabled' once turned off.
    const toggle = page.getByRole('switch', { name: ownMessages.enabled });
    await expect(toggle).toBeChecked();
    await expect(page.getByText(ownMessages.enabled, { exact: true })).toBeVisible();
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(page.getByText(ownMessages.disabled, { exact: true })).toBeVisible();
    await button(page, messages.submit).click();
    // Refused, the form keeps what the user asked for: the switch off, 'Disabled', beside the server's words.
    await expect(errorSnackbar(page)).toHaveText(ownMessages.firmwareIsTarget);
    await expect(page).toHaveURL(new RegExp(`/firmware_edit\\?id=${aimedAt.id}$`));
    await expect(toggle).not.toBeChecked();
    await expect(page.getByText(ownMessages.disabled, { exact: true })).toBeVisible();
    expect(await readObject(page.request, 'firmware', aimedAt.id)).toMatchObject({ is_disabled: 0 });

    const free = await firmwareWithFile(page, uniqueName('Free fw'));
    await page.goto(`/firmware_edit?id=${free.id}`);
    await toggle.click();
    await button(page, messages.submit).click();
    await expect(page).toHaveURL(new RegExp(`/firmware_view\\?id=${free.id}$`));
    await expect(toggle).not.toBeChecked();
    await expect(page.getByText(ownMessages.disabled, { exact: true })).toBeVisible();
    expect(await readObject(page.request, 'firmware', free.id)).toMatchObject({ is_disabled: 1 });
    expect(dialogs).toEqual([]);
  });
});
