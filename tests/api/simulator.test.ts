/**
 * The fleet simulator's devices against the real app listening on a port (they speak HTTP, as a
 * device does): enrolled through /api, then checking in through the device API; what a user sees
 * through /api follows: last seen, a local change adopted, a pushed configuration synchronized once
 * applied, a conflict, a target firmware downloaded, verified and then current (its update states
 * reported on the way), devices made to fail an update (`--fail`) reporting it with a message, and a
 * fleet enrolled again that carries on where it stopped.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleSession } from '../../server/simulator/consoleSession';
import { downloadFirmware, signDeviceJwt } from '../../server/simulator/deviceClient';
import { enrolFleet, SIM_TYPE, type DeviceIdentity } from '../../server/simulator/fleet';
import { FILE_MISMATCH, SIMULATED_FAILURE, failingDevices, seededRandom, SimulatedDevice, type DeviceEnvironment } from '../../server/simulator/simDevice';
import { FleetStats } from '../../server/simulator/stats';
import { adminWithTeam, createTestApp, type Client, type TestApp } from './helpers';
import { firmwareFor, uploader } from './firmwareFilesHelpers';

const TEAM = 'sim_team';

let t: TestApp;
let baseUrl: string;
let admin: Awaited<ReturnType<typeof adminWithTeam>>;
let fleet: DeviceIdentity[];
// One fleet for the whole file, as one run of the simulator: each test sets the drift and new counters.
let env: DeviceEnvironment;
let devices: SimulatedDevice[];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await adminWithTeam(t, 'sim_admin', TEAM);
  env = { baseUrl, stats: new FleetStats(), drift: 0, random: seededRandom(7) };
});

afterAll(async () => {
  await t?.close();
});

interface DeviceView {
  last_seen: string | null;
  config_id: number | null;
  config_state: string | null;
  last_config_sync: string | null;
  config_history: { config_id: number; date: string; source: string }[];
  current_firmware_id: number | null;
  firmware_history: { firmware_id: number; date: string; state?: string; message?: string }[];
  update_state: string | null;
  update_firmware_id: number | null;
  update_message: string | null;
}

const view = async (c: Client, id: number) => {
  const res = await c.get(`/api/device/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json() as DeviceView;
};

const configOf = async (c: Client, id: number) => JSON.parse((await c.get(`/api/config/${id}`)).json().config as string) as unknown;

const round = (some: SimulatedDevice[]) => Promise.all(some.map((d) => d.checkIn()));

/** New counters and the given drift for what follows. */
function counting(drift: number): FleetStats {
  env.drift = drift;
  env.stats = new FleetStats();
  return env.stats;
}

describe('the simulated fleet', () => {
  it('is enrolled through /api: the devices sim-0001... of the team, reused by a second enrolment', async () => {
    const session = await ConsoleSession.signIn(baseUrl, 'sim_admin', admin.password);
    fleet = await enrolFleet(session, { team: TEAM, devices: 3 });
    expect(fleet.map((d) => d.name)).toEqual(['sim-0001', 'sim-0002', 'sim-0003']);
    const again = await enrolFleet(session, { team: TEAM, devices: 3 });
    expect(again.map((d) => d.id)).toEqual(fleet.map((d) => d.id));
    const listed = (await admin.client.get('/api/device?fields=id,name,team_id')).json().json_list as { name: string; team_id: number }[];
    expect(listed.map((d) => d.name).sort()).toEqual(['sim-0001', 'sim-0002', 'sim-0003']);
    expect(listed.every((d) => d.team_id === admin.teamId)).toBe(true);
    devices = fleet.map((identity) => new SimulatedDevice(identity, env));
  });

  it('checks in: last seen is set, and a local change is adopted by the product, synchronized', async () => {
    const stats = counting(1);
    await round(devices);
    expect(stats.errors.size).toBe(0);
    expect(stats.activity.localChanges).toBe(3);
    for (const d of devices) {
      const seen = await view(admin.client, d.identity.id);
      expect(seen.last_seen).not.toBeNull();
      expect(seen.config_state).toBe('synchronized');
      expect(seen.config_history.at(-1)).toMatchObject({ config_id: seen.config_id, source: 'device' });
      expect(await configOf(admin.client, seen.config_id!)).toEqual(d.config);
    }
  });

  it('applies a configuration a user pushes: waiting to be sent, then synchronized; a local change meanwhile makes a conflict', async () => {
    const stats = counting(0);
    const pushed = { mode: 'eco', volume: 3 };
    const created = await admin.client.post('/api/config', { config: JSON.stringify(pushed), team_id: admin.teamId });
    expect(created.statusCode).toBe(201);
    const configId = created.json().id as number;
    for (const d of devices) expect((await admin.client.put(`/api/device/${d.identity.id}`, { config_id: configId })).statusCode).toBe(200);
    for (const d of devices) expect((await view(admin.client, d.identity.id)).config_state).toBe('waiting_to_be_send');

    const [rebel, ...obedient] = devices;
    rebel.changeLocally();
    await round(devices);
    for (const d of obedient) expect(d.config).toEqual(pushed);
    await round(obedient);
    expect(stats.errors.size).toBe(0);
    for (const d of obedient) {
      const seen = await view(admin.client, d.identity.id);
      expect(seen).toMatchObject({ config_state: 'synchronized', config_id: configId });
      expect(seen.last_config_sync).not.toBeNull();
      expect(seen.config_history.at(-1)).toMatchObject({ config_id: configId, source: 'user' });
    }
    const conflict = await view(admin.client, rebel.identity.id);
    expect(conflict).toMatchObject({ config_state: 'conflict', config_id: configId });
    expect(conflict.config_history.at(-1)?.source).toBe('device');
    expect(await configOf(admin.client, conflict.config_history.at(-1)!.config_id)).toEqual(rebel.config);
  });

  /** A firmware of the simulated type with its file, made the target of `ids`. */
  async function targetFirmware(ids: number[], text: string): Promise<{ firmwareId: number; bytes: Buffer }> {
    const types = (await admin.client.get('/api/type?fields=id,name')).json().json_list as { id: number; name: string }[];
    const typeId = types.find((ty) => ty.name === SIM_TYPE)!.id;
    const bytes = Buffer.from(text.repeat(4000));
    const firmwareId = await firmwareFor(admin.client, admin.teamId, typeId, bytes);
    expect((await uploader(t.app, admin.cookie)(firmwareId, bytes)).statusCode).toBe(200);
    for (const id of ids) expect((await admin.client.put(`/api/device/${id}`, { target_firmware_id: firmwareId })).statusCode).toBe(200);
    return { firmwareId, bytes };
  }

  const states = async (some: SimulatedDevice[]) => Promise.all(some.map(async (d) => (await view(admin.client, d.identity.id)).update_state));

  it('downloads a target firmware, verifies it, installs it and then reports it, saying each step: it becomes current', async () => {
    const { firmwareId, bytes } = await targetFirmware(fleet.map((d) => d.id), 'simulated firmware image ');
    const stats = counting(0);
    await round(devices);
    expect(await states(devices)).toEqual([null, null, null]);
    await round(devices);
    expect(await states(devices)).toEqual(['downloading', 'downloading', 'downloading']);
    await round(devices);
    expect(await states(devices)).toEqual(['installing', 'installing', 'installing']);
    expect(stats.activity).toMatchObject({ firmwareInstalled: 3, firmwareRefused: 0, updatesFailed: 0 });
    for (const d of devices) expect((await view(admin.client, d.identity.id)).current_firmware_id).toBeNull();
    await round(devices);
    expect(stats.errors.size).toBe(0);
    for (const d of devices) {
      const seen = await view(admin.client, d.identity.id);
      expect(seen).toMatchObject({ current_firmware_id: firmwareId, update_state: 'succeeded', update_firmware_id: firmwareId });
      expect(seen.firmware_history.at(-1)).toEqual({ date: expect.any(String), firmware_id: firmwareId });
    }
    // A device resuming a download asks for the rest with Range.
    const part = await downloadFirmware(baseUrl, signDeviceJwt(fleet[0].id, fleet[0].key), firmwareId, 'bytes=10-19');
    expect(part.status).toBe(206);
    expect(part.bytes.equals(bytes.subarray(10, 20))).toBe(true);
  });

  it('with --fail, the share of devices made to fail report it with a message, kept in their firmware history; they do not try again', async () => {
    const failing = failingDevices(devices.length, 34, seededRandom(3));
    expect(failing.size).toBe(1);
    // The same devices, holding what they hold, some now made to fail.
    const fleetNow = devices.map((d, i) => Object.assign(new SimulatedDevice(d.identity, env, failing.has(i)), { firmware: d.firmware, configId: d.configId, config: d.config }));
    const { firmwareId } = await targetFirmware(fleet.map((d) => d.id), 'a firmware that fails on some ');
    const stats = counting(0);
    for (let i = 0; i < 4; i++) await round(fleetNow);
    expect(stats.activity).toMatchObject({ firmwareInstalled: 2, updatesFailed: 1 });
    for (const [i, d] of fleetNow.entries()) {
      const seen = await view(admin.client, d.identity.id);
      if (failing.has(i)) {
        expect(seen).toMatchObject({ update_state: 'failed', update_firmware_id: firmwareId, update_message: SIMULATED_FAILURE });
        expect(seen.current_firmware_id).not.toBe(firmwareId);
        expect(seen.firmware_history.at(-1)).toMatchObject({ firmware_id: firmwareId, state: 'failed', message: SIMULATED_FAILURE });
      } else {
        expect(seen).toMatchObject({ update_state: 'succeeded', current_firmware_id: firmwareId });
      }
    }
    await round(fleetNow);
    await round(fleetNow);
    expect(stats.activity).toMatchObject({ firmwareInstalled: 2, updatesFailed: 1 });
    expect(stats.errors.size).toBe(0);
    // The others carry on with the fleet.
    devices.splice(0, devices.length, ...fleetNow);
  });

  it('is enrolled again resuming what its devices run and hold: nothing downloaded, applied or changed', async () => {
    const session = await ConsoleSession.signIn(baseUrl, 'sim_admin', admin.password);
    const restarted = (await enrolFleet(session, { team: TEAM, devices: 3 })).map((identity) => new SimulatedDevice(identity, env));
    expect(restarted.map((d) => [d.firmware, d.config])).toEqual(devices.map((d) => [d.firmware, d.config]));
    const before = await Promise.all(fleet.map((d) => view(admin.client, d.id)));
    const stats = counting(0);
    await round(restarted);
    expect(stats.errors.size).toBe(0);
    expect(stats.activity).toMatchObject({ firmwareInstalled: 0, configsApplied: 0 });
    const after = await Promise.all(fleet.map((d) => view(admin.client, d.id)));
    const kept = (v: DeviceView) => [v.config_id, v.config_state, v.config_history, v.current_firmware_id, v.firmware_history];
    expect(after.map(kept)).toEqual(before.map(kept));
  });
});

describe('a simulated device given a firmware that is not the announced one', () => {
  let fake: Server;
  const reports: unknown[] = [];

  beforeAll(async () => {
    // A server that announces one hash and serves other bytes: the device must not install them.
    fake = createServer((req, res) => {
      if (req.url?.endsWith('/checkin')) {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () => {
          reports.push(JSON.parse(body));
          const target = { id: 9, name: 'fw', version: '2.0.0', size: 4, sha3_256: '0'.repeat(64), url: '/device-api/v1/firmware/9' };
          res.setHeader('content-type', 'application/json').end(JSON.stringify({ target_firmware: target, config: null, poll_interval_s: 60 }));
        });
      } else res.end('evil');
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  });

  afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

  it('refuses it, reports the update failed, and goes on reporting what it runs without trying again', async () => {
    const stats = new FleetStats();
    const url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    const identity = { id: 1, name: 'sim-0001', key: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey };
    const device = new SimulatedDevice(identity, { baseUrl: url, stats, drift: 0, random: seededRandom(1) });
    for (let i = 0; i < 5; i++) await device.checkIn();
    expect(stats.activity).toMatchObject({ firmwareInstalled: 0, firmwareRefused: 1, updatesFailed: 1 });
    expect(reports).toHaveLength(5);
    expect(reports.every((r) => (r as { firmware: unknown }).firmware === null)).toBe(true);
    expect(reports.map((r) => (r as { update?: unknown }).update ?? null)).toEqual([
      null,
      { firmware_id: 9, state: 'downloading' },
      { firmware_id: 9, state: 'failed', message: FILE_MISMATCH },
      null,
      null,
    ]);
  });
});
