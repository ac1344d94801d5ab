/**
 * `npm run demo`'s live devices: on a seeded demo fleet, the first devices of the first demo team
 * check in for real through the device API of a listening app (last seen, their factory configuration
 * adopted, their target firmware downloaded from the file uploaded for it and installed), and only those.
 * Then the demo's rollout: a pre-release brought to the live devices of the first type in phases, a
 * share of them failing, so that it advances and then pauses itself at its threshold.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemo } from '../../server/demo/seed';
import { DEMO_TEAMS } from '../../server/demo/fleet';
import { LIVE_TEAM, liveDeviceCount, startLiveDemo, type LiveDemo } from '../../server/demo/live';
import { SIMULATED_FAILURE } from '../../server/simulator/simDevice';
import type { RolloutProgress } from '../../src/schemas/rolloutPlan';
import { refListIds } from '../../src/schemas/kinds';
import { api, createTestApp, createUser, signIn, type Client, type TestApp } from './helpers';

interface DeviceView {
  id: number;
  name: string;
  last_seen: string | null;
  config_state: string | null;
  current_firmware_id: number | null;
  target_firmware_id: number | null;
  firmware_history: { date: string; firmware_id: number }[];
  config_history: { source: string }[];
}

// Five of each type: the fifth of a type lags a release behind its target in the seed.
const LIVE = 10;
/** The rollout's describe: 12 of the first type, 4 of them in no group (one in three), the devices its rollout takes. */
const ROLLOUT_LIVE = 24;

describe('the live devices', () => {
  let t: TestApp;
  let c: Client;
  let live: LiveDemo;
  const lines: string[] = [];
  const seededAt = new Date(Date.now() - 48 * 3_600_000);
  /** Devices the server answered to the live demo's device lists while it started. */
  let devicesListed = 0;

  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.db, 'demo_admin', 'demo-password-1', { serverAdmin: true });
    await seedDemo(t.db, { now: seededAt });
    c = api(t.app, await signIn(t.app, 'demo_admin', 'demo-password-1'));
    const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const res = await realFetch(input, init);
      if (new URL(String(input)).pathname === '/api/device' && (init?.method ?? 'GET') === 'GET') devicesListed += ((await res.clone().json()) as unknown[]).length;
      return res;
    });
    try {
      live = await startLiveDemo(t.app, url, { count: LIVE, intervalS: 0.3, userChangeEveryS: 3600, rollout: false, log: (line) => lines.push(line) });
    } finally {
      spy.mockRestore();
    }
  }, 60_000);
  afterAll(async () => {
    await live?.stop();
    await t?.close();
  });

  async function teamDevices(first: number): Promise<DeviceView[]> {
    const team = (await t.db.query<{ id: number }>('SELECT id FROM team WHERE name = $1', [LIVE_TEAM])).rows[0];
    const query = new URLSearchParams({ filter: JSON.stringify({ team_id: team.id }), sort: JSON.stringify(['id', 'ASC']), range: JSON.stringify([0, first - 1]) });
    return (await c.get(`/api/device?${query}`)).json();
  }

  it('makes the first devices of the first demo team check in: fresh last seen, factory configuration adopted, target firmware installed', async () => {
    expect(lines).toEqual([expect.stringContaining(`Live demo devices: ${LIVE} of '${LIVE_TEAM}'`)]);
    const started = Date.now() - 1000;
    await expect
      .poll(async () => (await teamDevices(LIVE)).filter((d) => d.config_state === 'synchronized' && Date.parse(d.last_seen ?? '') >= started && d.current_firmware_id === d.target_firmware_id).length, {
        timeout: 20_000,
        interval: 200,
      })
      .toBe(LIVE);
    const devices = await teamDevices(LIVE + 1);
    for (const d of devices.slice(0, LIVE)) expect(d.config_history.at(-1)?.source).toBe('device');
    // The laggards installed their target: a new firmware history entry, the others none.
    const updatedNow = devices.slice(0, LIVE).filter((d) => Date.parse(d.firmware_history.at(-1)?.date ?? '') >= started);
    expect(updatedNow.map((d) => d.name)).toEqual(['Climate sensor 0005', 'Irrigation valve 0005']);
    for (const d of updatedNow) expect(d.firmware_history.at(-1)?.firmware_id).toBe(d.target_firmware_id);
    // The next device of the team is not live: what the seed typed stays.
    expect(devices[LIVE].config_state).toBeNull();
    expect(Date.parse(devices[LIVE].last_seen ?? '')).toBeLessThan(started);
  });

  it('reads only the devices it makes alive, not the whole team: a big fleet answers its first requests at full speed', () => {
    expect(devicesListed).toBe(LIVE);
  });

  it('reads PUCS_DEMO_LIVE: 50 devices unless told, 0 for none; nothing starts for 0', async () => {
    expect(liveDeviceCount({})).toBe(50);
    expect(liveDeviceCount({ PUCS_DEMO_LIVE: '0' })).toBe(0);
    expect(liveDeviceCount({ PUCS_DEMO_LIVE: '7' })).toBe(7);
    const quiet: string[] = [];
    await (await startLiveDemo(t.app, 'http://127.0.0.1:1', { count: 0, log: (line) => quiet.push(line) })).stop();
    expect(quiet).toEqual([]);
  });

  it('logs one line and lets the server go on when the live devices cannot start', async () => {
    const failed: string[] = [];
    await (await startLiveDemo(t.app, 'http://127.0.0.1:1', { count: 2, log: (line) => failed.push(line) })).stop();
    expect(failed).toEqual([expect.stringMatching(/^The live demo devices stopped: .*fetch failed/)]);
    expect((await c.get('/api/team')).statusCode).toBe(200);
  });
});

describe("the demo's rollout", () => {
  let t: TestApp;
  let c: Client;
  let live: LiveDemo;
  const lines: string[] = [];
  const [firstType] = DEMO_TEAMS[0].types;

  beforeAll(async () => {
    // The engine ticks often, so that the phases go by in seconds.
    t = await createTestApp({ PUCS_ROLLOUT_TICK_MS: '100' });
    await createUser(t.db, 'demo_admin', 'demo-password-1', { serverAdmin: true });
    await seedDemo(t.db);
    c = api(t.app, await signIn(t.app, 'demo_admin', 'demo-password-1'));
    const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    live = await startLiveDemo(t.app, url, { count: ROLLOUT_LIVE, intervalS: 0.3, userChangeEveryS: 3600, log: (line) => lines.push(line) });
  }, 60_000);
  afterAll(async () => {
    await live?.stop();
    await t?.close();
  });

  interface RolloutView {
    id: number;
    name: string;
    state: string;
    firmware_id: number;
    device_ids: unknown;
    failure_threshold_percent: number;
  }
  const rollouts = async () => (await c.get(`/api/rollout?${new URLSearchParams({ sort: '["id","ASC"]', range: '[0,9]' })}`)).json() as Promise<RolloutView[]>;
  const progress = async (id: number) => (await c.get(`/api/rollout/${id}/progress`)).json() as Promise<RolloutProgress>;

  it("runs one rollout, started by the administrator: the first type's pre-release to its live devices not running it yet", async () => {
    const list = await rollouts();
    expect(list).toHaveLength(1);
    const [rollout] = list;
    expect(['running', 'paused']).toContain(rollout.state);
    const firmware = (await c.get(`/api/firmware/${rollout.firmware_id}`)).json() as { name: string; version: string };
    expect(firmware).toMatchObject({ name: firstType.firmwareName, version: firstType.versions.at(-1) });
    const team = (await t.db.query<{ id: number }>('SELECT id FROM team WHERE name = $1', [LIVE_TEAM])).rows[0];
    const query = new URLSearchParams({ filter: JSON.stringify({ team_id: team.id }), sort: JSON.stringify(['id', 'ASC']), range: JSON.stringify([0, ROLLOUT_LIVE - 1]) });
    const liveDevices = (await c.get(`/api/device?${query}`)).json() as { id: number; name: string; group_id: number | null }[];
    // Those of no group (a rollout over chosen devices takes no device of a group: docs/ROLLOUTS.md, "The group rule"): one in three.
    const expected = liveDevices.filter((d) => d.name.startsWith(firstType.name) && d.group_id === null);
    expect(expected).toHaveLength(4);
    expect([...(refListIds(rollout.device_ids) ?? [])].sort((a, b) => a - b)).toEqual(expected.map((d) => d.id));
    // Started as a user starts one (PUT /api/rollout/{id}/state), by the server administrator.
    const { history } = await progress(rollout.id);
    expect(history[0]).toMatchObject({ event: 'start', phase: 0, by: 'demo_admin' });
    expect(lines).toEqual([expect.stringContaining(`Live demo devices: ${ROLLOUT_LIVE} of '${LIVE_TEAM}'`), expect.stringContaining(`Demo rollout '${rollout.name}'`)]);
  });

  it('advances past its first phase, then pauses itself once a phase has failures reaching its threshold', async () => {
    const [{ id, failure_threshold_percent: threshold }] = await rollouts();
    await expect.poll(async () => (await progress(id)).state, { timeout: 60_000, interval: 200 }).not.toBe('running');
    const p = await progress(id);
    expect(p.state).toBe('paused');
    expect(p.phase).toBeGreaterThan(1);
    expect(p.phases[0]).toMatchObject({ succeeded: p.phases[0].devices, failed: 0 });
    const stopped = p.phases[p.phase - 1];
    expect(stopped.failed * 100).toBeGreaterThanOrEqual(threshold * stopped.devices);
    expect(p.history.filter((e) => e.event === 'threshold_reached')).toEqual([expect.objectContaining({ phase: p.phase, by: null })]);
    expect(p.failed_devices.length).toBeGreaterThan(0);
    for (const failed of p.failed_devices) expect(failed).toMatchObject({ phase: p.phase, message: SIMULATED_FAILURE });
    // Paused: no later phase has started, its devices were not told.
    for (const later of p.phases.slice(p.phase)) expect(later).toMatchObject({ pending: later.devices, started_at: null });
  });
});
