/**
 * The device API as a device and an attacker see it (docs/DEVICE_API.md): who gets in (an ES256 token
 * of the device's own key, nothing else), what a check-in records and answers, and which firmware
 * file a device may download.
 */
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { createOk } from './crudFixtures';
import { firmwareFor, sha3, uploader } from './firmwareFilesHelpers';
import { adminWithTeam, createTeam, createTestApp, description, ROLE, type TestApp } from './helpers';
import { signDeviceJwt } from '../../server/simulator/deviceClient';
import { checkinOk, claimsOf, deviceWithKey, ES256, expectUnauthorized as expectDeviceUnauthorized, nowS, postCheckin, rawToken, type TestDevice } from './deviceApiHelpers';
import { CSRF_HEADER } from '../../src/csrf';

let t: TestApp;
let owner: Awaited<ReturnType<typeof adminWithTeam>>;
let device: TestDevice;
let other: TestDevice;

beforeAll(async () => {
  t = await createTestApp();
  owner = await adminWithTeam(t, 'device_owner');
  device = await deviceWithKey(owner.client, owner.teamId);
  other = await deviceWithKey(owner.client, owner.teamId);
});
afterAll(() => t.close());

const expectUnauthorized = (token: string | undefined, headers: Record<string, string> = {}) => expectDeviceUnauthorized(t.app, token, headers);

describe('authentication', () => {
  it("accepts a token signed by the device's key", async () => {
    expect((await postCheckin(t.app, device.token(), {})).statusCode).toBe(200);
    expect((await postCheckin(t.app, rawToken(ES256, claimsOf(device.id), device.key), {})).statusCode).toBe(200);
  });

  it('refuses a missing or malformed token', async () => {
    await expectUnauthorized(undefined);
    await expectUnauthorized('not-a-jwt');
    await expectUnauthorized(`${device.token()}.extra`);
    await expectUnauthorized(undefined, { authorization: `Basic ${device.token()}` });
    await expectUnauthorized(rawToken(ES256, 'not json', device.key));
    await expectUnauthorized(rawToken(ES256, { ...claimsOf(device.id), sub: device.id }, device.key));
    await expectUnauthorized(rawToken(ES256, { ...claimsOf(device.id), sub: `0${device.id}` }, device.key));
  });

  it("refuses alg none, HS256 keyed with the certificate, and ES256 with another curve's signature", async () => {
    await expectUnauthorized(rawToken({ alg: 'none', typ: 'JWT' }, claimsOf(device.id)));
    const cert = (await owner.client.get(`/api/download/certificate/${device.id}`)).body;
    const { createHmac } = await import('node:crypto');
    const signed = `${Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claimsOf(device.id))).toString('base64url')}`;
    await expectUnauthorized(`${signed}.${createHmac('sha256', cert).update(signed).digest('base64url')}`);
    await expectUnauthorized(rawToken({ alg: 'ES256K', typ: 'JWT' }, claimsOf(device.id), device.key));
  });

  it("refuses a bad signature and another device's key", async () => {
    const token = device.token();
    const sig = Buffer.from(token.split('.')[2], 'base64url');
    sig[10] ^= 1;
    await expectUnauthorized(rawToken(ES256, JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()), undefined, sig));
    await expectUnauthorized(rawToken(ES256, claimsOf(device.id), other.key));
  });

  it('refuses an expired token, one living longer than 5 minutes, one issued in the future', async () => {
    await expectUnauthorized(rawToken(ES256, claimsOf(device.id, nowS() - 400), device.key));
    await expectUnauthorized(rawToken(ES256, claimsOf(device.id, nowS(), 301), device.key));
    await expectUnauthorized(rawToken(ES256, claimsOf(device.id, nowS() + 120, 60), device.key));
    await expectUnauthorized(rawToken(ES256, { sub: String(device.id), iat: nowS() }, device.key));
    // Within the 30 s leeway: a device clock slightly off still gets in.
    expect((await postCheckin(t.app, rawToken(ES256, claimsOf(device.id, nowS() - 310), device.key), {})).statusCode).toBe(200);
  });

  it('refuses an unknown device and a device without a certificate, the same way', async () => {
    await expectUnauthorized(rawToken(ES256, claimsOf(999_999), device.key));
    const bare = await createOk(owner.client, 'device', { name: 'no cert', team_id: owner.teamId, type_id: (await createOk(owner.client, 'type', { name: 'bare', team_id: owner.teamId })).id, uid_for_type: 'NC' });
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    await expectUnauthorized(rawToken(ES256, claimsOf(bare.id as number), privateKey));
  });

  it('a device moved to another team by an admin of both: the old key opens nothing, and its past stays with the old team', async () => {
    const typeId = (await createOk(owner.client, 'type', { name: 'mover type', team_id: owner.teamId })).id as number;
    const moving = await deviceWithKey(owner.client, owner.teamId, { type_id: typeId });
    await checkinOk(t.app, moving, { config: { a: 1 } });
    expect((await owner.client.get(`/api/device/${moving.id}`)).json().config_history).toHaveLength(1);
    const secondTeam = await createTeam(t.db, 'second team', [[owner.userId, ROLE.ADMIN]]);
    const newType = (await createOk(owner.client, 'type', { name: 'mover type', team_id: secondTeam })).id as number;

    const moved = await owner.client.put(`/api/device/${moving.id}`, { team_id: secondTeam, type_id: newType, config_id: null });
    expect(moved.statusCode, moved.body).toBe(200);
    await expectUnauthorized(moving.token());
    const after = (await owner.client.get(`/api/device/${moving.id}`)).json();
    expect(after).toMatchObject({ team_id: secondTeam, config_history: [], config_state: null });
    // The new team downloads a new key, which works.
    const key = await owner.client.get(`/api/download/private_key/${moving.id}`);
    expect(key.statusCode).toBe(200);
    const fresh = createPrivateKey(key.body);
    expect((await postCheckin(t.app, signDeviceJwt(moving.id, fresh), {})).statusCode).toBe(200);
  });

  it('a configured device moved to another team (the team alone changed, as the form sends it) takes a copy of its configuration there, to be sent', async () => {
    const moving = await deviceWithKey(owner.client, owner.teamId);
    await checkinOk(t.app, moving, { config: { keep: true } });
    const before = (await owner.client.get(`/api/device/${moving.id}`)).json();
    const thirdTeam = await createTeam(t.db, 'third team', [[owner.userId, ROLE.ADMIN]]);
    const newType = (await createOk(owner.client, 'type', { name: 'copy type', team_id: thirdTeam })).id as number;

    const moved = await owner.client.put(`/api/device/${moving.id}`, { team_id: thirdTeam, type_id: newType });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = (await owner.client.get(`/api/device/${moving.id}`)).json();
    expect(after).toMatchObject({ team_id: thirdTeam, config_history: [], config_state: 'waiting_to_be_send' });
    expect(after.config_id).not.toBe(before.config_id);
    const copy = (await owner.client.get(`/api/config/${after.config_id}`)).json();
    expect(copy).toMatchObject({ team_id: thirdTeam });
    expect(JSON.parse(copy.config)).toEqual({ keep: true });
    // The old team's configuration is where it was.
    expect((await owner.client.get(`/api/config/${before.config_id}`)).json()).toMatchObject({ team_id: owner.teamId });
  });

  it("a configuration named by a device's history cannot be deleted, even by the team's admin (405), and stays readable", async () => {
    const reporting = await deviceWithKey(owner.client, owner.teamId);
    await checkinOk(t.app, reporting, { config: { a: 1 } });
    const history = (await owner.client.get(`/api/device/${reporting.id}`)).json().config_history as { config_id: number }[];
    const refused = await owner.client.del(`/api/config/${history[0].config_id}`);
    expect(refused.statusCode).toBe(405);
    expect((await owner.client.get(`/api/config/${history[0].config_id}`)).json()).toMatchObject({ config: '{"a":1}' });
  });

  it("a console session opens nothing here, and a device token is no console session", async () => {
    await expectUnauthorized(undefined, { cookie: owner.cookie, ...CSRF_HEADER });
    const res = await t.app.inject({ method: 'GET', url: `/api/device/${device.id}`, headers: { authorization: `Bearer ${device.token()}` } });
    expect(res.statusCode).toBe(401);
  });
});

describe('check-in', () => {
  it('records last_seen and answers the poll interval', async () => {
    const before = Date.now();
    const answer = await checkinOk(t.app, device, {});
    expect(answer).toEqual({ target_firmware: null, config: null, poll_interval_s: 60 });
    const seen = (await owner.client.get(`/api/device/${device.id}`)).json() as { last_seen: string };
    expect(Date.parse(seen.last_seen)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('refuses a body of the wrong shape (400) and an oversized one (413)', async () => {
    const bad = async (body: unknown) => expect((await postCheckin(t.app, device.token(), body)).statusCode).toBe(400);
    await bad({ firmware: null, extra: 1 });
    await bad({ firmware: { name: 'x' } });
    await bad({ firmware: { name: 'x', version: 1 } });
    await bad({ config_id: '3' });
    await bad([]);
    const big = await postCheckin(t.app, device.token(), { config: 'x'.repeat(1_000_001) });
    expect(big.statusCode).toBe(413);
  });

  it('refuses a configuration holding a number JSON cannot keep (1e400), from the device and from a user, changing nothing', async () => {
    const d = await deviceWithKey(owner.client, owner.teamId);
    await checkinOk(t.app, d, { config: { a: 1 } });
    const before = (await owner.client.get(`/api/device/${d.id}`)).json();
    const res = await postCheckin(t.app, d.token(), '{"config":{"a":1e400}}', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(description(res)).toBe(ownMessages.jsonNotFinite('config'));
    expect((await owner.client.get(`/api/device/${d.id}`)).json()).toMatchObject({ config_id: before.config_id, config_history: before.config_history });
    const posted = await owner.client.post('/api/config', { config: '{"a":1e400}', team_id: owner.teamId });
    expect(posted.statusCode).toBe(400);
    // A NUL written out as an escape is a text like any other: still taken.
    expect((await owner.client.post('/api/config', { config: '{"a":"\\u0000"}', team_id: owner.teamId })).statusCode).toBe(201);
  });

  it('refuses a call without a valid token before reading its body: a malformed or oversized body is the same 401', async () => {
    for (const body of ['{not json', JSON.stringify({ config: 'x'.repeat(1_000_001) })]) {
      for (const token of [undefined, 'a.b.c']) {
        const res = await postCheckin(t.app, token, body, { 'content-type': 'application/json' });
        expect(res.statusCode).toBe(401);
        expect(description(res)).toBe(ownMessages.deviceUnauthorized);
      }
    }
  });

  it('refuses a prototype key on both sides, with the same reason: a configuration text and a device report', async () => {
    const d = await deviceWithKey(owner.client, owner.teamId);
    for (const text of ['{"a":{"__proto__":{"x":1}}}', '{"constructor":{"prototype":{}}}']) {
      const posted = await owner.client.post('/api/config', { config: text, team_id: owner.teamId });
      expect(posted.statusCode).toBe(400);
      expect(description(posted)).toBe(ownMessages.jsonPrototypeKey('Configuration'));
      const reported = await postCheckin(t.app, d.token(), `{"config":${text}}`, { 'content-type': 'application/json' });
      expect(reported.statusCode).toBe(400);
      expect(description(reported)).toBe(ownMessages.bodyPrototypeKey);
    }
    // A key that only looks alike is a key like any other.
    expect((await owner.client.post('/api/config', { config: '{"constructor":{"name":1},"proto":2}', team_id: owner.teamId })).statusCode).toBe(201);
  });

  it("sets the current firmware to the team's firmware of the reported name and version, with a history entry when it changes", async () => {
    const typeId = (await createOk(owner.client, 'type', { name: 'fw type', team_id: owner.teamId })).id as number;
    const d = await deviceWithKey(owner.client, owner.teamId, { type_id: typeId });
    const fw = await createOk(owner.client, 'firmware', { name: 'core', version: '2.1.0', team_id: owner.teamId, type_id: typeId });
    const stranger = await adminWithTeam(t, 'fw_stranger');
    const strangerType = (await createOk(stranger.client, 'type', { name: 't', team_id: stranger.teamId })).id;
    await createOk(stranger.client, 'firmware', { name: 'other', version: '1.0.0', team_id: stranger.teamId, type_id: strangerType });

    const read = async () => (await owner.client.get(`/api/device/${d.id}`)).json() as { current_firmware_id: number | null; firmware_history: unknown[] };
    await checkinOk(t.app, d, { firmware: { name: 'core', version: '2.1.0' } });
    await checkinOk(t.app, d, { firmware: { name: 'core', version: '2.1.0' } });
    const after = await read();
    expect(after.current_firmware_id).toBe(fw.id);
    expect(after.firmware_history).toEqual([{ date: expect.any(String), firmware_id: fw.id }]);

    await checkinOk(t.app, d, { firmware: null });
    expect((await read()).current_firmware_id).toBe(fw.id);
    await checkinOk(t.app, d, { firmware: { name: 'other', version: '1.0.0' } });
    const unknown = await read();
    expect(unknown.current_firmware_id).toBeNull();
    expect(unknown.firmware_history).toHaveLength(1);
  });
});

describe('target firmware and its download', () => {
  const BYTES = Buffer.from('firmware image bytes 0123456789');
  let d: TestDevice;
  let target: number;
  let sibling: number;
  let url: string;

  beforeAll(async () => {
    const typeId = (await createOk(owner.client, 'type', { name: 'dl type', team_id: owner.teamId })).id as number;
    const upload = uploader(t.app, owner.cookie);
    target = await firmwareFor(owner.client, owner.teamId, typeId, BYTES);
    expect((await upload(target, BYTES)).statusCode).toBe(200);
    sibling = await firmwareFor(owner.client, owner.teamId, typeId, BYTES.subarray(1));
    expect((await upload(sibling, BYTES.subarray(1))).statusCode).toBe(200);
    d = await deviceWithKey(owner.client, owner.teamId, { type_id: typeId, target_firmware_id: target });
    url = `/device-api/v1/firmware/${target}`;
  });

  const get = (path: string, token: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url: path, headers: { authorization: `Bearer ${token}`, ...headers } });

  it('answers the target firmware in the check-in', async () => {
    const fw = (await owner.client.get(`/api/firmware/${target}`)).json() as { name: string; version: string };
    expect((await checkinOk(t.app, d, {})).target_firmware).toEqual({
      id: target,
      name: fw.name,
      version: fw.version,
      size: BYTES.length,
      sha3_256: sha3(BYTES),
      url,
    });
  });

  it('a target firmware without its file is not answered', async () => {
    const typeId = (await createOk(owner.client, 'type', { name: 'nofile type', team_id: owner.teamId })).id as number;
    const empty = await firmwareFor(owner.client, owner.teamId, typeId, BYTES);
    const waiting = await deviceWithKey(owner.client, owner.teamId, { type_id: typeId, target_firmware_id: empty });
    expect((await checkinOk(t.app, waiting, {})).target_firmware).toBeNull();
    expect((await get(`/device-api/v1/firmware/${empty}`, waiting.token())).statusCode).toBe(404);
  });

  it('downloads the file with ETag, Range, If-None-Match and HEAD', async () => {
    const whole = await get(url, d.token());
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(BYTES)).toBe(true);
    const etag = whole.headers.etag as string;
    expect(etag).toBe(`"${sha3(BYTES)}"`);
    const part = await get(url, d.token(), { range: 'bytes=5-9', 'if-range': etag });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 5-9/${BYTES.length}`);
    expect(part.rawPayload.equals(BYTES.subarray(5, 10))).toBe(true);
    expect((await get(url, d.token(), { 'if-none-match': etag })).statusCode).toBe(304);
    const head = await get(url, d.token(), {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(BYTES.length));
    expect(head.rawPayload.length).toBe(0);
  });

  it("any other firmware is a 404: another of the team, another device's target, no id; a bad token is a 401", async () => {
    expect((await get(`/device-api/v1/firmware/${sibling}`, d.token())).statusCode).toBe(404);
    expect((await get(url, device.token())).statusCode).toBe(404);
    expect((await get('/device-api/v1/firmware/abc', d.token())).statusCode).toBe(404);
    const res = await get(url, rawToken(ES256, claimsOf(d.id), other.key));
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } })).statusCode).toBe(401);
  });
});
