/**
 * Issue 13 items 2 and 4 as a client meets them: a device found by its unique ID (the search `q`,
 * and the exact look-up the console's search box opens a device with), devices filtered by when they
 * were last seen (list and CSV export, counted afresh after a check-in), and the CSV export naming
 * the team, type, group and firmware next to their ids. Other teams' devices are never found.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { adminWithTeam, createTestApp, expectError, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';

let t: TestApp;
let c: Client;
let other: Client;
let team: number;
let typeA: number;
let typeB: number;
let group: number;
const ids: Record<string, number> = {};

/** last_seen of each device, as an age the database computes (null: never seen). */
const AGES: Record<string, string | null> = {
  m59: '59 minutes',
  m61: '61 minutes',
  h23: '23 hours',
  h25: '25 hours',
  d6: '6 days',
  d8: '8 days',
  never: null,
};

const setSeen = (id: number, age: string | null) =>
  t.db.query(`UPDATE "device" SET "last_seen" = CASE WHEN $2::interval IS NULL THEN NULL ELSE now() - $2::interval END WHERE "id" = $1`, [id, age]);

const list = async (client: Client, filter: Record<string, unknown>, extra = '') => {
  const res = await client.get(`/api/device?fields=id,name&range=[0,99]&filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json() as { id: number; name: string }[];
  return { names: rows.map((r) => r.name).sort(), total: Number(String(res.headers['content-range']).split('/')[1]) };
};

function parseCsv(text: string): string[][] {
  // The cells here hold no quotes, commas or line breaks.
  return text
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));
}

const exportOf = async (client: Client, query: string) => {
  const res = await client.get(`/api/download/csv_export/device${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const [header, ...rows] = parseCsv(res.body);
  const cell = (row: string[], column: string) => row[header.indexOf(column)];
  return { header, rows, names: rows.map((r) => cell(r, 'name')).sort(), cell };
};

beforeAll(async () => {
  t = await createTestApp();
  const a = await adminWithTeam(t, 'finder', 'Greenhouse');
  const b = await adminWithTeam(t, 'stranger');
  c = a.client;
  other = b.client;
  team = a.teamId;
  typeA = (await createOk(c, 'type', { name: 'Sensor', team_id: team })).id as number;
  typeB = (await createOk(c, 'type', { name: 'Valve', team_id: team })).id as number;
  const firmware = (await createOk(c, 'firmware', { name: 'Main', version: '1.2.0', team_id: team, type_id: typeA, firmware_hash: 'a'.repeat(64) })).id as number;
  group = (await createOk(c, 'devices_group', { name: 'North', team_id: team, type_id: typeA, target_firmware_id: firmware })).id as number;
  ids.label = (await createOk(c, 'device', { name: 'labelled', team_id: team, type_id: typeA, group_id: group, uid_for_type: 'CS-100227' })).id as number;
  ids.longer = (await createOk(c, 'device', { name: 'longer', team_id: team, type_id: typeA, uid_for_type: 'CS-1002270' })).id as number;
  for (const name of Object.keys(AGES)) {
    ids[name] = (await createOk(c, 'device', { name, team_id: team, type_id: typeB, uid_for_type: `U-${name}` })).id as number;
    await setSeen(ids[name], AGES[name]);
  }
  await setSeen(ids.label, '2 hours');
  await setSeen(ids.longer, '2 hours');
  // Another team's devices: the same unique ID, and one long unseen.
  const foreignType = (await createOk(other, 'type', { name: 'Sensor', team_id: b.teamId })).id as number;
  const foreign = (await createOk(other, 'device', { name: 'foreign', team_id: b.teamId, type_id: foreignType, uid_for_type: 'CS-100227' })).id as number;
  await setSeen(foreign, '30 days');
});
afterAll(() => t.close());

describe('search by unique ID', () => {
  it('q finds devices by a part of their unique ID, as by their name, only in the caller teams', async () => {
    expect((await list(c, { q: '1002270' })).names).toEqual(['longer']);
    expect((await list(c, { q: 'cs-1002' })).names).toEqual(['labelled', 'longer']);
    expect((await list(c, { q: 'labell' })).names).toEqual(['labelled']);
    expect((await list(other, { q: 'CS-1002' })).names).toEqual(['foreign']);
  });

  it('an exact unique ID (letter case aside) finds that device alone, never another team one', async () => {
    expect(await list(c, { uid_for_type: 'CS-100227' })).toEqual({ names: ['labelled'], total: 1 });
    expect(await list(c, { uid_for_type: ' cs-100227 ' })).toEqual({ names: ['labelled'], total: 1 });
    expect(await list(c, { uid_for_type: 'CS-10022' })).toEqual({ names: [], total: 0 });
    expect(await list(other, { uid_for_type: 'CS-100227' })).toEqual({ names: ['foreign'], total: 1 });
  });

  it("with the rule's scope, as the form's live unique-ID check asks it: that type's device only", async () => {
    expect(await list(c, { type_id: typeA, uid_for_type: 'CS-100227' })).toEqual({ names: ['labelled'], total: 1 });
    expect(await list(c, { type_id: typeB, uid_for_type: 'CS-100227' })).toEqual({ names: [], total: 0 });
  });

  it('refuses an exact look-up that is not text', async () => {
    await expectError(c.get(`/api/device?range=[0,9]&filter=${encodeURIComponent('{"uid_for_type":3}')}`), 400, ownMessages.badFilterValue('uid_for_type', 'a string'));
  });
});

describe('last seen filter', () => {
  const agesOf = (names: string[]) => names.filter((n) => n in AGES);

  it('each age lists the devices seen within it, not for more than a day, or never', async () => {
    expect(agesOf((await list(c, { last_seen: 'hour' })).names)).toEqual(['m59']);
    expect((await list(c, { last_seen: 'day' })).names).toEqual(['h23', 'labelled', 'longer', 'm59', 'm61']);
    expect((await list(c, { last_seen: 'week' })).names).toEqual(['d6', 'h23', 'h25', 'labelled', 'longer', 'm59', 'm61']);
    expect(await list(c, { last_seen: 'over_day' })).toEqual({ names: ['d6', 'd8', 'h25'], total: 3 });
    expect(await list(c, { last_seen: 'never' })).toEqual({ names: ['never'], total: 1 });
  });

  it('combines with the other filters and is also a plain parameter', async () => {
    expect((await list(c, { last_seen: 'day', type_id: typeA })).names).toEqual(['labelled', 'longer']);
    const res = await c.get('/api/device?fields=name&last_seen=over_day');
    expect((res.json().json_list as { name: string }[]).map((d) => d.name).sort()).toEqual(['d6', 'd8', 'h25']);
  });

  it('is counted afresh: a device checking in leaves the stale ones at once', async () => {
    expect((await list(c, { last_seen: 'over_day' })).total).toBe(3);
    await setSeen(ids.d8, '1 second');
    expect(await list(c, { last_seen: 'over_day' })).toEqual({ names: ['d6', 'h25'], total: 2 });
    expect((await list(c, { last_seen: 'hour' })).total).toBe(2);
    await setSeen(ids.d8, AGES.d8);
  });

  it('never lists another team devices', async () => {
    expect((await list(other, { last_seen: 'over_day' })).names).toEqual(['foreign']);
    expect((await list(other, { last_seen: 'never' })).names).toEqual([]);
  });

  it('refuses an unknown age, in the list and the export', async () => {
    const message = ownMessages.badFilterValue('last_seen', 'one of hour, day, week, over_day, never');
    await expectError(c.get(`/api/device?range=[0,9]&filter=${encodeURIComponent('{"last_seen":"month"}')}`), 400, message);
    await expectError(c.get('/api/download/csv_export/device?last_seen=month'), 400, message);
    // Given twice, the age is refused: an export that silently filtered nothing would hold every device.
    await expectError(c.get('/api/download/csv_export/device?last_seen=over_day&last_seen=never'), 400, message);
    await expectError(c.get('/api/device?fields=name&last_seen=over_day&last_seen=hour'), 400, message);
  });

  it('refuses a parameter that reads as a filter it would not apply, instead of answering every device', async () => {
    const status = async (url: string) => (await c.get(url)).statusCode;
    for (const param of ['last_seen[]=over_day', 'last_seen[0]=over_day', 'uid_for_type=SN-1', 'q=d1', 'name=d6', 'type_id[]=1']) {
      expect(await status(`/api/device?fields=id,name&${param}`), param).toBe(400);
      expect(await status(`/api/download/csv_export/device?${param}`), param).toBe(400);
    }
    const res = await c.get('/api/download/csv_export/device?q=d1');
    expect(res.json().Description).toContain("'q'");
    // What is no filter still passes: the projection, the list dialect, a download's cache-buster.
    expect(await status(`/api/device?fields=id,name&range=[0,9]&sort=["id","ASC"]&filter={}`)).toBe(200);
    expect((await exportOf(c, '?last_seen=over_day&r=0.123')).names).toEqual(['d6', 'd8', 'h25']);
  });
});

describe('CSV export', () => {
  it('honours the last seen filter, as a plain parameter beside type_id, or in the filter', async () => {
    expect((await exportOf(c, '?last_seen=over_day')).names).toEqual(['d6', 'd8', 'h25']);
    expect((await exportOf(c, `?last_seen=never&type_id=${typeB}&group_id=`)).names).toEqual(['never']);
    expect((await exportOf(c, `?type_id=${typeA}&last_seen=over_day`)).names).toEqual([]);
    expect((await exportOf(c, `?filter=${encodeURIComponent('{"last_seen":"hour"}')}`)).names).toEqual(['m59']);
    expect((await exportOf(other, '?last_seen=over_day')).names).toEqual(['foreign']);
  });

  it('names the team, type, group and firmware next to their ids', async () => {
    const { header, rows, cell } = await exportOf(c, `?type_id=${typeA}`);
    expect(header).toEqual([
      'id', 'name', 'team_id', 'team_name', 'type_id', 'type_name', 'group_id', 'group_name', 'uid_for_type',
      'target_firmware_id', 'target_firmware_name', 'current_firmware_id', 'current_firmware_name', 'config_state', 'last_seen', 'update_state',
    ]);
    const labelled = rows.find((r) => cell(r, 'name') === 'labelled')!;
    expect([cell(labelled, 'team_name'), cell(labelled, 'type_name'), cell(labelled, 'group_name'), cell(labelled, 'target_firmware_name')]).toEqual([
      'Greenhouse',
      'Sensor',
      'North',
      'Main (1.2.0)',
    ]);
    expect(cell(labelled, 'group_id')).toBe(String(group));
    const longer = rows.find((r) => cell(r, 'name') === 'longer')!;
    expect([cell(longer, 'group_name'), cell(longer, 'target_firmware_name')]).toEqual(['', '']);
  });
});
