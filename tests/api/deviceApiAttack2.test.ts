/**
 * The device API attacked a second time (docs/DEVICE_API.md), on what deviceApiAttack.test.ts leaves
 * out: token edge values, bodies that stress the parser, firmware moved or retargeted under a device,
 * stray URLs, and races of many check-ins with a team move or a delete. Every answer must stay JSON,
 * never a 500, and no configuration or firmware of one team ever reaches a device of another.
 */
import { createPrivateKey, sign } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { HISTORY_LIMIT } from '../../server/deviceApi/configSync';
import { signDeviceJwt } from '../../server/simulator/deviceClient';
import { createOk } from './crudFixtures';
import { firmwareFor, uploader } from './firmwareFilesHelpers';
import { adminWithTeam, createTeam, createTestApp, description, ROLE, type Client, type TestApp } from './helpers';
import { checkinOk, deviceWithKey, ES256, nowS, postCheckin, rawToken, type TestDevice } from './deviceApiHelpers';

let t: TestApp;
let owner: Awaited<ReturnType<typeof adminWithTeam>>;
let rival: Awaited<ReturnType<typeof adminWithTeam>>;
let c: Client;
let device: TestDevice;

beforeAll(async () => {
  t = await createTestApp();
  owner = await adminWithTeam(t, 'attack2_owner');
  rival = await adminWithTeam(t, 'attack2_rival');
  c = owner.client;
  device = await deviceWithKey(c, owner.teamId);
});
afterAll(() => t.close());

const raw = (body: string, headers: Record<string, string>, token = device.token()) =>
  t.app.inject({ method: 'POST', url: '/device-api/v1/checkin', headers: { authorization: `Bearer ${token}`, ...headers }, payload: body });

/** An error answer a device can read: JSON with a Description, never a 500. */
function expectJsonError(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown; body: string }, status?: number) {
  expect(res.statusCode, res.body.slice(0, 200)).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
  if (status !== undefined) expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  expect(typeof description(res)).toBe('string');
}

const newConfig = async (value: unknown, client = c, team = owner.teamId) => {
  const res = await client.post('/api/config', { config: JSON.stringify(value), team_id: team });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
};

interface SyncView {
  team_id: number;
  config_id: number | null;
  config_state: string | null;
  config_history: { config_id: number; source: string }[];
  firmware_history: unknown[];
}
const view = async (d: TestDevice, client = c) => (await client.get(`/api/device/${d.id}`)).json() as SyncView;

describe('token edge values', () => {
  const status = async (token: string) => (await postCheckin(t.app, token, {})).statusCode;

  it('sub must be the decimal text of the id: a number, +1, leading zeros, spaces, exponents, other digits, 2^31 are refused', async () => {
    const iat = nowS();
    const id = device.id;
    expect(await status(rawToken(ES256, { sub: String(id), iat, exp: iat + 60 }, device.key))).toBe(200);
    for (const sub of [id, `+${id}`, `0${id}`, ` ${id}`, `${id} `, `${id}.0`, `${id}e0`, `${String(id).replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d)))}`, String(2 ** 31), String(2 ** 32 + id), '-0', '']) {
      expect(await status(rawToken(ES256, { sub, iat, exp: iat + 60 }, device.key)), JSON.stringify(sub)).toBe(401);
    }
    // The largest id a token may name is only unknown, answered like any other failure.
    expect(await status(rawToken(ES256, { sub: String(2 ** 31 - 1), iat, exp: iat + 60 }, device.key))).toBe(401);
  });

  it('exp and iat: huge, negative, non-finite or written 1.0 / 1e3 are judged as numbers, near the leeway as the docs say', async () => {
    const now = nowS();
    const claims = (iat: unknown, exp: unknown) => rawToken(ES256, { sub: String(device.id), iat, exp }, device.key);
    // Within the 30 s leeway (with a margin against a second ticking).
    expect(await status(claims(now - 320, now - 20))).toBe(200);
    expect(await status(claims(now + 20, now + 200))).toBe(200);
    for (const [iat, exp] of [
      [now - 400, now - 100],
      [now + 60, now + 200],
      [2 ** 53, 2 ** 53 + 300],
      [Number.MAX_VALUE, Number.MAX_VALUE],
      [-300, 0],
      [now, now + 301],
      [now, null],
      [[now], now + 60],
    ]) {
      expect(await status(claims(iat, exp)), `${String(iat)} ${String(exp)}`).toBe(401);
    }
    // JSON texts for integral numbers (1.0, 1e3 forms) are the same numbers once parsed: accepted.
    const header = Buffer.from(JSON.stringify(ES256)).toString('base64url');
    const claimsText = `{"sub":"${device.id}","iat":${now}.0,"exp":${(now + 60) / 10}e1}`;
    const signed = `${header}.${Buffer.from(claimsText).toString('base64url')}`;
    const sig = sign('sha256', Buffer.from(signed), { key: device.key, dsaEncoding: 'ieee-p1363' }).toString('base64url');
    expect(await status(`${signed}.${sig}`)).toBe(200);
  });

  it('header fields naming keys or URLs (jku, x5c, crit) change nothing: the certificate alone decides', async () => {
    const iat = nowS();
    const claims = { sub: String(device.id), iat, exp: iat + 60 };
    for (const extra of [{ jku: 'http://127.0.0.1:1/jwks' }, { x5c: ['AAAA'] }, { crit: ['exp'] }, { kid: '../../etc/passwd' }, { b64: false }]) {
      expect(await status(rawToken({ ...ES256, ...extra }, claims, device.key)), JSON.stringify(extra)).toBe(200);
    }
    const stranger = await deviceWithKey(rival.client, rival.teamId);
    for (const extra of [{ kid: String(stranger.id) }, { jku: 'http://127.0.0.1:1/jwks' }]) {
      expect(await status(rawToken({ ...ES256, ...extra }, claims, stranger.key))).toBe(401);
    }
  });

  it('a header or claims part that is not UTF-8 JSON, or a JSON array, is a 401 like any other', async () => {
    const iat = nowS();
    const claims = Buffer.from(JSON.stringify({ sub: String(device.id), iat, exp: iat + 60 })).toString('base64url');
    for (const header of [Buffer.from([0xff, 0xfe, 0x7b]), Buffer.from('[{"alg":"ES256"}]'), Buffer.from('"ES256"'), Buffer.from('{"alg":"ES256"')]) {
      expect(await status(`${header.toString('base64url')}.${claims}.${'A'.repeat(86)}`)).toBe(401);
    }
  });

  it('a token of 1 MB in the header is refused without a 500', async () => {
    const res = await postCheckin(t.app, `${'A'.repeat(1_000_000)}.${'A'.repeat(10)}.${'A'.repeat(86)}`, {});
    expectJsonError(res, 401);
  });
});

describe('check-in bodies against the parser', () => {
  it('deep nesting anywhere in the body (500,000 levels) is a 400, never a 500', async () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    for (const body of [`{"config": ${deep(499_000)}}`, `{"firmware": ${deep(499_000)}}`, `{"x": ${deep(499_000)}}`, deep(499_000)]) {
      expectJsonError(await raw(body, { 'content-type': 'application/json' }), 400);
    }
  });

  it('exactly 1,000,000 bytes is read, one more byte is a 413 with a Description', async () => {
    const fill = (n: number) => `{"config": {"s": "${'x'.repeat(n - 21)}"}}`;
    expect(fill(1_000_000).length).toBe(1_000_000);
    const ok = await raw(fill(1_000_000), { 'content-type': 'application/json' });
    expect(ok.statusCode, ok.body.slice(0, 200)).toBe(200);
    const res = await raw(fill(1_000_001), { 'content-type': 'application/json' });
    expectJsonError(res, 413);
    expect(description(res)).toBe(ownMessages.bodyTooLarge);
  });

  it('gzip, other media types and charsets are refused with a Description; nothing recorded', async () => {
    const d = await deviceWithKey(c, owner.teamId);
    const body = JSON.stringify({ config: { zipped: true } });
    expectJsonError(await raw(gzipSync(body) as unknown as string, { 'content-type': 'application/json', 'content-encoding': 'gzip' }, d.token()));
    expectJsonError(await raw(body, { 'content-type': 'application/xml' }, d.token()));
    expectJsonError(await raw(body, { 'content-type': 'multipart/form-data; boundary=x' }, d.token()));
    expect(await view(d)).toMatchObject({ config_id: null, config_state: null, config_history: [] });
  });

  it('duplicate keys: the last one counts, as JSON.parse reads it, and the answer follows it', async () => {
    const d = await deviceWithKey(c, owner.teamId);
    const res = await raw('{"config": {"a": 1}, "config": {"a": 2}}', { 'content-type': 'application/json' }, d.token());
    expect(res.statusCode).toBe(200);
    const v = await view(d);
    expect((await c.get(`/api/config/${v.config_id}`)).json()).toMatchObject({ config: '{"a":2}' });
  });

  it('numbers JSON cannot keep exactly are stored as read; the same report again is no change', async () => {
    const d = await deviceWithKey(c, owner.teamId);
    const text = '{"config": {"big": 12345678901234567890, "tiny": 1e-320, "neg": -0, "one": 1.0}}';
    expect((await raw(text, { 'content-type': 'application/json' }, d.token())).statusCode).toBe(200);
    expect((await raw(text, { 'content-type': 'application/json' }, d.token())).statusCode).toBe(200);
    const v = await view(d);
    expect(v.config_history).toHaveLength(1);
    expect(v.config_state).toBe('synchronized');
    for (const config_id of [1e308, Number.MAX_SAFE_INTEGER + 2]) {
      expectJsonError(await postCheckin(t.app, d.token(), { config_id }), 400);
    }
  });

  it('a firmware name or version of 400 KB is only looked up, never stored', async () => {
    const d = await deviceWithKey(c, owner.teamId);
    const answer = await checkinOk(t.app, d, { firmware: { name: 'n'.repeat(400_000), version: 'v'.repeat(400_000) } });
    expect(answer.target_firmware).toBeNull();
    expect(await view(d)).toMatchObject({ firmware_history: [] });
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

describe('stray requests under /device-api', () => {
  let built: TestApp;
  const dist = mkdtempSync(join(tmpdir(), 'pucs-attack2-dist-'));
  beforeAll(async () => {
    // A built console, as in production: the not-found handler then answers its page to unknown GETs.
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>');
    built = await createTestApp({ PUCS_DIST_DIR: dist });
  });
  afterAll(async () => {
    await built.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const stray = (method: 'GET' | 'PUT' | 'DELETE' | 'HEAD', url: string) => built.app.inject({ method, url, headers: { authorization: `Bearer ${device.token()}` } });

  it('other methods on the device API answer a JSON error', async () => {
    for (const [method, url] of [['PUT', '/device-api/v1/checkin'], ['DELETE', '/device-api/v1/firmware/1'], ['PUT', '/device-api/v2/checkin']] as const) {
      expectJsonError(await stray(method, url), 404);
    }
  });

  it('a GET of an unknown /device-api path is a JSON 404, not the console page a device could take for a file', async () => {
    for (const url of ['/device-api/v1/checkin', '/device-api/v1/firmware', '/device-api/v1/firmware/1/extra', '/device-api/v2/checkin', '/device-api']) {
      expectJsonError(await stray('GET', url), 404);
    }
  });
});

describe('firmware moved under a device', () => {
  const BYTES = Buffer.from('attack2 firmware bytes 0123456789');
  const get = (id: number, token: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/device-api/v1/firmware/${id}`, headers: { authorization: `Bearer ${token}`, ...headers } });
  let typeId: number;
  let upload: ReturnType<typeof uploader>;

  beforeAll(async () => {
    typeId = (await createOk(c, 'type', { name: 'attack2 fw type', team_id: owner.teamId })).id as number;
    upload = uploader(t.app, owner.cookie);
  });

  async function uploadedFirmware(bytes: Buffer) {
    const id = await firmwareFor(c, owner.teamId, typeId, bytes);
    expect((await upload(id, bytes)).statusCode).toBe(200);
    return id;
  }

  it('a target changed mid-download: resuming the old one is a 404, the new one is answered and downloads', async () => {
    const first = await uploadedFirmware(BYTES);
    const second = await uploadedFirmware(Buffer.concat([BYTES, BYTES]));
    const d = await deviceWithKey(c, owner.teamId, { type_id: typeId, target_firmware_id: first });
    const part = await get(first, d.token(), { range: 'bytes=0-9' });
    expect(part.statusCode).toBe(206);
    expect((await c.put(`/api/device/${d.id}`, { target_firmware_id: second })).statusCode).toBe(200);
    expectJsonError(await get(first, d.token(), { range: 'bytes=10-', 'if-range': String(part.headers.etag) }), 404);
    expect(((await checkinOk(t.app, d, {})).target_firmware as { id: number }).id).toBe(second);
    expect((await get(second, d.token())).statusCode).toBe(200);
    // Cleared: nothing to fetch, nothing answered.
    expect((await c.put(`/api/device/${d.id}`, { target_firmware_id: null })).statusCode).toBe(200);
    expect((await checkinOk(t.app, d, {})).target_firmware).toBeNull();
    expectJsonError(await get(second, d.token()), 404);
  });

  it("a targeted firmware cannot be moved to another team, so a device never fetches another team's file", async () => {
    const fw = await uploadedFirmware(Buffer.from('team move firmware'));
    const d = await deviceWithKey(c, owner.teamId, { type_id: typeId, target_firmware_id: fw });
    const both = await createTeam(t.db, 'attack2 both', [[owner.userId, ROLE.ADMIN]]);
    const moved = await c.put(`/api/firmware/${fw}`, { team_id: both });
    expect(moved.statusCode).toBeGreaterThanOrEqual(400);
    const fwNow = (await c.get(`/api/firmware/${fw}`)).json() as { team_id: number };
    expect(fwNow.team_id).toBe(owner.teamId);
    expect(((await checkinOk(t.app, d, {})).target_firmware as { id: number }).id).toBe(fw);
  });

  it("a group with devices cannot move to another team, so its members never follow another team's target", async () => {
    const fw = await uploadedFirmware(Buffer.from('group move firmware A'));
    const group = await createOk(c, 'devices_group', { name: 'attack2 group', team_id: owner.teamId, type_id: typeId, target_firmware_id: fw });
    const d = await deviceWithKey(c, owner.teamId, { type_id: typeId, group_id: group.id });
    const second = await createTeam(t.db, 'attack2 group B', [[owner.userId, ROLE.ADMIN]]);
    const typeB = (await createOk(c, 'type', { name: 'attack2 group type B', team_id: second })).id as number;
    const bBytes = Buffer.from('group move firmware B');
    const fwB = await firmwareFor(c, second, typeB, bBytes);
    expect((await upload(fwB, bBytes)).statusCode).toBe(200);
    expectJsonError(await c.put(`/api/devices_group/${group.id}`, { team_id: second, type_id: typeB, target_firmware_id: fwB }), 409);
    expect(((await checkinOk(t.app, d, {})).target_firmware as { id: number }).id).toBe(fw);
    expectJsonError(await get(fwB, d.token()), 404);
  });

  it('a thousand ranges in one header are no multipart flood and no 500', async () => {
    const fw = await uploadedFirmware(Buffer.from('ranges firmware bytes'));
    const d = await deviceWithKey(c, owner.teamId, { type_id: typeId, target_firmware_id: fw });
    const res = await get(fw, d.token(), { range: `bytes=${Array.from({ length: 1000 }, () => '0-5').join(',')}` });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.rawPayload.length).toBeLessThanOrEqual(64);
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
    const second = await createTeam(t.db, 'attack2 move', [[owner.userId, ROLE.ADMIN]]);
    const newType = (await createOk(c, 'type', { name: 'attack2 moved type', team_id: second })).id as number;
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
    const second = await createTeam(t.db, 'attack2 keep', [[owner.userId, ROLE.ADMIN]]);
    const newType = (await createOk(c, 'type', { name: 'attack2 keep type', team_id: second })).id as number;
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
    const typeId = (await createOk(c, 'type', { name: 'attack2 key type', team_id: owner.teamId })).id;
    const dev = await createOk(c, 'device', { name: 'attack2 key dev', team_id: owner.teamId, type_id: typeId, uid_for_type: 'A2KEY' });
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

describe('the firmware a device runs', () => {
  it('cannot be deleted under it (409 with a Description); the device keeps it as current', async () => {
    const typeId = (await createOk(c, 'type', { name: 'attack2 running type', team_id: owner.teamId })).id as number;
    const fw = await createOk(c, 'firmware', { name: 'attack2-running', version: '1.0.0', team_id: owner.teamId, type_id: typeId });
    const d = await deviceWithKey(c, owner.teamId, { type_id: typeId });
    await checkinOk(t.app, d, { firmware: { name: 'attack2-running', version: '1.0.0' } });
    expectJsonError(await c.del(`/api/firmware/${fw.id}`), 409);
    await checkinOk(t.app, d, { firmware: { name: 'attack2-running', version: '1.0.0' } });
    expect((await c.get(`/api/device/${d.id}`)).json()).toMatchObject({ current_firmware_id: fw.id, firmware_history: [{ firmware_id: fw.id }] });
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
