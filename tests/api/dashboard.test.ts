/**
 * GET /api/dashboard: the home page's figures count the devices of the caller's teams only, for a
 * server administrator too, and match what the devices table lists for the same filter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardFigures } from '../../src/custom/dashboard/dashboardFigures';
import { adminWithTeam, api, createTeam, createTestApp, createUser, memberOf, queriesDuring, ROLE, signIn, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';

let t: TestApp;
let alice: Client;
let teamA: number;
let teamB: number;
const ids: Record<string, number> = {};

const HOUR = 3600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

async function figures(client: Client): Promise<DashboardFigures> {
  const res = await client.get('/api/dashboard');
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** What the device API would have stored: last check-in, reported firmware, sync state. */
async function reported(device: number, fields: { last_seen?: string | null; current_firmware_id?: number | null; config_state?: string | null }) {
  await t.db.query('UPDATE device SET last_seen = $2, current_firmware_id = $3, config_state = $4 WHERE id = $1', [
    device,
    fields.last_seen ?? null,
    fields.current_firmware_id ?? null,
    fields.config_state ?? null,
  ]);
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await adminWithTeam(t, 'dash_alice');
  alice = a.client;
  teamA = a.teamId;
  const b = await adminWithTeam(t, 'dash_bob');
  teamB = b.teamId;
  const make = async (client: Client, key: string, tag: string, body: Record<string, unknown>) => {
    ids[tag] = (await createOk(client, key, body)).id as number;
  };
  await make(alice, 'type', 'sensor', { name: 'Sensor', team_id: teamA });
  await make(alice, 'type', 'gateway', { name: 'Gateway', team_id: teamA });
  await make(alice, 'firmware', 'fw1', { name: 'sensorfw', version: '1.0.0', type_id: ids.sensor, team_id: teamA });
  await make(alice, 'firmware', 'fw2', { name: 'sensorfw', version: '2.0.0', type_id: ids.sensor, team_id: teamA });
  const device = (tag: string, type: string, target?: string) =>
    make(alice, 'device', tag, { name: tag, uid_for_type: tag, team_id: teamA, type_id: ids[type], ...(target ? { target_firmware_id: ids[target] } : {}) });
  await device('s1', 'sensor', 'fw2');
  await device('s2', 'sensor', 'fw2');
  await device('s3', 'sensor');
  await device('g1', 'gateway');
  await reported(ids.s1, { last_seen: ago(48 * HOUR), current_firmware_id: ids.fw1, config_state: 'synchronized' });
  await reported(ids.s2, { last_seen: ago(HOUR), current_firmware_id: ids.fw2, config_state: 'conflict' });
  await reported(ids.s3, { config_state: 'waiting_to_be_send' });
  // Team B's fleet: never counted for Alice, though it is bigger and older.
  await make(b.client, 'type', 'other', { name: 'Other', team_id: teamB });
  for (const tag of ['o1', 'o2', 'o3']) {
    await make(b.client, 'device', tag, { name: tag, uid_for_type: tag, team_id: teamB, type_id: ids.other });
    await reported(ids[tag], { last_seen: ago(72 * HOUR), config_state: 'conflict' });
  }
});
afterAll(() => t.close());

describe('GET /api/dashboard', () => {
  it('answers 401 when signed out', async () => {
    const res = await api(t.app).get('/api/dashboard');
    expect(res.statusCode).toBe(401);
  });

  it("counts the caller's small fleet: total, last seen, states, types and firmwares in the field", async () => {
    expect(await figures(alice)).toEqual({
      device_count: 4,
      not_seen_for_a_day: 1,
      never_seen: 2,
      config_states: [
        { config_state: 'synchronized', count: 1 },
        { config_state: 'waiting_to_be_send', count: 1 },
        { config_state: 'conflict', count: 1 },
        { config_state: null, count: 1 },
      ],
      types: [
        {
          type_id: ids.sensor,
          name: 'Sensor',
          count: 3,
          current_firmware: [
            { firmware_id: ids.fw1, name: 'sensorfw', version: '1.0.0', count: 1 },
            { firmware_id: ids.fw2, name: 'sensorfw', version: '2.0.0', count: 1 },
            { firmware_id: null, name: null, version: null, count: 1 },
          ],
          target_firmware: [
            { firmware_id: ids.fw2, name: 'sensorfw', version: '2.0.0', count: 2 },
            { firmware_id: null, name: null, version: null, count: 1 },
          ],
        },
        {
          type_id: ids.gateway,
          name: 'Gateway',
          count: 1,
          current_firmware: [{ firmware_id: null, name: null, version: null, count: 1 }],
          target_firmware: [{ firmware_id: null, name: null, version: null, count: 1 }],
        },
      ],
      updating_now: 0,
      failed_updates: 0,
      rollouts: [],
    });
  });

  it("counts per configuration state what the devices table's filter lists", async () => {
    const states = (await figures(alice)).config_states;
    for (const { config_state, count } of states.filter((s) => s.config_state !== null)) {
      const listed = await alice.get(`/api/device?filter=${encodeURIComponent(JSON.stringify({ config_state }))}`);
      expect(listed.statusCode).toBe(200);
      expect((listed.json() as unknown[]).length, String(config_state)).toBe(count);
    }
  });

  it('shows a member of another team only that team, and a user of no team zeros', async () => {
    const bMember = await memberOf(t, 'dash_bmember', [teamB], ROLE.USER);
    const b = await figures(bMember);
    expect(b.device_count).toBe(3);
    expect(b.not_seen_for_a_day).toBe(3);
    expect(b.types.map((x) => x.name)).toEqual(['Other']);
    expect(b.config_states.find((s) => s.config_state === 'conflict')?.count).toBe(3);

    const lonely = await memberOf(t, 'dash_lonely', []);
    expect(await figures(lonely)).toEqual({
      device_count: 0,
      not_seen_for_a_day: 0,
      never_seen: 0,
      config_states: [
        { config_state: 'synchronized', count: 0 },
        { config_state: 'waiting_to_be_send', count: 0 },
        { config_state: 'conflict', count: 0 },
        { config_state: null, count: 0 },
      ],
      types: [],
      updating_now: 0,
      failed_updates: 0,
      rollouts: [],
    });
  });

  it('shows a server administrator the teams they are a member of, like the tables', async () => {
    const password = 'correct horse battery';
    const root = await createUser(t.db, 'dash_root', password, { serverAdmin: true });
    await createTeam(t.db, 'dash_root_team', [[root, ROLE.ADMIN]]);
    const admin = api(t.app, await signIn(t.app, 'dash_root', password));
    const f = await figures(admin);
    expect(f.device_count).toBe(0);
    expect(f.types).toEqual([]);
    const listed = await admin.get('/api/device?filter={}');
    expect(listed.json()).toEqual([]);
  });

  it('are kept a few seconds for the same teams, and follow a change of the devices at once', async () => {
    const before = await figures(alice);
    expect(await queriesDuring(t, () => figures(alice))).toBe(0);
    const added = await createOk(alice, 'device', { name: 'dash_new', team_id: teamA, type_id: ids.gateway, uid_for_type: 'dash-new' });
    expect((await figures(alice)).device_count).toBe(before.device_count + 1);
    expect((await alice.del(`/api/device/${added.id}`)).statusCode).toBe(200);
    expect((await figures(alice)).device_count).toBe(before.device_count);
    // Changed straight in the database (another process, a shell): told through NOTIFY too.
    await t.db.query(`UPDATE device SET config_state = 'conflict' WHERE team_id = $1`, [teamA]);
    await expect.poll(async () => (await figures(alice)).config_states.find((c) => c.config_state === 'conflict')?.count).toBe(before.device_count);
  });
});
