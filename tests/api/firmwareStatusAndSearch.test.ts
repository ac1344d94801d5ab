/**
 * The devices list filtered by firmware status (the device schema's `firmware_status` comparison of
 * current and target firmware) and searched by custom field values and firmware names: the right
 * devices, only of the caller's teams, bad values refused with 400, and the CSV export's current
 * firmware column.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { adminWithTeam, createTestApp, expectError, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';

let t: TestApp;
let c: Client;
let rival: Client;
let devices: Record<string, number>;

const names = async (client: Client, filter: Record<string, unknown>) => {
  const res = await client.get(`/api/device?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,99]&sort=["name","ASC"]`);
  expect(res.statusCode, res.body).toBe(200);
  return { names: (res.json() as { name: string }[]).map((d) => d.name), total: res.headers['content-range'] };
};

/** Two teams each with a type holding a custom field and firmwares 'Aurora' and 'Boreal'; devices in every firmware state. */
async function fleet(client: Client, teamId: number, tag: string): Promise<Record<string, number>> {
  const type = (await createOk(client, 'type', { name: 'board', team_id: teamId, custom_fields_devices: [{ name: 'site', type: 0, value: '' }] })).id as number;
  const fw = async (name: string) => (await createOk(client, 'firmware', { name, version: '1.0.0', team_id: teamId, type_id: type })).id as number;
  const aurora = await fw('Aurora');
  const boreal = await fw('Boreal');
  const device = async (name: string, site: string, current: number | null, target: number | null) => {
    const id = (await createOk(client, 'device', { name: `${tag} ${name}`, team_id: teamId, type_id: type, uid_for_type: `${tag}-${name}`, custom_fields_from_type: [{ name: 'site', type: 0, value: site }] })).id as number;
    // What check-ins and a chosen target would leave (the firmware's state rules are another suite's).
    await t.db.query('UPDATE "device" SET "current_firmware_id" = $2, "target_firmware_id" = $3 WHERE "id" = $1', [id, current, target]);
    return id;
  };
  return {
    ok: await device('ok', 'Hall 3', aurora, aurora),
    pending: await device('pending', 'Roof', aurora, boreal),
    fresh: await device('fresh', 'Hall 7', null, boreal),
    none: await device('none', 'Cellar', null, null),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await adminWithTeam(t, 'owner');
  const b = await adminWithTeam(t, 'rival');
  c = a.client;
  rival = b.client;
  devices = await fleet(c, a.teamId, 'mine');
  await fleet(rival, b.teamId, 'theirs');
});
afterAll(() => t.close());

describe('the firmware status filter', () => {
  it('finds the devices of each status, of the caller\'s teams only, with their total', async () => {
    expect(await names(c, { firmware_status: 'ok' })).toEqual({ names: ['mine ok'], total: 'device 0-0/1' });
    expect((await names(c, { firmware_status: 'pending' })).names).toEqual(['mine fresh', 'mine pending']);
    expect((await names(c, { firmware_status: 'none' })).names).toEqual(['mine none']);
    expect((await names(rival, { firmware_status: 'ok' })).names).toEqual(['theirs ok']);
  });

  it('follows the device: a check-in reporting the target firmware makes it up to date', async () => {
    await t.db.query('UPDATE "device" SET "current_firmware_id" = "target_firmware_id" WHERE "id" = $1', [devices.fresh]);
    expect((await names(c, { firmware_status: 'ok' })).names).toEqual(['mine fresh', 'mine ok']);
    await t.db.query('UPDATE "device" SET "current_firmware_id" = NULL WHERE "id" = $1', [devices.fresh]);
  });

  it('is a plain filter of the CSV export too', async () => {
    const res = await c.get('/api/download/csv_export/device?firmware_status=none');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.split('\r\n').filter((l) => l !== '').length).toBe(2);
    expect(res.body).toContain('mine none');
  });

  it('refuses a value it does not have, naming the values (400)', async () => {
    const expected = ownMessages.badFilterValue('firmware_status', 'one of ok, pending, none');
    await expectError(c.get(`/api/device?filter=${encodeURIComponent('{"firmware_status":"updating"}')}`), 400, expected);
    await expectError(c.get('/api/download/csv_export/device?firmware_status=failed'), 400, expected);
    await expectError(c.get('/api/download/csv_export/device?firmware_status=ok&firmware_status=none'), 400, expected);
  });

  it('reads its own index', async () => {
    const { rows } = await t.db.query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE indexname = 'device_firmware_status_list_idx'`);
    expect(rows[0]?.indexdef).toContain('team_id');
  });
});

describe('the search box', () => {
  it("finds a device by a custom field's value, letter case aside, of the caller's teams only", async () => {
    expect((await names(c, { q: 'hall' })).names).toEqual(['mine fresh', 'mine ok']);
    expect((await names(c, { q: 'Cellar' })).names).toEqual(['mine none']);
    expect((await names(rival, { q: 'cellar' })).names).toEqual(['theirs none']);
  });

  it("matches a custom field's value, not the names or the JSON around it", async () => {
    expect((await names(c, { q: 'site' })).names).toEqual([]);
    expect((await names(c, { q: '", "' })).names).toEqual([]);
  });

  it('finds a device by the name of its current or target firmware', async () => {
    expect((await names(c, { q: 'boreal' })).names).toEqual(['mine fresh', 'mine pending']);
    expect((await names(c, { q: 'auro' })).names).toEqual(['mine ok', 'mine pending']);
    expect((await names(rival, { q: 'auro' })).names).toEqual(['theirs ok', 'theirs pending']);
  });

  it('follows a renamed firmware at once, totals included', async () => {
    const mine = await c.get(`/api/firmware?filter=${encodeURIComponent('{"q":"Boreal"}')}&range=[0,9]`);
    const [boreal] = mine.json() as { id: number }[];
    expect(await names(c, { q: 'boreal' })).toEqual({ names: ['mine fresh', 'mine pending'], total: 'device 0-1/2' });
    expect((await c.put(`/api/firmware/${boreal.id}`, { name: 'Polar' })).statusCode).toBe(200);
    expect(await names(c, { q: 'boreal' })).toEqual({ names: [], total: 'device */0' });
    expect(await names(c, { q: 'polar' })).toEqual({ names: ['mine fresh', 'mine pending'], total: 'device 0-1/2' });
    expect((await c.put(`/api/firmware/${boreal.id}`, { name: 'Boreal' })).statusCode).toBe(200);
  });

  it('still finds by name and unique ID, with the totals of the page', async () => {
    expect(await names(c, { q: 'mine-ok' })).toEqual({ names: ['mine ok'], total: 'device 0-0/1' });
  });
});

describe('the CSV export', () => {
  it("has the current firmware's id and name", async () => {
    const res = await c.get('/api/download/csv_export/device?sort=["name","ASC"]');
    const [header, ...rows] = res.body.split('\r\n').filter((l) => l !== '').map((l) => l.split(','));
    const at = header.indexOf('current_firmware_name');
    expect(header[at - 1]).toBe('current_firmware_id');
    expect(rows.map((r) => r[at])).toEqual(['', '', 'Aurora (1.0.0)', 'Aurora (1.0.0)']);
  });
});
