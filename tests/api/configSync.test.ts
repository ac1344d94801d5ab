/**
 * Configuration sync as the console and a device see it (docs/DEVICE_API.md): every transition of a
 * user's write and of a check-in, each with a wrong move beside it, through the real routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { adminWithTeam, createTestApp, description, type Client, type TestApp } from './helpers';
import { checkinOk, deviceWithKey, type TestDevice } from './deviceApiHelpers';

let t: TestApp;
let owner: Awaited<ReturnType<typeof adminWithTeam>>;
let c: Client;

beforeAll(async () => {
  t = await createTestApp();
  owner = await adminWithTeam(t, 'sync_owner');
  c = owner.client;
});
afterAll(() => t.close());

interface Entry {
  config_id: number;
  date: string;
  source: 'user' | 'device';
}
interface SyncView {
  config_id: number | null;
  config_state: string | null;
  last_config_sync: string | null;
  config_history: Entry[];
}

async function newConfig(value: unknown, team = owner.teamId): Promise<number> {
  const res = await c.post('/api/config', { config: JSON.stringify(value), team_id: team });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

async function view(device: TestDevice): Promise<SyncView> {
  return (await c.get(`/api/device/${device.id}`)).json();
}

const put = (device: TestDevice, body: Record<string, unknown>) => c.put(`/api/device/${device.id}`, body);

async function putOk(device: TestDevice, body: Record<string, unknown>): Promise<SyncView> {
  const res = await put(device, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A device whose product configuration `value` the device has applied (synchronized, one history entry). */
async function synchronizedDevice(value: unknown): Promise<{ device: TestDevice; P: number }> {
  const P = await newConfig(value);
  const device = await deviceWithKey(c, owner.teamId, { config_id: P });
  await checkinOk(t.app, device, { config_id: P });
  expect((await view(device)).config_state).toBe('synchronized');
  return { device, P };
}

/** A synchronized device (L) with a new product configuration waiting, then a local change of the device: conflict. */
async function conflictDevice() {
  const { device, P: L } = await synchronizedDevice({ rate: 1 });
  const P = await newConfig({ rate: 2 });
  await putOk(device, { config_id: P });
  const answer = await checkinOk(t.app, device, { config_id: L, config: { rate: 3 } });
  expect(answer.config).toBeNull();
  const after = await view(device);
  expect(after).toMatchObject({ config_state: 'conflict', config_id: P });
  const D = after.config_history.at(-1)!;
  expect(D.source).toBe('device');
  return { device, L, P, D: D.config_id };
}

describe("a user's write of a device", () => {
  it('POST /api/config answers the new id; another team\'s configuration cannot be a device\'s', async () => {
    const id = await newConfig({ a: 1 });
    expect(((await c.get(`/api/config/${id}`)).json() as { config: string }).config).toBe('{"a":1}');
    const other = await adminWithTeam(t, 'sync_other');
    const foreign = ((await other.client.post('/api/config', { config: '{}', team_id: other.teamId })).json() as { id: number }).id;
    const device = await deviceWithKey(c, owner.teamId);
    const res = await put(device, { config_id: foreign });
    expect([400, 404]).toContain(res.statusCode);
    expect((await view(device)).config_id).toBeNull();
  });

  it('a device made with a configuration waits to send it; one made without has no state', async () => {
    const P = await newConfig({ a: 1 });
    expect(await view(await deviceWithKey(c, owner.teamId, { config_id: P }))).toMatchObject({ config_id: P, config_state: 'waiting_to_be_send' });
    expect((await view(await deviceWithKey(c, owner.teamId))).config_state).toBeNull();
    const type = (await c.post('/api/type', { name: 'sync type', team_id: owner.teamId })).json() as { id: number };
    const body = { name: 'claims sync', team_id: owner.teamId, type_id: type.id, uid_for_type: 'X1', config_id: P, config_state: 'synchronized' };
    const res = await c.post('/api/device', body);
    expect(res.statusCode).toBe(400);
    expect(description(res)).toBe(ownMessages.configStateNotAllowed('synchronized', 'waiting_to_be_send'));
  });

  it('a new configuration makes the state waiting_to_be_send; a body claiming another state is refused and changes nothing', async () => {
    const { device, P } = await synchronizedDevice({ a: 1 });
    const X = await newConfig({ a: 2 });
    const refused = await put(device, { config_id: X, config_state: 'synchronized' });
    expect(refused.statusCode).toBe(400);
    expect(description(refused)).toBe(ownMessages.configStateNotAllowed('synchronized', 'waiting_to_be_send'));
    expect(await view(device)).toMatchObject({ config_id: P, config_state: 'synchronized' });
    expect(await putOk(device, { config_id: X, config_state: 'waiting_to_be_send' })).toMatchObject({ config_id: X, config_state: 'waiting_to_be_send' });
    // Back to the configuration the device holds (the last history entry): synchronized again.
    expect(await putOk(device, { config_id: P })).toMatchObject({ config_id: P, config_state: 'synchronized' });
  });

  it('no configuration: no state; the state alone cannot be moved, an unknown one is refused', async () => {
    const { device } = await synchronizedDevice({ a: 1 });
    expect((await put(device, { config_id: null, config_state: 'waiting_to_be_send' })).statusCode).toBe(400);
    expect((await put(device, { config_state: 'waiting_to_be_send' })).statusCode).toBe(400);
    expect((await put(device, { config_state: 'bogus' })).statusCode).toBe(400);
    expect((await put(device, { config_state: 'synchronized', name: 'kept state' })).statusCode).toBe(200);
    expect(await putOk(device, { config_id: null })).toMatchObject({ config_id: null, config_state: null });
  });

  it("conflict, the product's configuration chosen: waiting_to_be_send, sent at the next check-in, then synchronized", async () => {
    const { device, P } = await conflictDevice();
    expect((await put(device, { config_state: 'synchronized' })).statusCode).toBe(400);
    expect(await putOk(device, { config_state: 'waiting_to_be_send' })).toMatchObject({ config_id: P, config_state: 'waiting_to_be_send' });
    const answer = await checkinOk(t.app, device, { config: { rate: 3 } });
    expect(answer.config).toEqual({ id: P, config: { rate: 2 } });
    await checkinOk(t.app, device, { config_id: P, config: { rate: 2 } });
    const after = await view(device);
    expect(after.config_state).toBe('synchronized');
    expect(after.config_history.at(-1)).toMatchObject({ config_id: P, source: 'user' });
  });

  it("conflict, the device's configuration chosen: its id becomes the product's, synchronized", async () => {
    const { device, P, D } = await conflictDevice();
    const syncedBefore = (await view(device)).last_config_sync as string;
    const wrong = await put(device, { config_id: D, config_state: 'waiting_to_be_send' });
    expect(wrong.statusCode).toBe(400);
    expect((await view(device)).config_id).toBe(P);
    expect(await putOk(device, { config_id: D, config_state: 'synchronized' })).toMatchObject({ config_id: D, config_state: 'synchronized' });
    // They agree from the moment the user chose: the last sync is that moment, not the one before the conflict.
    expect(new Date((await view(device)).last_config_sync as string).getTime()).toBeGreaterThan(new Date(syncedBefore).getTime());
    const answer = await checkinOk(t.app, device, { config: { rate: 3 } });
    expect(answer.config).toBeNull();
    expect((await view(device)).config_history.at(-1)!.config_id).toBe(D);
  });
});

describe('a check-in', () => {
  it('the device reports the waiting config_id: synchronized, last sync and history updated', async () => {
    const P = await newConfig({ mode: 'eco', rate: 5 });
    const device = await deviceWithKey(c, owner.teamId, { config_id: P });
    const stillWaiting = await checkinOk(t.app, device, { config_id: null });
    expect(stillWaiting.config).toEqual({ id: P, config: { mode: 'eco', rate: 5 } });
    const wrongId = await checkinOk(t.app, device, { config_id: P + 1000 });
    expect(wrongId.config).toEqual({ id: P, config: { mode: 'eco', rate: 5 } });
    expect((await view(device)).config_state).toBe('waiting_to_be_send');

    const before = Date.now();
    expect((await checkinOk(t.app, device, { config_id: P })).config).toBeNull();
    const after = await view(device);
    expect(after.config_state).toBe('synchronized');
    expect(Date.parse(after.last_config_sync!)).toBeGreaterThanOrEqual(before - 1000);
    expect(after.config_history).toEqual([{ config_id: P, date: after.last_config_sync, source: 'user' }]);
  });

  it('the device reports the waiting configuration itself, keys in another order: synchronized', async () => {
    const P = await newConfig({ a: 1, b: { c: [1, 2], d: null } });
    const device = await deviceWithKey(c, owner.teamId, { config_id: P });
    await checkinOk(t.app, device, { config: { b: { d: null, c: [1, 2] }, a: 1 } });
    expect(await view(device)).toMatchObject({ config_id: P, config_state: 'synchronized' });
  });

  it('a synchronized device changed locally: the product adopts it, still synchronized; the same values in another key order change nothing', async () => {
    const { device, P } = await synchronizedDevice({ x: 1, y: 2 });
    await checkinOk(t.app, device, { config_id: P, config: { y: 2, x: 1 } });
    const same = await view(device);
    expect(same.config_id).toBe(P);
    expect(same.config_history).toHaveLength(1);

    await checkinOk(t.app, device, { config_id: P, config: { x: 1, y: 3 } });
    const after = await view(device);
    expect(after.config_id).not.toBe(P);
    expect(after.config_state).toBe('synchronized');
    expect(after.config_history.at(-1)).toMatchObject({ config_id: after.config_id, source: 'device' });
    const D = (await c.get(`/api/config/${after.config_id}`)).json() as { config: string; author_id: number | null; team_id: number };
    expect(D).toMatchObject({ author_id: null, team_id: owner.teamId });
    expect(JSON.parse(D.config)).toEqual({ x: 1, y: 3 });
  });

  it('a device never configured reports its configuration: the product adopts it', async () => {
    const device = await deviceWithKey(c, owner.teamId);
    await checkinOk(t.app, device, { config: [1, 'two'] });
    const after = await view(device);
    expect(after.config_state).toBe('synchronized');
    expect(after.config_id).not.toBeNull();
  });

  it('a local change while a product change waits: conflict, the device configuration kept as the last history entry; reporting the last synchronized one is no conflict', async () => {
    const { device, P: L } = await synchronizedDevice({ rate: 1 });
    const P = await newConfig({ rate: 2 });
    await putOk(device, { config_id: P });
    const unchanged = await checkinOk(t.app, device, { config_id: L, config: { rate: 1 } });
    expect(unchanged.config).toEqual({ id: P, config: { rate: 2 } });
    expect((await view(device)).config_state).toBe('waiting_to_be_send');

    await checkinOk(t.app, device, { config_id: L, config: { rate: 3 } });
    const after = await view(device);
    expect(after).toMatchObject({ config_state: 'conflict', config_id: P });
    const D = after.config_history.at(-1)!;
    expect(D.source).toBe('device');
    expect(JSON.parse(((await c.get(`/api/config/${D.config_id}`)).json() as { config: string }).config)).toEqual({ rate: 3 });
  });

  it('in conflict, another local change is recorded (still conflict); the same one again is not', async () => {
    const { device, D } = await conflictDevice();
    await checkinOk(t.app, device, { config: { rate: 3 } });
    expect((await view(device)).config_history.at(-1)!.config_id).toBe(D);
    const answer = await checkinOk(t.app, device, { config: { rate: 4 } });
    expect(answer.config).toBeNull();
    const after = await view(device);
    expect(after.config_state).toBe('conflict');
    expect(after.config_history.at(-1)!.config_id).not.toBe(D);
  });

  it("in conflict, the device reporting the product's configuration, or its id alone, ends the conflict: synchronized, P in the history", async () => {
    for (const reportOf of [() => ({ config: { rate: 2 } }), (P: number) => ({ config_id: P })]) {
      const { device, P, D } = await conflictDevice();
      const before = await view(device);
      const checkedIn = new Date().toISOString();
      const answer = await checkinOk(t.app, device, reportOf(P));
      expect(answer.config).toBeNull();
      const after = await view(device);
      expect(after).toMatchObject({ config_state: 'synchronized', config_id: P });
      expect(after.config_history.map((e) => e.config_id)).toEqual([...before.config_history.map((e) => e.config_id), P]);
      expect(after.config_history.at(-1)!.source).toBe('user');
      expect(after.config_history.at(-2)!.config_id).toBe(D);
      expect(after.last_config_sync! >= checkedIn).toBe(true);
    }
  });

  it('two check-ins of one device at once apply one after the other', async () => {
    for (let round = 0; round < 5; round++) {
      const { device, P: L } = await synchronizedDevice({ round, v: 0 });
      const P = await newConfig({ round, v: 1 });
      await putOk(device, { config_id: P });
      await Promise.all([checkinOk(t.app, device, { config_id: P }), checkinOk(t.app, device, { config_id: L, config: { round, v: 2 } })]);
      const after = await view(device);
      const ids = after.config_history.map((e) => e.config_id);
      // Applied first, then the local change adopted (D last); or a conflict first (D), which the bare config_id report of P then ends.
      const serial = [
        { config_state: 'synchronized', config_id: ids.at(-1), ids: [L, P, ids.at(-1)] },
        { config_state: 'synchronized', config_id: P, ids: [L, ids.at(-2), P] },
      ];
      expect(serial).toContainEqual({ config_state: after.config_state, config_id: after.config_id, ids });
    }
  });

  it('no configuration reported: nothing changes; the history keeps its last 100 entries', async () => {
    const { device, P } = await synchronizedDevice({ n: 0 });
    await checkinOk(t.app, device, {});
    expect(await view(device)).toMatchObject({ config_id: P, config_state: 'synchronized' });
    const long = Array.from({ length: 100 }, (_, i) => ({ config_id: P, date: new Date(i * 1000).toISOString(), source: 'user' }));
    await t.db.query('UPDATE device SET config_history = $1::jsonb WHERE id = $2', [JSON.stringify(long), device.id]);
    await checkinOk(t.app, device, { config: { n: 1 } });
    const history = (await view(device)).config_history;
    expect(history).toHaveLength(100);
    expect(history[0].date).toBe(long[1].date);
    expect(history.at(-1)!.source).toBe('device');
  });
});
