/**
 * The tables against the real server: schema columns, server-side paging, sorting, the team,
 * type and group filters, the name search and the CSV export. One fleet is made for the file in
 * beforeAll (two teams of its own, names unique to the run); tests only read it.
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { appTitle, signInByApi } from './signIn';
import { create, signedInApi, token, type Obj } from './listsApi';
import { expectScreen, input } from './objectScreen';
import { search } from './listSearch';

interface Fleet {
  run: string;
  teamA: Obj;
  teamB: Obj;
  sensor: Obj;
  gateway: Obj;
  meter: Obj;
  north: Obj;
  firmware: Obj;
}

let api: APIRequestContext;
let fleet: Fleet;

const pad = (n: number) => String(n).padStart(2, '0');

test.beforeAll(async () => {
  api = await signedInApi();
  const run = token();
  const teamA = await create(api, 'team', { name: `Lists A ${run}` });
  const teamB = await create(api, 'team', { name: `Lists B ${run}` });
  const sensor = await create(api, 'type', { name: `Sensor ${run}`, team_id: teamA.id, name_of_uid: 'Serial' });
  const gateway = await create(api, 'type', { name: `Gateway ${run}`, team_id: teamA.id });
  const meter = await create(api, 'type', { name: `Meter ${run}`, team_id: teamB.id });
  const firmware = await create(api, 'firmware', { name: `fw${run}`, team_id: teamA.id, type_id: sensor.id, version: '1.2.0' });
  const north = await create(api, 'devices_group', { name: `North ${run}`, team_id: teamA.id, type_id: sensor.id });
  // 27 sensors (the first 5 in the group, the others with a target firmware) and 3 gateways in
  // team A: 30 devices, two pages; 2 meters in team B.
  for (let i = 1; i <= 27; i++) {
    const grouped = i <= 5;
    await create(api, 'device', {
      name: `${run}-dev-${pad(i)}`,
      team_id: teamA.id,
      type_id: sensor.id,
      uid_for_type: `S-${run}-${pad(i)}`,
      ...(grouped ? { group_id: north.id } : { target_firmware_id: firmware.id }),
    });
  }
  for (let i = 1; i <= 3; i++) {
    await create(api, 'device', { name: `${run}-gw-${i}`, team_id: teamA.id, type_id: gateway.id, uid_for_type: `G-${run}-${i}` });
  }
  for (let i = 1; i <= 2; i++) {
    await create(api, 'device', { name: `${run}-meter-${i}`, team_id: teamB.id, type_id: meter.id, uid_for_type: `M-${run}-${i}` });
  }
  await create(api, 'basic_document', { name: `Manual ${run}`, team_id: teamA.id, doc_type: 'text', content: 'Read me' });
  await create(api, 'documents_collection', { name: `Manuals ${run}`, team_id: teamA.id });
  fleet = { run, teamA, teamB, sensor, gateway, meter, north, firmware };
});

test.afterAll(async () => {
  await api.dispose();
});

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
});

const rows = (page: Page) => page.locator('#main-content tbody tr');
const nameCells = (page: Page) => page.locator('#main-content tbody tr td.column-name');
const picker = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Opens /devices showing team A only. */
async function devicesOfTeamA(page: Page) {
  await page.goto('/devices');
  await expect(appTitle(page)).toHaveText('Devices');
  await picker(page, 'Team').selectOption({ label: String(fleet.teamA.name) });
  await expect(page.getByText('1-25 of 30')).toBeVisible();
}

test('the devices table shows the schema columns, with references by name', async ({ page }) => {
  await devicesOfTeamA(page);
  // The first column is the bulk actions' checkboxes (issue 13 item 3); the schema's columns follow.
  await expect(page.locator('#main-content thead th.MuiTableCell-paddingCheckbox')).toHaveCount(1);
  await expect(page.locator('#main-content thead th:not(.MuiTableCell-paddingCheckbox)')).toHaveText(['Name', 'Team', 'Type', 'Group', 'Unique ID by type', 'Target firmware', 'Configuration state', 'Last seen', 'Update']);
  const first = rows(page).first();
  const cells = (row: ReturnType<typeof rows>) => row.locator('td:not(.MuiTableCell-paddingCheckbox)');
  await expect(cells(first)).toHaveText([
    `${fleet.run}-dev-01`,
    String(fleet.teamA.name),
    String(fleet.sensor.name),
    String(fleet.north.name),
    `S-${fleet.run}-01`,
    '',
    '',
    ownMessages.recencyNever,
    '',
  ]);
  await expect(cells(rows(page).nth(5)).nth(5)).toHaveText(`fw${fleet.run} (1.2.0)`);
  await expect(first.getByRole('link', { name: String(fleet.sensor.name) })).toHaveAttribute('href', `/type_view?id=${fleet.sensor.id}`);
});

test('a page holds 25 devices; the next is read from the server', async ({ page }) => {
  const ranges: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/full/device') ranges.push(url.searchParams.get('range') ?? 'none');
  });
  await devicesOfTeamA(page);
  await expect(rows(page)).toHaveCount(25);
  await page.getByRole('button', { name: /next page/i }).click();
  await expect(page.getByText('26-30 of 30')).toBeVisible();
  await expect(rows(page)).toHaveCount(5);
  await expect(nameCells(page)).toHaveText([`${fleet.run}-dev-26`, `${fleet.run}-dev-27`, `${fleet.run}-gw-1`, `${fleet.run}-gw-2`, `${fleet.run}-gw-3`]);
  // Only pages were ever asked for: never the whole fleet.
  expect(ranges.length).toBeGreaterThan(0);
  expect(ranges.every((r) => r === '[0,24]' || r === '[25,49]')).toBe(true);
});

test('a click on a column header sorts on the server', async ({ page }) => {
  await devicesOfTeamA(page);
  await expect(nameCells(page).first()).toHaveText(`${fleet.run}-dev-01`);
  await page.locator('#main-content thead').getByText('Name', { exact: true }).click();
  await expect(nameCells(page).first()).toHaveText(`${fleet.run}-gw-3`);
  await expect(page).toHaveURL(/order=DESC/);
  await page.locator('#main-content thead').getByText('Unique ID by type', { exact: true }).click();
  await expect(nameCells(page).first()).toHaveText(`${fleet.run}-gw-1`);
});

test('the team, type and group filters narrow the table; a new type clears the group', async ({ page }) => {
  await page.goto('/devices');
  const team = picker(page, 'Team');
  const type = picker(page, 'Type');
  const group = picker(page, 'Group');
  await expect(team.locator('option').first()).toHaveText(messages.allTeams);
  await expect(type.locator('option').first()).toHaveText(messages.allTypes);
  await expect(group.locator('option')).toHaveText([messages.selectTypeToFilterGroups]);

  await team.selectOption({ label: String(fleet.teamB.name) });
  await expect(type.locator('option')).toHaveText([messages.allTypes, String(fleet.meter.name)]);
  await expect(nameCells(page)).toHaveText([`${fleet.run}-meter-1`, `${fleet.run}-meter-2`]);

  await team.selectOption({ label: String(fleet.teamA.name) });
  await type.selectOption({ label: String(fleet.sensor.name) });
  await expect(page.getByText('1-25 of 27')).toBeVisible();
  await expect(group.locator('option')).toHaveText([messages.allGroups, String(fleet.north.name)]);
  await group.selectOption({ label: String(fleet.north.name) });
  await expect(nameCells(page)).toHaveText([1, 2, 3, 4, 5].map((i) => `${fleet.run}-dev-${pad(i)}`));

  await type.selectOption({ label: String(fleet.gateway.name) });
  await expect(group).toHaveValue('');
  await expect(nameCells(page)).toHaveText([1, 2, 3].map((i) => `${fleet.run}-gw-${i}`));

  // Another team: the chosen type is not one of its types, so it is cleared too.
  await team.selectOption({ label: String(fleet.teamB.name) });
  await expect(type).toHaveValue('');
  await expect(nameCells(page)).toHaveText([`${fleet.run}-meter-1`, `${fleet.run}-meter-2`]);
});

test('the search, named after the fields it searches, finds devices by name or unique ID', async ({ page }) => {
  await page.goto('/devices');
  const search = page.getByRole('searchbox', { name: 'Name or unique ID' });
  await search.fill(`${fleet.run}-gw`);
  await expect(nameCells(page)).toHaveText([1, 2, 3].map((i) => `${fleet.run}-gw-${i}`));
  await search.fill(`s-${fleet.run}-1`);
  await expect(nameCells(page)).toHaveText(Array.from({ length: 10 }, (_, i) => `${fleet.run}-dev-${pad(10 + i)}`));
  await search.fill(`${fleet.run}-nothing`);
  await expect(page.getByText(ownMessages.noResults)).toBeVisible();
});

test('the CSV export downloads the filtered devices, every page of them', async ({ page }) => {
  await devicesOfTeamA(page);
  await picker(page, 'Type').selectOption({ label: String(fleet.sensor.name) });
  await expect(page.getByText('1-25 of 27')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: ownMessages.exportCsv }).click()]);
  expect(download.suggestedFilename()).toMatch(/^devices-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await download.path())!, 'utf8')).trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    'id,name,team_id,team_name,type_id,type_name,group_id,group_name,uid_for_type,target_firmware_id,target_firmware_name,current_firmware_id,current_firmware_name,config_state,last_seen,update_state',
  );
  const names = lines.slice(1).map((line) => line.split(',')[1]);
  expect(names).toEqual(Array.from({ length: 27 }, (_, i) => `${fleet.run}-dev-${pad(i + 1)}`));
  expect(lines.slice(1).every((line) => line.split(',')[4] === String(fleet.sensor.id) && line.split(',')[5] === fleet.sensor.name)).toBe(true);

  await picker(page, 'Group').selectOption({ label: String(fleet.north.name) });
  await expect(rows(page)).toHaveCount(5);
  const [grouped] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: ownMessages.exportCsv }).click()]);
  expect((await readFile((await grouped.path())!, 'utf8')).trim().split(/\r?\n/)).toHaveLength(6);
});

// /types and /groups are lists, not tables (spec section 2): kindsAndLists.spec.ts.
test('firmwares and documents have their tables, add buttons and view links', async ({ page }) => {
  const cases = [
    { path: '/firmwares', title: 'Firmwares', add: 'Add a new firmware', href: '/firmware_new', name: `fw${fleet.run}`, view: `/firmware_view?id=${fleet.firmware.id}`, header: 'Version' },
  ];
  for (const c of cases) {
    await page.goto(c.path);
    await expect(appTitle(page)).toHaveText(c.title);
    await expect(page.getByRole('link', { name: c.add })).toHaveAttribute('href', c.href);
    await expect(page.locator('#main-content thead')).toContainText(c.header);
    await search(page, c.name);
    await expect(nameCells(page)).toHaveText([c.name]);
    await rows(page).first().locator('td').nth(1).click();
    await expect(page).toHaveURL(c.view);
  }

  // One table of both kinds, each row with its kind; a document type filter leaves collections out.
  await page.goto('/documents');
  await expect(appTitle(page)).toHaveText('Documents');
  await expect(page.getByRole('link', { name: /^Add a new/ })).toHaveAttribute('href', '/document_new');
  await picker(page, 'Team').selectOption({ label: String(fleet.teamA.name) });
  await search(page, fleet.run);
  await expect(page.locator('#main-content table')).toHaveCount(1);
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).filter({ hasText: `Manual ${fleet.run}` })).toContainText(ownMessages.documentKind);
  await expect(rows(page).filter({ hasText: `Manuals ${fleet.run}` })).toContainText(ownMessages.collectionKind);
  await expect(page.getByRole('link', { name: `Manual ${fleet.run}` })).toHaveAttribute('href', /\/basic_document_view\?id=\d+$/);
  await expect(page.getByRole('link', { name: `Manuals ${fleet.run}` })).toHaveAttribute('href', /\/documents_collection_view\?id=\d+$/);
  await picker(page, 'Document type').selectOption({ label: 'Text' });
  await expect(nameCells(page)).toHaveText([`Manual ${fleet.run}`]);
});

test('a row clicked while the search is still pausing opens its object, and the search does not pull the user back', async ({ page }) => {
  // Team A's firmwares: its one firmware is on the first page whatever other specs made.
  await page.goto(`/firmwares?filter=${encodeURIComponent(JSON.stringify({ team_id: fleet.teamA.id }))}`);
  const row = rows(page).filter({ hasText: `fw${fleet.run}` });
  await expect(row).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Name' }).fill(`fw${fleet.run}`);
  await row.locator('td').nth(1).click();
  await expectScreen(page, 'Firmware | View', 'View firmware');
  await expect(input(page, 'Version')).toHaveValue('1.2.0');
  expect(page.url()).toMatch(new RegExp(`/firmware_view\\?id=${fleet.firmware.id}$`));
});

test('while the table waits for the server its title says so', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/full\/firmware\?/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/firmwares');
  await expect(appTitle(page)).toHaveText(`Firmwares${messages.waitingSuffix}`);
  release();
  await expect(appTitle(page)).toHaveText('Firmwares');
});

// Below 600 px a table is a card list (phone.spec.ts); between that and a desktop it stays a table.
test.describe('on a narrow screen (a tablet)', () => {
  test.use({ viewport: { width: 700, height: 1000 } });

  test('the page keeps the screen width: a wide table scrolls sideways inside its card', async ({ page }) => {
    await devicesOfTeamA(page);
    const widths = await page.evaluate(() => {
      const wrapper = document.querySelector('#main-content .RaDatagrid-tableWrapper') as HTMLElement;
      return { page: document.documentElement.scrollWidth, screen: window.innerWidth, table: wrapper.scrollWidth, box: wrapper.clientWidth };
    });
    expect(widths.page).toBeLessThanOrEqual(widths.screen);
    expect(widths.table).toBeGreaterThan(widths.box);
  });
});
