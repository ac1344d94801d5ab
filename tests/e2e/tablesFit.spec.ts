/**
 * The devices table as a newcomer meets it at 1280 px (issue 27 item 8): it fits with every optional
 * column shown and rows selected, every bulk action in sight; the firmware status filter; the CSV
 * export's file named after what it holds, with the current firmware and progress while it runs; a type
 * name repeated in two teams told apart by its team; the search finding devices by a custom field
 * value and by a firmware name. One fleet of its own (two teams, names unique to the run).
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ownMessages } from '../../src/messages';
import { signInByApi } from './signIn';
import { create, signedInApi, token, type Obj } from './listsApi';
import { search } from './listSearch';

let api: APIRequestContext;
let run: string;
let teamA: Obj;
let teamB: Obj;
let sensorA: Obj;
let firmware: Obj;

test.beforeAll(async () => {
  api = await signedInApi();
  run = token();
  teamA = await create(api, 'team', { name: `Fit A ${run}` });
  teamB = await create(api, 'team', { name: `Fit B ${run}` });
  sensorA = await create(api, 'type', { name: `Sensor ${run}`, team_id: teamA.id, custom_fields_devices: [{ name: 'site', type: 0, value: '' }] });
  // The same type name in the other team, as a claim copies a type.
  const sensorB = await create(api, 'type', { name: `Sensor ${run}`, team_id: teamB.id });
  firmware = await create(api, 'firmware', { name: `Aurora${run}`, team_id: teamA.id, type_id: sensorA.id, version: '2.0.0' });
  await api.put(`/api/firmware/${firmware.id}`, { data: { is_disabled: 0 } });
  // A short name beside the long serial numbers: its column must not be squeezed to break it.
  const meadow = await create(api, 'devices_group', { name: 'Meadow', team_id: teamA.id, type_id: sensorA.id });
  for (let i = 1; i <= 3; i++) {
    await create(api, 'device', {
      name: `${run}-fit-${i}`,
      team_id: teamA.id,
      type_id: sensorA.id,
      // A serial number as devices carry them: one long word of wide letters, which must not widen the table.
      uid_for_type: `SN${'W'.repeat(24)}${run.toUpperCase()}${i}`,
      custom_fields_from_type: [{ name: 'site', type: 0, value: i === 2 ? `Hall${run}` : 'Roof' }],
      ...(i === 3 ? { target_firmware_id: firmware.id } : { group_id: meadow.id }),
    });
  }
  await create(api, 'device', { name: `${run}-other`, team_id: teamB.id, type_id: sensorB.id, uid_for_type: `O-${run}` });
});

test.afterAll(async () => {
  await api.dispose();
});

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
});

const nameCells = (page: Page) => page.locator('#main-content tbody tr td.column-name');
const picker = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function devicesOfTeamA(page: Page) {
  await page.goto('/devices');
  await picker(page, 'Team').selectOption({ label: String(teamA.name) });
  await expect(nameCells(page)).toHaveText([1, 2, 3].map((i) => `${run}-fit-${i}`));
}

test('at 1280x800 the table fits with every optional column on, long serial numbers and rows selected, every bulk action in sight', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await devicesOfTeamA(page);
  await page.getByRole('button', { name: 'Columns' }).click();
  for (const toggle of await page.getByRole('switch').all()) await toggle.check();
  await page.keyboard.press('Escape');
  await expect(page.locator('#main-content thead th').filter({ hasText: ownMessages.firmwareStatus })).toHaveCount(1);
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await expect(page.getByText('3 items selected')).toBeVisible();

  for (const name of ['Move to group...', 'Set target firmware...', 'Print labels', ownMessages.exportSelected, 'Delete']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
  }
  // Neither the page nor the table's own card scrolls sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
  const wrapper = page.locator('#main-content .RaDatagrid-tableWrapper');
  expect(await wrapper.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
  // The long serial numbers break; no short word of a cell does (the group's name, 'Meadow', wider than its column's heading, stays whole).
  const brokenShortWords = await page.locator('#main-content tbody').evaluate((body) => {
    const broken: string[] = [];
    const texts = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      for (const word of (node.textContent ?? '').matchAll(/[^\s-]+/g)) {
        if (word[0].length > 6) continue;
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) broken.push(word[0]);
      }
    }
    return broken;
  });
  expect(brokenShortWords).toEqual([]);
});

test('the firmware status filter shows the devices of the chosen status', async ({ page }) => {
  await devicesOfTeamA(page);
  const status = picker(page, ownMessages.firmwareStatus);
  await status.selectOption({ label: ownMessages.firmwareStatusLabels.pending });
  await expect(nameCells(page)).toHaveText([`${run}-fit-3`]);
  await status.selectOption({ label: ownMessages.firmwareStatusLabels.none });
  await expect(nameCells(page)).toHaveText([`${run}-fit-1`, `${run}-fit-2`]);
  await status.selectOption({ label: ownMessages.firmwareStatusLabels.ok });
  await expect(page.getByText(ownMessages.noResults)).toBeVisible();
});

test('the CSV export is named after what it holds, has the current firmware, and cannot run twice at once', async ({ page }) => {
  await devicesOfTeamA(page);
  const button = page.getByRole('button', { name: ownMessages.exportCsv });
  // Held until the test lets it go, so that the running export can be seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/download/csv_export/device**', async (route) => {
    await held;
    await route.continue();
  });
  const downloading = page.waitForEvent('download');
  await button.click();
  const running = page.getByRole('button', { name: ownMessages.exportingCsv });
  await expect(running).toBeDisabled();
  await expect(running.getByRole('progressbar')).toBeVisible();
  release();
  const download = await downloading;
  await expect(button).toBeEnabled();
  expect(download.suggestedFilename()).toMatch(/^devices-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await download.path())!, 'utf8')).trim().split(/\r?\n/);
  const header = lines[0].split(',');
  expect(header.slice(header.indexOf('target_firmware_id'), header.indexOf('target_firmware_id') + 4)).toEqual([
    'target_firmware_id',
    'target_firmware_name',
    'current_firmware_id',
    'current_firmware_name',
  ]);
  expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual([1, 2, 3].map((i) => `${run}-fit-${i}`));
});

test('a type name repeated in two teams shows its team in the type filter, only where it repeats', async ({ page }) => {
  await page.goto('/devices');
  const type = picker(page, 'Type');
  await expect(type.locator('option', { hasText: `Sensor ${run} (${teamA.name})` })).toHaveCount(1);
  await expect(type.locator('option', { hasText: `Sensor ${run} (${teamB.name})` })).toHaveCount(1);
  // Within one team the name is unique: no team added.
  await picker(page, 'Team').selectOption({ label: String(teamA.name) });
  await expect(type.locator('option', { hasText: `Sensor ${run}` })).toHaveText([`Sensor ${run}`]);
});

test('the search finds a device by a custom field value and by its firmware name, in the teams of the user only', async ({ page }) => {
  await page.goto('/devices');
  await search(page, `hall${run}`, 'Name or unique ID');
  await expect(nameCells(page)).toHaveText([`${run}-fit-2`]);
  await search(page, `aurora${run}`, 'Name or unique ID');
  await expect(nameCells(page)).toHaveText([`${run}-fit-3`]);
});
