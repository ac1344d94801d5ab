/**
 * The configuration sync state stays consistent whoever writes and in whatever order (docs/DEVICE_API.md):
 * users cannot write the server-kept fields nor another team's configuration, check-ins racing each
 * other, a user, a team move, a claim or a delete leave a state that agrees with the history and holds
 * only the device's team's configurations, histories stay bounded, and a device that applied what it
 * was sent is synchronized by its next check-in.
 */
import { createPrivateKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_LIMIT } from '../../server/deviceApi/configSync';
import { signDeviceJwt } from '../../server/simulator/deviceClient';
import { createOk } from './crudFixtures';
import { createTeam, description, memberOf, ROLE, type Client, type TestApp } from './helpers';
import { checkinOk, deviceWithKey, expectJsonError, ownerAndRival, postCheckin, postRawCheckin, type SyncView, type TeamAdmin, type TestDevice } from './deviceApiHelpers';

let t: TestApp;
let owner: TeamAdmin;
let rival: TeamAdmin;
let c: Client;
let device: TestDevice;

beforeAll(async () => {
  ({ t, owner, rival } = await ownerAndRival());
  c = owner.client;
  device = await deviceWithKey(c, owner.teamId);
});
afterAll(() => t.close());

const raw = (body: string, headers: Record<string, string>, token = device.token()) => postRawCheckin(t.app, body, headers, token);

const newConfig = async (value: unknown, client = c, team = owner.teamId) => {
  const res = await client.post('/api/config', { config: JSON.stringify(value), team_id: team });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
};

const view = async (d: TestDevice, client = c) => (await client.get(`/api/device/${d.id}`)).json() as SyncView;

describe('the sync state, written by users and devices', () => {
  const newConfig = async (value: unknown, client = c, team = owner.teamId) => {
    const res = await client.post('/api/config', { config: JSON.stringify(value), team_id: team });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };
  const view = async (d: TestDevice) => (await c.get(`/api/device/${d.id}`)).json() as SyncView;

  /** What must hold whatever the order of events: every configuration is the team's, and the state agrees with P and L. */
  async function expectConsistent(d: TestDevice) {
    const v = await view(d);
    const ids = [v.config_id, ...v.config_history.map((e) => e.config_id)].filter((id): id is number => id !== null);
    for (const id of ids) {
      const cfg = await c.get(`/api/config/${id}`);
      expect(cfg.statusCode, `config ${id}`).toBe(200);
      expect((cfg.json() as { team_id: number }).team_id).toBe(v.team_id);
    }
    const L = v.config_history.at(-1)?.config_id ?? null;
    if (v.config_state === 'synchronized') expect(v.config_id).toBe(L);
    if (v.config_state === 'waiting_to_be_send') expect(v.config_id).not.toBe(L);
    if (v.config_state === 'conflict') {
      expect(v.config_id).not.toBe(L);
      expect(v.config_history.at(-1)?.source).toBe('device');
    }
    if (v.config_state === null) expect(v.config_id).toBeNull();
    return v;
  }

  it("a user cannot give a device another team's configuration, nor an unknown one; nothing changes", async () => {
    const d = await deviceWithKey(c, owner.teamId);
    const mine = await newConfig({ mine: 1 });
    expect((await c.put(`/api/device/${d.id}`, { config_id: mine })).statusCode).toBe(200);
    const theirs = await newConfig({ theirs: 1 }, rival.client, rival.teamId);
    for (const config_id of [theirs, 999_999]) {
      const res = await c.put(`/api/device/${d.id}`, { config_id });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await view(d)).toMatchObject({ config_id: mine, config_state: 'waiting_to_be_send' });
    // Nor can the rival read the configuration the device was sent.
    expect((await rival.client.get(`/api/config/${mine}`)).statusCode).toBe(404);
  });

  it('config_state values outside the enum, of the wrong type, or not what the rules give are a 400 that changes nothing', async () => {
    const d = await deviceWithKey(c, owner.teamId);
    const cfg = await newConfig({ v: 1 });
    expect((await c.put(`/api/device/${d.id}`, { config_id: cfg })).statusCode).toBe(200);
    for (const config_state of ['Synchronized', 'waiting', '', 1, true, ['conflict'], { state: 'conflict' }, 'conflict', 'synchronized', null]) {
      const res = await c.put(`/api/device/${d.id}`, { config_state });
      expect(res.statusCode, JSON.stringify(config_state)).toBe(400);
    }
    expect(await view(d)).toMatchObject({ config_id: cfg, config_state: 'waiting_to_be_send' });
    const created = await c.post('/api/device', { name: 'born synced', team_id: owner.teamId, type_id: (await createOk(c, 'type', { name: 'bs', team_id: owner.teamId })).id, uid_for_type: 'BS1', config_id: cfg, config_state: 'synchronized' });
    expect(created.statusCode).toBe(400);
  });

  it('the server-kept sync fields cannot be written by a user', async () => {
    const d = await deviceWithKey(c, owner.teamId);
    await checkinOk(t.app, d, { config: { kept: 1 } });
    const before = await view(d);
    const forged = { config_history: [], last_config_sync: new Date(0).toISOString(), last_seen: new Date(0).toISOString(), current_firmware_id: null, firmware_history: [] };
    for (const [key, value] of Object.entries(forged)) {
      const res = await c.put(`/api/device/${d.id}`, { [key]: value });
      expect(res.statusCode, key).toBe(400);
    }
    expect(await view(d)).toEqual(before);
  });

  it('a member who is not a team admin cannot move config_id or config_state (403)', async () => {
    const d = await deviceWithKey(c, owner.teamId);
    const cfg = await newConfig({ v: 2 });
    expect((await c.put(`/api/device/${d.id}`, { config_id: cfg })).statusCode).toBe(200);
    for (const role of [ROLE.USER, ROLE.TEAMLEADER]) {
      const member = await memberOf(t, `probe_member_${role}`, [owner.teamId], role);
      expect((await member.put(`/api/device/${d.id}`, { config_state: 'waiting_to_be_send' })).statusCode).toBe(403);
      expect((await member.put(`/api/device/${d.id}`, { config_id: null })).statusCode).toBe(403);
      expect((await member.post('/api/config', { config: '{}', team_id: owner.teamId })).statusCode).toBe(403);
    }
    expect(await view(d)).toMatchObject({ config_id: cfg, config_state: 'waiting_to_be_send' });
  });

  it('two check-ins of one device at once with different local changes leave a consistent state', async () => {
    const d = await deviceWithKey(c, owner.teamId);
    await checkinOk(t.app, d, { config: { n: 0 } });
    const results = await Promise.all([1, 2, 3, 4].map((n) => postCheckin(t.app, d.token(), { config: { n } })));
    for (const r of results) expect(r.statusCode).toBe(200);
    const v = await expectConsistent(d);
    expect(v.config_state).toBe('synchronized');
    expect(v.config_history).toHaveLength(5);
  });

  it("a user's new configuration racing a device's local change: whichever comes first, the state stays consistent", async () => {
    for (let round = 0; round < 3; round++) {
      const d = await deviceWithKey(c, owner.teamId);
      await checkinOk(t.app, d, { config: { base: round } });
      const cfg = await newConfig({ user: round });
      const [put, report] = await Promise.all([c.put(`/api/device/${d.id}`, { config_id: cfg }), postCheckin(t.app, d.token(), { config: { local: round } })]);
      expect(put.statusCode, put.body).toBe(200);
      expect(report.statusCode).toBe(200);
      const v = await expectConsistent(d);
      expect(v.config_id).toBe(cfg);
      expect(['waiting_to_be_send', 'conflict']).toContain(v.config_state);
    }
  });

  it("a user resolving a conflict with the device's configuration while the device reports yet another one stays consistent", async () => {
    const d = await deviceWithKey(c, owner.teamId);
    await checkinOk(t.app, d, { config: { base: 1 } });
    const cfg = await newConfig({ user: 1 });
    expect((await c.put(`/api/device/${d.id}`, { config_id: cfg })).statusCode).toBe(200);
    await checkinOk(t.app, d, { config: { local: 1 } });
    const inConflict = await view(d);
    expect(inConflict.config_state).toBe('conflict');
    const L = inConflict.config_history.at(-1)!.config_id;
    const [put, report] = await Promise.all([
      c.put(`/api/device/${d.id}`, { config_id: L, config_state: 'synchronized' }),
      postCheckin(t.app, d.token(), { config: { local: 2 } }),
    ]);
    expect(report.statusCode).toBe(200);
    expect([200, 400]).toContain(put.statusCode);
    await expectConsistent(d);
  });

  it('a device sending another configuration on every check-in keeps only the last 100 history entries, all of its team', async () => {
    const d = await deviceWithKey(c, owner.teamId);
    for (let n = 0; n < 105; n++) await checkinOk(t.app, d, { config: { n } });
    const v = await expectConsistent(d);
    expect(v.config_history).toHaveLength(100);
    expect(v.config_history.at(-1)!.config_id).toBe(v.config_id);
  });
});

describe('reports that change nothing, racing a user (the unlocked read and batched last_seen)', () => {
  it('a device reporting the configuration it holds while a user switches config_id: every answer is one of the states, and the end state is consistent', async () => {
    const d = await deviceWithKey(c, owner.teamId);
    await checkinOk(t.app, d, { config: { held: 1 } });
    const D1 = (await view(d)).config_id as number;
    const X = await newConfig({ held: 2 });
    for (let round = 0; round < 8; round++) {
      const target = round % 2 === 0 ? X : D1;
      const [put, ...reports] = await Promise.all([
        c.put(`/api/device/${d.id}`, { config_id: target }),
        ...Array.from({ length: 4 }, () => postCheckin(t.app, d.token(), { config_id: D1, config: { held: 1 } })),
      ]);
      expect(put.statusCode, put.body).toBe(200);
      for (const r of reports) {
        expect(r.statusCode, r.body).toBe(200);
        const sent = (r.json() as { config: { id: number; config: unknown } | null }).config;
        // Sent: the product's configuration of a moment of the race, whole and of the team.
        if (sent) expect(sent).toEqual({ id: X, config: { held: 2 } });
      }
      const v = await view(d);
      expect(v.config_id).toBe(target);
      expect(v.config_state).toBe(target === D1 ? 'synchronized' : 'waiting_to_be_send');
      expect(v.config_history.at(-1)!.config_id).toBe(D1);
    }
  });

  it('odd keys (a NUL, a lone surrogate, a 10 KB name) are a JSON 400 naming nothing that breaks the answer', async () => {
    for (const key of ['\u0000', '\ud800', 'k'.repeat(10_000)]) {
      expectJsonError(await raw(`{"${key}": 1}`, { 'content-type': 'application/json' }), 400);
    }
  });
});

describe('races of a fleet', () => {
  it('twenty concurrent check-ins of one device with different configurations: all 200, one history entry each, consistent', async () => {
    const d = await deviceWithKey(c, owner.teamId);
    const results = await Promise.all(Array.from({ length: 20 }, (_, n) => postCheckin(t.app, d.token(), { config: { n } })));
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const v = await view(d);
    expect(v.config_state).toBe('synchronized');
    expect(v.config_history).toHaveLength(20);
    expect(new Set(v.config_history.map((e) => e.config_id)).size).toBe(20);
    expect(v.config_history.at(-1)!.config_id).toBe(v.config_id);
  });

  it('check-ins racing a move to another team: afterwards the old key opens nothing and no configuration of the old team stays', async () => {
    const d = await deviceWithKey(c, owner.teamId);
    await checkinOk(t.app, d, { config: { before: 1 } });
    const second = await createTeam(t.db, 'fleet move', [[owner.userId, ROLE.ADMIN]]);
    const newType = (await createOk(c, 'type', { name: 'fleet moved type', team_id: second })).id as number;
    const theirs = await newConfig({ second: true }, c, second);
    const [move, ...reports] = await Promise.all([
      c.put(`/api/device/${d.id}`, { team_id: second, type_id: newType, config_id: theirs }),
      ...Array.from({ length: 6 }, (_, n) => postCheckin(t.app, d.token(), { config: { racing: n } })),
    ]);
    expect(move.statusCode, move.body).toBe(200);
    for (const r of reports) expect([200, 401]).toContain(r.statusCode);
    expect((await postCheckin(t.app, d.token(), {})).statusCode).toBe(401);
    const v = await view(d);
    expect(v).toMatchObject({ team_id: second, config_id: theirs, config_state: 'waiting_to_be_send', config_history: [] });
    // The new team's key gets the new team's configuration, and nothing of the old one.
    const key = await c.get(`/api/download/private_key/${d.id}`);
    const fresh = createPrivateKey(key.body);
    const answer = await postCheckin(t.app, signDeviceJwt(d.id, fresh), {});
    expect(answer.json()).toMatchObject({ config: { id: theirs, config: { second: true } } });
  });

  it("a configured device moved with its team alone takes a copy of its configuration: the new team's, never the old one's", async () => {
    const d = await deviceWithKey(c, owner.teamId);
    const mine = await newConfig({ mine: 1 });
    expect((await c.put(`/api/device/${d.id}`, { config_id: mine })).statusCode).toBe(200);
    const second = await createTeam(t.db, 'fleet keep', [[owner.userId, ROLE.ADMIN]]);
    const newType = (await createOk(c, 'type', { name: 'fleet keep type', team_id: second })).id as number;
    const res = await c.put(`/api/device/${d.id}`, { team_id: second, type_id: newType });
    expect(res.statusCode, res.body).toBe(200);
    const v = await view(d);
    expect(v).toMatchObject({ team_id: second, config_state: 'waiting_to_be_send', config_history: [] });
    expect(v.config_id).not.toBe(mine);
    expect((await c.get(`/api/config/${v.config_id}`)).json()).toMatchObject({ team_id: second, config: '{"mine":1}' });
    expectJsonError(await postCheckin(t.app, d.token(), {}), 401);
    const fresh = createPrivateKey((await c.get(`/api/download/private_key/${d.id}`)).body);
    expect((await postCheckin(t.app, signDeviceJwt(d.id, fresh), {})).json()).toMatchObject({ config: { id: v.config_id, config: { mine: 1 } } });
  });

  it("check-ins bringing local changes while the device is claimed into another team: the claimant's team gets a copy of the latest configuration, nothing of the old team", async () => {
    for (let round = 0; round < 2; round++) {
      const d = await deviceWithKey(c, owner.teamId);
      await checkinOk(t.app, d, { config: { base: round } });
      expect((await c.post(`/api/device_qr_code/${d.id}`)).statusCode).toBeLessThan(300);
      const code = ((await c.put(`/api/set_device_claimed_status/${d.id}`, { to_be_claimed: true })).json() as { claim_code: string }).claim_code;
      const [claimed, ...reports] = await Promise.all([
        rival.client.put(`/api/claim_device/${d.id}`, { claim_code: code, team_id: rival.teamId }),
        ...Array.from({ length: 4 }, (_, n) => postCheckin(t.app, d.token(), { config: { local: round * 10 + n } })),
      ]);
      expect(claimed.statusCode, claimed.body).toBe(204);
      for (const r of reports) expect([200, 401], r.body).toContain(r.statusCode);
      const v = await view(d, rival.client);
      expect(v).toMatchObject({ team_id: rival.teamId, config_state: 'waiting_to_be_send', config_history: [] });
      const copy = (await rival.client.get(`/api/config/${v.config_id}`)).json() as { team_id: number; config: string };
      expect(copy.team_id).toBe(rival.teamId);
      // A copy of what the old team last had: the base, or a local change adopted just before the claim.
      const candidates = [{ base: round }, ...[0, 1, 2, 3].map((n) => ({ local: round * 10 + n }))];
      expect(candidates).toContainEqual(JSON.parse(copy.config));
      expectJsonError(await postCheckin(t.app, d.token(), {}), 401);
    }
  });

  it('check-ins racing the delete of their device: each is a 200 or a 401, and after it only 401s', async () => {
    const d = await deviceWithKey(c, owner.teamId);
    const [del, ...reports] = await Promise.all([c.del(`/api/device/${d.id}`), ...Array.from({ length: 6 }, (_, n) => postCheckin(t.app, d.token(), { config: { gone: n } }))]);
    expect(del.statusCode, del.body).toBe(200);
    for (const r of reports) expect([200, 401], r.body).toContain(r.statusCode);
    expectJsonError(await postCheckin(t.app, d.token(), { config: { after: 1 } }), 401);
  });

  it(`a user switching config_id while the device reports: history never over ${HISTORY_LIMIT}, every entry of the team`, async () => {
    const d = await deviceWithKey(c, owner.teamId);
    const cfgs = [await newConfig({ u: 1 }), await newConfig({ u: 2 })];
    for (let round = 0; round < 55; round++) {
      const [put, r1, r2] = await Promise.all([
        c.put(`/api/device/${d.id}`, { config_id: cfgs[round % 2] }),
        postCheckin(t.app, d.token(), { config: { local: round } }),
        postCheckin(t.app, d.token(), { config_id: cfgs[round % 2] }),
      ]);
      expect(put.statusCode, put.body).toBe(200);
      expect(r1.statusCode).toBe(200);
      expect(r2.statusCode).toBe(200);
    }
    const v = await view(d);
    expect(v.config_history.length).toBeLessThanOrEqual(HISTORY_LIMIT);
    for (const id of new Set([v.config_id, ...v.config_history.map((e) => e.config_id)])) {
      expect((await c.get(`/api/config/${id}`)).json()).toMatchObject({ team_id: owner.teamId });
    }
  });
});

describe('keys and configurations between console and device', () => {
  it('concurrent first downloads of a key all get the same key, and it opens the device API', async () => {
    const typeId = (await createOk(c, 'type', { name: 'fleet key type', team_id: owner.teamId })).id;
    const dev = await createOk(c, 'device', { name: 'fleet key dev', team_id: owner.teamId, type_id: typeId, uid_for_type: 'A2KEY' });
    const keys = await Promise.all([1, 2, 3, 4].map(() => c.get(`/api/download/private_key/${dev.id}`)));
    for (const k of keys) expect(k.statusCode).toBe(200);
    expect(new Set(keys.map((k) => k.body)).size).toBe(1);
    expect((await postCheckin(t.app, signDeviceJwt(dev.id as number, createPrivateKey(keys[0].body)), {})).statusCode).toBe(200);
  });

  it('a configuration the console accepts can be reported back by the device that applied it', async () => {
    for (const text of ['{"__proto__": {"a": 1}}', '{"constructor": {"prototype": {"a": 1}}}']) {
      const d = await deviceWithKey(c, owner.teamId);
      const made = await c.post('/api/config', { config: text, team_id: owner.teamId });
      // Either the console refuses such a configuration, or the device can hold it.
      if (made.statusCode !== 201) {
        expectJsonError(made, 400);
        continue;
      }
      const id = (made.json() as { id: number }).id;
      expect((await c.put(`/api/device/${d.id}`, { config_id: id })).statusCode).toBe(200);
      const sent = (await checkinOk(t.app, d, {})).config as { id: number; config: unknown };
      expect(sent.id).toBe(id);
      const back = await raw(JSON.stringify({ config_id: id, config: sent.config }), { 'content-type': 'application/json' }, d.token());
      expect(back.statusCode, back.body).toBe(200);
      expect(await view(d)).toMatchObject({ config_id: id, config_state: 'synchronized' });
    }
  });
});

describe('a device applying what it was sent', () => {
  async function synchronizedOn(value: unknown) {
    const d = await deviceWithKey(c, owner.teamId);
    await checkinOk(t.app, d, { config: value });
    return { d, D1: (await view(d)).config_id as number };
  }

  it('held: a device that applied the configuration it was sent is synchronized by its next check-in', async () => {
    const { d, D1 } = await synchronizedOn({ rate: 5 });
    const X = await newConfig({ rate: 10 });
    expect((await c.put(`/api/device/${d.id}`, { config_id: X })).statusCode).toBe(200);
    expect((await checkinOk(t.app, d, { config_id: D1, config: { rate: 5 } })).config).toEqual({ id: X, config: { rate: 10 } });
    expect((await checkinOk(t.app, d, { config_id: X, config: { rate: 10 } })).config).toBeNull();
    expect(await view(d)).toMatchObject({ config_id: X, config_state: 'synchronized' });
  });

  it('a user saving twice between two check-ins: the device that applied the first save is sent the second, no conflict', async () => {
    const { d, D1 } = await synchronizedOn({ rate: 5 });
    const X = await newConfig({ rate: 10 });
    expect((await c.put(`/api/device/${d.id}`, { config_id: X })).statusCode).toBe(200);
    expect((await checkinOk(t.app, d, { config_id: D1, config: { rate: 5 } })).config).toEqual({ id: X, config: { rate: 10 } });
    const Y = await newConfig({ rate: 20 });
    expect((await c.put(`/api/device/${d.id}`, { config_id: Y })).statusCode).toBe(200);
    // The device applied X, as told: no local change, so it must get Y.
    const answer = await checkinOk(t.app, d, { config_id: X, config: { rate: 10 } });
    expect(answer.config).toEqual({ id: Y, config: { rate: 20 } });
    const v = await view(d);
    expect(v.config_state).toBe('waiting_to_be_send');
    expect(v.config_history.every((e) => e.source === 'device' ? e.config_id === D1 : true)).toBe(true);
  });

  it("a user reverting to the device's configuration before it applied the new one: the device is sent it back, nothing adopted", async () => {
    const { d, D1 } = await synchronizedOn({ rate: 5 });
    const X = await newConfig({ rate: 10 });
    expect((await c.put(`/api/device/${d.id}`, { config_id: X })).statusCode).toBe(200);
    expect((await checkinOk(t.app, d, { config_id: D1, config: { rate: 5 } })).config).toEqual({ id: X, config: { rate: 10 } });
    expect((await c.put(`/api/device/${d.id}`, { config_id: D1 })).statusCode).toBe(200);
    const answer = await checkinOk(t.app, d, { config_id: X, config: { rate: 10 } });
    expect(answer.config).toEqual({ id: D1, config: { rate: 5 } });
    expect((await view(d)).config_id).toBe(D1);
  });
});

describe('a device changing its configuration back to one it was sent before', () => {
  it("the product adopts it, as any local change of a synchronized device: the device's change is not undone", async () => {
    // The device of docs/DEVICE_API.md's Node example: config_id is the last configuration it was sent and applied.
    const d = await deviceWithKey(c, owner.teamId);
    await checkinOk(t.app, d, { config_id: null, config: { rate: 5 } });
    const X = await newConfig({ rate: 10 });
    expect((await c.put(`/api/device/${d.id}`, { config_id: X })).statusCode).toBe(200);
    expect((await checkinOk(t.app, d, { config_id: null, config: { rate: 5 } })).config).toEqual({ id: X, config: { rate: 10 } });
    await checkinOk(t.app, d, { config_id: X, config: { rate: 10 } });
    await checkinOk(t.app, d, { config_id: X, config: { rate: 11 } });
    expect(await view(d)).toMatchObject({ config_state: 'synchronized' });
    // Changed locally back to 10: a local change like the one before.
    const answer = await checkinOk(t.app, d, { config_id: X, config: { rate: 10 } });
    expect(answer.config).toBeNull();
    const v = await view(d);
    expect(v.config_state).toBe('synchronized');
    expect(JSON.parse(((await c.get(`/api/config/${v.config_id}`)).json() as { config: string }).config)).toEqual({ rate: 10 });
  });
});

describe('a configuration shared by many devices, made before the device\'s own', () => {
  it('a user assigning it, then saving again before the next check-in: the device that applied it is sent the new one, no conflict', async () => {
    const profile = await newConfig({ profile: 'shared' });
    const d = await deviceWithKey(c, owner.teamId);
    await checkinOk(t.app, d, { config_id: null, config: { rate: 5 } });
    const D1 = (await view(d)).config_id as number;
    expect(profile).toBeLessThan(D1);
    expect((await c.put(`/api/device/${d.id}`, { config_id: profile })).statusCode).toBe(200);
    expect((await checkinOk(t.app, d, { config_id: null, config: { rate: 5 } })).config).toEqual({ id: profile, config: { profile: 'shared' } });
    const Y = await newConfig({ rate: 20 });
    expect((await c.put(`/api/device/${d.id}`, { config_id: Y })).statusCode).toBe(200);
    const answer = await checkinOk(t.app, d, { config_id: profile, config: { profile: 'shared' } });
    expect(answer.config).toEqual({ id: Y, config: { rate: 20 } });
    expect((await view(d)).config_state).toBe('waiting_to_be_send');
  });
});

describe('a configured device moved where it cannot go', () => {
  it('a team of which the user is no admin: 403, no copy of its configuration left behind', async () => {
    const d = await deviceWithKey(c, owner.teamId);
    expect((await c.put(`/api/device/${d.id}`, { config_id: await newConfig({ stays: 1 }) })).statusCode).toBe(200);
    const count = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM config')).rows[0].n;
    const before = await count();
    expectJsonError(await c.put(`/api/device/${d.id}`, { team_id: rival.teamId }), 403);
    expect(await count()).toBe(before);
    expect(await view(d)).toMatchObject({ team_id: owner.teamId, config_state: 'waiting_to_be_send' });
  });

  it('a team that does not exist: the same answer as for a device without configuration, naming no database constraint', async () => {
    const bare = await deviceWithKey(c, owner.teamId);
    const configured = await deviceWithKey(c, owner.teamId);
    expect((await c.put(`/api/device/${configured.id}`, { config_id: await newConfig({ nowhere: 1 }) })).statusCode).toBe(200);
    const expected = await c.put(`/api/device/${bare.id}`, { team_id: 999_999 });
    const res = await c.put(`/api/device/${configured.id}`, { team_id: 999_999 });
    expectJsonError(res, expected.statusCode);
    expect(description(res)).toBe(description(expected));
  });
});
