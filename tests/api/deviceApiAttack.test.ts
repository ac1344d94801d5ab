/**
 * The device API under attack (docs/DEVICE_API.md): forged and malformed tokens, hostile check-in
 * bodies, firmware downloads a device should not get, races and forbidden writes of the sync state,
 * and what /api lets out about device keys. Each case is what an attacker or a buggy device would send.
 */
import { createHmac, createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { config as configCategory } from '../../src/schemas/config';
import { MAX_JSON_DEPTH } from '../../src/schemas/kinds';
import { HISTORY_LIMIT } from '../../server/deviceApi/configSync';
import { createOk } from './crudFixtures';
import { firmwareFor, sha3, uploader } from './firmwareFilesHelpers';
import { adminWithTeam, createTestApp, description, memberOf, ROLE, type Client, type TestApp } from './helpers';
import { b64, checkinOk, claimsOf, deviceWithKey, ES256, expectUnauthorized as expectDeviceUnauthorized, nowS, postCheckin, rawToken, type TestDevice } from './deviceApiHelpers';

let t: TestApp;
let owner: Awaited<ReturnType<typeof adminWithTeam>>;
let rival: Awaited<ReturnType<typeof adminWithTeam>>;
let c: Client;
let device: TestDevice;
let other: TestDevice;

beforeAll(async () => {
  t = await createTestApp();
  owner = await adminWithTeam(t, 'attack_owner');
  rival = await adminWithTeam(t, 'attack_rival');
  c = owner.client;
  device = await deviceWithKey(c, owner.teamId);
  other = await deviceWithKey(c, owner.teamId);
});
afterAll(() => t.close());

const expectUnauthorized = (token: string | undefined, headers: Record<string, string> = {}) => expectDeviceUnauthorized(t.app, token, headers);

const accepted = async (token: string) => (await postCheckin(t.app, token, {})).statusCode;

describe('forged tokens', () => {
  it('refuses every alg but ES256: HS256 keyed with the certificate, RS256, ES384, none (with or without a signature), es256, an array', async () => {
    const cert = (await c.get(`/api/download/certificate/${device.id}`)).body;
    const key = (await c.get(`/api/download/private_key/${device.id}`)).body;
    const claims = claimsOf(device.id);
    for (const secret of [cert, key]) {
      const signed = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
      await expectUnauthorized(`${signed}.${createHmac('sha256', secret).update(signed).digest('base64url')}`);
    }
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const rsSigned = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(claims)}`;
    await expectUnauthorized(`${rsSigned}.${sign('sha256', Buffer.from(rsSigned), rsa).toString('base64url')}`);
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey;
    await expectUnauthorized(rawToken({ alg: 'ES384', typ: 'JWT' }, claims, p384));
    await expectUnauthorized(rawToken(ES256, claims, p384));
    await expectUnauthorized(rawToken({ alg: 'none', typ: 'JWT' }, claims, device.key));
    await expectUnauthorized(`${b64({ alg: 'none' })}.${b64(claims)}.`);
    await expectUnauthorized(`${b64({ alg: 'none' })}.${b64(claims)}`);
    await expectUnauthorized(rawToken({ alg: 'es256', typ: 'JWT' }, claims, device.key));
    await expectUnauthorized(rawToken({ alg: ['ES256'], typ: 'JWT' }, claims, device.key));
    await expectUnauthorized(rawToken({ alg: 'ES256', typ: 'JWS' }, claims, device.key));
  });

  it("ignores keys named in the header (jwk, kid, x5u): an attacker's own key embedded in the token opens nothing", async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const header = { ...ES256, jwk: publicKey.export({ format: 'jwk' }), kid: String(device.id), x5u: 'https://attacker.example/cert.pem' };
    await expectUnauthorized(rawToken(header, claimsOf(device.id), privateKey));
    expect(await accepted(rawToken(header, claimsOf(device.id), device.key))).toBe(200);
  });

  it("refuses a sub that is not exactly the device's decimal id, and another device's sub signed with this key", async () => {
    for (const sub of [device.id, ` ${device.id}`, `${device.id} `, `0${device.id}`, `${device.id}.0`, `${device.id}\n`, '-1', '0', '+1', '1e1', '99999999999', String(2 ** 31), '2147483648']) {
      await expectUnauthorized(rawToken(ES256, { ...claimsOf(device.id), sub }, device.key));
    }
    await expectUnauthorized(rawToken(ES256, claimsOf(other.id), device.key));
    await expectUnauthorized(rawToken(ES256, { ...claimsOf(device.id), sub: [String(device.id)] }, device.key));
    await expectUnauthorized(rawToken(ES256, { ...claimsOf(device.id), sub: null }, device.key));
  });

  it('refuses iat and exp that are texts, fractions, missing, the wrong way round, too far apart or in the future', async () => {
    const now = nowS();
    const bad: Record<string, unknown>[] = [
      { iat: String(now), exp: now + 60 },
      { iat: now, exp: String(now + 60) },
      { iat: now + 0.5, exp: now + 60 },
      { iat: now, exp: now + 60.5 },
      { exp: now + 60 },
      { iat: now },
      { iat: null, exp: now + 60 },
      { iat: now, exp: now - 1 },
      { iat: now, exp: now + 301 },
      { iat: now - 1000, exp: now + 100 },
      { iat: now, exp: 1e300 },
      { iat: now + 60, exp: now + 120 },
      { iat: now - 400, exp: now - 100 },
      { iat: -1e300, exp: now + 10 },
      { iat: true, exp: now + 10 },
    ];
    for (const times of bad) await expectUnauthorized(rawToken(ES256, { sub: String(device.id), ...times }, device.key));
    // The edges the contract allows: exactly 300 s of life, exp == iat, iat 25 s ahead.
    expect(await accepted(rawToken(ES256, { sub: String(device.id), iat: now, exp: now + 300 }, device.key))).toBe(200);
    expect(await accepted(rawToken(ES256, { sub: String(device.id), iat: now, exp: now }, device.key))).toBe(200);
    expect(await accepted(rawToken(ES256, { sub: String(device.id), iat: now + 25, exp: now + 60 }, device.key))).toBe(200);
  });

  it('refuses a DER signature, 63- and 65-byte ones, and an empty one', async () => {
    const signed = `${b64(ES256)}.${b64(claimsOf(device.id))}`;
    const der = sign('sha256', Buffer.from(signed), device.key);
    await expectUnauthorized(`${signed}.${der.toString('base64url')}`);
    const raw = sign('sha256', Buffer.from(signed), { key: device.key, dsaEncoding: 'ieee-p1363' });
    expect(await accepted(`${signed}.${raw.toString('base64url')}`)).toBe(200);
    await expectUnauthorized(`${signed}.${raw.subarray(0, 63).toString('base64url')}`);
    await expectUnauthorized(`${signed}.${Buffer.concat([raw, Buffer.from([0])]).toString('base64url')}`);
    await expectUnauthorized(`${signed}.${Buffer.concat([Buffer.from([0]), raw]).toString('base64url')}`);
    await expectUnauthorized(`${signed}.`);
    await expectUnauthorized(`${signed}.${Buffer.alloc(64).toString('base64url')}`);
  });

  it('refuses extra dots, base64 padding, standard base64 (+ and /), spaces inside and a second token', async () => {
    let token = device.token();
    // A token whose parts use - or _, so that standard base64 differs from base64url.
    for (let i = 0; !/[-_]/.test(token); i++) token = device.token(Date.now() - i * 1000);
    await expectUnauthorized(`${token}.`);
    await expectUnauthorized(`.${token}`);
    await expectUnauthorized(token.replace('.', '..'));
    await expectUnauthorized(`${token}==`);
    await expectUnauthorized(`${token.split('.').slice(0, 2).join('.')}=.${token.split('.')[2]}`);
    await expectUnauthorized(token.replace(/-/g, '+').replace(/_/g, '/'));
    await expectUnauthorized(`${token} ${token}`);
    await expectUnauthorized(undefined, { authorization: `Bearer  ${token} x` });
    await expectUnauthorized(undefined, { authorization: `Bearer\t${token}` });
    await expectUnauthorized(undefined, { authorization: token });
    expect((await postCheckin(t.app, undefined, {}, { authorization: `bearer ${token}` })).statusCode).toBe(200);
  });

  it('a 100 KB header or claims part is no crash: a valid one passes, a forged one is a 401', async () => {
    const pad = 'x'.repeat(100_000);
    expect(await accepted(rawToken({ ...ES256, pad }, { ...claimsOf(device.id), pad }, device.key))).toBe(200);
    await expectUnauthorized(rawToken({ ...ES256, pad }, claimsOf(device.id), other.key));
    await expectUnauthorized(undefined, { authorization: `Bearer ${' '.repeat(100_000)}x y` });
    await expectUnauthorized(undefined, { authorization: `Bearer ${'a'.repeat(200_000)}` });
  });

  it('a device deleted after its token was made is refused', async () => {
    const doomed = await deviceWithKey(c, owner.teamId);
    const token = doomed.token();
    expect(await accepted(token)).toBe(200);
    expect((await c.del(`/api/device/${doomed.id}`)).statusCode).toBeLessThan(300);
    await expectUnauthorized(token);
    expect((await t.app.inject({ method: 'GET', url: '/device-api/v1/firmware/1', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
  });

  it("a device claimed into another team: the old team's key stops working, the new team's key works", async () => {
    const moving = await deviceWithKey(c, owner.teamId);
    const oldToken = moving.token();
    expect(await accepted(oldToken)).toBe(200);
    expect((await c.post(`/api/device_qr_code/${moving.id}`)).statusCode).toBeLessThan(300);
    const code = ((await c.put(`/api/set_device_claimed_status/${moving.id}`, { to_be_claimed: true })).json() as { claim_code: string }).claim_code;
    const claimed = await rival.client.put(`/api/claim_device/${moving.id}`, { claim_code: code, team_id: rival.teamId });
    expect(claimed.statusCode, claimed.body).toBe(204);
    await expectUnauthorized(oldToken);
    await expectUnauthorized(rawToken(ES256, claimsOf(moving.id), moving.key));
    const res = await rival.client.get(`/api/download/private_key/${moving.id}`);
    expect(res.statusCode).toBe(200);
    const newKey = createPrivateKey(res.body);
    expect(await accepted(rawToken(ES256, claimsOf(moving.id), newKey))).toBe(200);
    // The old team no longer reaches the device's key.
    expect((await c.get(`/api/download/private_key/${moving.id}`)).statusCode).toBe(404);
  });

  it('a console session, with or without the CSRF header, opens neither the check-in nor the firmware download', async () => {
    await expectUnauthorized(undefined, { cookie: owner.cookie });
    await expectUnauthorized(undefined, { cookie: owner.cookie, 'x-requested-with': 'pucs' });
    const res = await t.app.inject({ method: 'GET', url: '/device-api/v1/firmware/1', headers: { cookie: owner.cookie, 'x-requested-with': 'pucs' } });
    expect(res.statusCode).toBe(401);
    // A device token is no way into /api either.
    expect((await t.app.inject({ method: 'POST', url: '/api/config', headers: { authorization: `Bearer ${device.token()}`, 'x-requested-with': 'pucs' }, payload: { config: '{}', team_id: owner.teamId } })).statusCode).toBe(401);
  });
});

describe('hostile check-in bodies', () => {
  const status = async (body: unknown, headers: Record<string, string> = {}, d = device) =>
    (await t.app.inject({ method: 'POST', url: '/device-api/v1/checkin', headers: { authorization: `Bearer ${d.token()}`, ...headers }, payload: body as string })).statusCode;

  it('refuses wrong types and unknown keys with a 400', async () => {
    const bad = [
      { firmware: 'core' },
      { firmware: ['core', '1'] },
      { firmware: { name: 'core', version: '1', extra: 1 } },
      { firmware: { name: 'core', version: null } },
      { firmware: { name: null, version: '1' } },
      { config_id: 1.5 },
      { config_id: 0 },
      { config_id: -1 },
      { config_id: 2 ** 53 },
      { config_id: '1' },
      { config_id: true },
      { config_id: {} },
      { Config: {} },
      { config: {}, __extra: 1 },
    ];
    for (const body of bad) {
      const res = await postCheckin(t.app, device.token(), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof description(res)).toBe('string');
    }
    for (const body of [null, 5, 'x', [], true]) expect(await status(JSON.stringify(body), { 'content-type': 'application/json' })).toBe(400);
  });

  it('refuses a body that is not JSON, an empty one, and prototype keys, without a 500', async () => {
    // Text is read as a string, which is no JSON object.
    expect(await status('{"config": {}}', { 'content-type': 'text/plain' })).toBe(400);
    expect(await status('config=1', { 'content-type': 'application/x-www-form-urlencoded' })).toBe(415);
    expect(await status('', { 'content-type': 'application/json' })).toBe(400);
    expect(await status('{"config": ', { 'content-type': 'application/json' })).toBe(400);
    expect(await status('{"__proto__": {"admin": true}}', { 'content-type': 'application/json' })).toBe(400);
    expect(await status('{"config": {"constructor": {"prototype": {"x": 1}}}}', { 'content-type': 'application/json' })).toBe(400);
    // No body at all: a check-in with nothing to report is refused as not an object.
    const bare = await t.app.inject({ method: 'POST', url: '/device-api/v1/checkin', headers: { authorization: `Bearer ${device.token()}` } });
    expect(bare.statusCode).toBe(400);
  });

  it('a body parse error is answered before authentication, and reveals nothing about devices', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/device-api/v1/checkin', headers: { 'content-type': 'application/json' }, payload: '{"config_id": "x"}' });
    expect(res.statusCode).toBe(401);
  });

  it('a config_id beyond any id, of another team, or unknown is only compared, never followed', async () => {
    const d = await deviceWithKey(c, owner.teamId);
    const theirs = (await rival.client.post('/api/config', { config: JSON.stringify({ secret: 'rival' }), team_id: rival.teamId })).json() as { id: number };
    for (const config_id of [theirs.id, 2 ** 40, 999_999]) {
      const answer = await checkinOk(t.app, d, { config_id });
      expect(answer.config).toBeNull();
    }
    const seen = (await c.get(`/api/device/${d.id}`)).json() as { config_id: number | null; config_state: string | null; config_history: unknown[] };
    expect(seen).toMatchObject({ config_id: null, config_state: null, config_history: [] });
  });

  it("another team's firmware name and version never becomes the device's current firmware", async () => {
    const rivalType = (await createOk(rival.client, 'type', { name: 'rival fw type', team_id: rival.teamId })).id;
    const theirs = await createOk(rival.client, 'firmware', { name: 'rival-core', version: '9.9.9', team_id: rival.teamId, type_id: rivalType });
    await checkinOk(t.app, device, { firmware: { name: 'rival-core', version: '9.9.9' } });
    const seen = (await c.get(`/api/device/${device.id}`)).json() as { current_firmware_id: number | null };
    expect(seen.current_firmware_id).not.toBe(theirs.id);
    expect(seen.current_firmware_id).toBeNull();
  });

  it('a configuration of almost 1 MB is adopted whole', async () => {
    const d = await deviceWithKey(c, owner.teamId);
    const big = { blob: 'y'.repeat(999_000) };
    await checkinOk(t.app, d, { config: big });
    const seen = (await c.get(`/api/device/${d.id}`)).json() as { config_id: number; config_state: string };
    expect(seen.config_state).toBe('synchronized');
    const stored = (await c.get(`/api/config/${seen.config_id}`)).json() as { config: string };
    expect(JSON.parse(stored.config)).toEqual(big);
  });

  it('NUL characters and lone surrogates in a configuration are kept as JSON escapes', async () => {
    const d = await deviceWithKey(c, owner.teamId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/device-api/v1/checkin',
      headers: { authorization: `Bearer ${d.token()}`, 'content-type': 'application/json' },
      payload: '{"config": {"a\\u0000b": "x\\u0000y", "s": "\\ud800", "t": "\\udfff\\ud800"}}',
    });
    expect(res.statusCode, res.body).toBe(200);
    const seen = (await c.get(`/api/device/${d.id}`)).json() as { config_id: number };
    const stored = (await c.get(`/api/config/${seen.config_id}`)).json() as { config: string };
    expect(JSON.parse(stored.config)).toEqual({ 'a\u0000b': 'x\u0000y', s: '\ud800', t: '\udfff\ud800' });
    // The same report again is the same configuration: nothing new.
    await checkinOk(t.app, d, { config: { 'a\u0000b': 'x\u0000y', s: '\ud800', t: '\udfff\ud800' } });
    expect(((await c.get(`/api/device/${d.id}`)).json() as { config_id: number }).config_id).toBe(seen.config_id);
  });

  it(`a configuration nested deeper than ${MAX_JSON_DEPTH} levels is a 400 naming the limit, from a device or POST /api/config, without a 500`, async () => {
    const d = await deviceWithKey(c, owner.teamId);
    const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
    const checkinRaw = (config: string) =>
      t.app.inject({ method: 'POST', url: '/device-api/v1/checkin', headers: { authorization: `Bearer ${d.token()}`, 'content-type': 'application/json' }, payload: `{"config": ${config}}` });
    for (const levels of [MAX_JSON_DEPTH + 1, 4_500]) {
      const res = await checkinRaw(nested(levels));
      expect(res.statusCode, res.body).toBe(400);
      expect(description(res)).toBe(ownMessages.jsonTooDeep('config', MAX_JSON_DEPTH));
    }
    expect(((await c.get(`/api/device/${d.id}`)).json() as { config_id: number | null }).config_id).toBeNull();
    for (const levels of [MAX_JSON_DEPTH + 1, 6_000]) {
      const res = await c.post('/api/config', { config: nested(levels), team_id: owner.teamId });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
      expect(description(res)).toContain(String(MAX_JSON_DEPTH));
    }
    // The limit itself is fine on both sides.
    expect((await c.post('/api/config', { config: nested(MAX_JSON_DEPTH), team_id: owner.teamId })).statusCode).toBe(201);
    expect((await checkinRaw(nested(MAX_JSON_DEPTH))).statusCode).toBe(200);
  });

  it('a body under 1 MB whose configuration is longer written out (1e20 is 21 digits) is a 400 naming the limit; nothing changes', async () => {
    const d = await deviceWithKey(c, owner.teamId);
    const payload = `{"config": [${Array(199_000).fill('1e20').join(',')}]}`;
    expect(payload.length).toBeLessThan(1_000_000);
    const res = await t.app.inject({ method: 'POST', url: '/device-api/v1/checkin', headers: { authorization: `Bearer ${d.token()}`, 'content-type': 'application/json' }, payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(description(res)).toBe(ownMessages.tooLong('config', configCategory.fields.config.maxLength));
    expect((await c.get(`/api/device/${d.id}`)).json()).toMatchObject({ config_id: null, config_state: null, config_history: [], last_seen: null });
  });

  it('a firmware name or version with a NUL character or a lone surrogate is no crash', async () => {
    for (const firmware of [
      { name: 'core\u0000', version: '1' },
      { name: 'core', version: '1\u0000' },
      { name: '\ud800', version: '1' },
    ]) {
      const res = await postCheckin(t.app, device.token(), { firmware });
      expect(res.statusCode, `${JSON.stringify(firmware)} ${res.body}`).toBeLessThan(500);
    }
  });
});

describe('firmware downloads a device should not get', () => {
  const BYTES = Buffer.from('attack firmware image 0123456789abcdef');
  let typeId: number;
  let target: number;
  let sibling: number;
  let d: TestDevice;
  const get = (id: number | string, token: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url: `/device-api/v1/firmware/${id}`, headers: { authorization: `Bearer ${token}`, ...headers } });

  beforeAll(async () => {
    typeId = (await createOk(c, 'type', { name: 'attack dl type', team_id: owner.teamId })).id as number;
    const upload = uploader(t.app, owner.cookie);
    target = await firmwareFor(c, owner.teamId, typeId, BYTES);
    expect((await upload(target, BYTES)).statusCode).toBe(200);
    sibling = await firmwareFor(c, owner.teamId, typeId, BYTES.subarray(2));
    expect((await upload(sibling, BYTES.subarray(2))).statusCode).toBe(200);
    d = await deviceWithKey(c, owner.teamId, { type_id: typeId, target_firmware_id: target });
  });

  it('odd ids are a 404, never a 500', async () => {
    for (const id of ['0', '-1', '01', '1e3', '2147483648', '99999999999', `${target}.0`, '%00', `${target}%20`]) {
      const res = await get(id, d.token());
      expect(res.statusCode, id).toBe(404);
    }
    expect((await get(sibling, d.token(), {}, 'HEAD')).statusCode).toBe(404);
  });

  it("another team's device cannot fetch this team's firmware, even by its id", async () => {
    const stranger = await deviceWithKey(rival.client, rival.teamId);
    expect((await get(target, stranger.token())).statusCode).toBe(404);
    expect((await get(target, stranger.token(), {}, 'HEAD')).statusCode).toBe(404);
  });

  it('Range edge cases: one byte, a suffix, past the end, reversed, several ranges, garbage, a stale If-Range', async () => {
    const token = d.token();
    const one = await get(target, token, { range: 'bytes=0-0' });
    expect(one.statusCode).toBe(206);
    expect(one.rawPayload.equals(BYTES.subarray(0, 1))).toBe(true);
    const suffix = await get(target, token, { range: 'bytes=-5' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(BYTES.subarray(-5))).toBe(true);
    const tail = await get(target, token, { range: `bytes=${BYTES.length - 3}-` });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(BYTES.subarray(-3))).toBe(true);
    const past = await get(target, token, { range: `bytes=${BYTES.length}-${BYTES.length + 10}` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${BYTES.length}`);
    const clipped = await get(target, token, { range: `bytes=5-${BYTES.length + 1000}` });
    expect(clipped.statusCode).toBe(206);
    expect(clipped.rawPayload.equals(BYTES.subarray(5))).toBe(true);
    for (const range of ['bytes=5-2', 'bytes=0-1,3-4', 'bytes=abc', 'items=0-1', 'bytes=--1', `bytes=0-${'9'.repeat(400)}`]) {
      const res = await get(target, token, { range });
      expect(res.statusCode, range).toBeLessThan(500);
      if (res.statusCode === 200) expect(res.rawPayload.equals(BYTES)).toBe(true);
    }
    const stale = await get(target, token, { range: 'bytes=0-3', 'if-range': '"0000"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(BYTES)).toBe(true);
    const head = await get(target, token, { range: 'bytes=0-3' }, 'HEAD');
    expect(head.statusCode).toBeLessThan(300);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers.etag).toBe(`"${sha3(BYTES)}"`);
  });

  it('a disabled target is neither answered nor downloadable', async () => {
    const fw = await firmwareFor(c, owner.teamId, typeId, BYTES);
    expect((await uploader(t.app, owner.cookie)(fw, BYTES)).statusCode).toBe(200);
    const held = await deviceWithKey(c, owner.teamId, { type_id: typeId, target_firmware_id: fw });
    expect(((await checkinOk(t.app, held, {})).target_firmware as { id: number }).id).toBe(fw);
    // The console refuses to disable a target (spec section 4); a target disabled behind its back (an older row) is still withheld.
    expect((await c.put(`/api/firmware/${fw}`, { is_disabled: 1 })).statusCode).toBe(409);
    await t.db.query('UPDATE firmware SET is_disabled = 1 WHERE id = $1', [fw]);
    expect((await checkinOk(t.app, held, {})).target_firmware).toBeNull();
    expect((await get(fw, held.token())).statusCode).toBe(404);
    expect((await get(fw, held.token(), {}, 'HEAD')).statusCode).toBe(404);
  });

  it("a device in a group is answered the group's target firmware", async () => {
    const group = await createOk(c, 'devices_group', { name: 'attack group', team_id: owner.teamId, type_id: typeId, target_firmware_id: sibling });
    const member = await deviceWithKey(c, owner.teamId, { type_id: typeId, group_id: group.id });
    const answer = await checkinOk(t.app, member, {});
    expect((answer.target_firmware as { id: number } | null)?.id).toBe(sibling);
    expect((await get(sibling, member.token())).statusCode).toBe(200);
    expect((await get(target, member.token())).statusCode).toBe(404);
  });
});

interface SyncView {
  team_id: number;
  config_id: number | null;
  config_state: string | null;
  last_config_sync: string | null;
  config_history: { config_id: number; date: string; source: string }[];
}

describe('the sync state under attack', () => {
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
      const member = await memberOf(t, `attack_member_${role}`, [owner.teamId], role);
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

describe('firmware history', () => {
  it(`a device switching firmware on every check-in keeps only the last ${HISTORY_LIMIT} entries, like its configuration history`, async () => {
    const d = await deviceWithKey(c, owner.teamId);
    const typeId = (await createOk(c, 'type', { name: 'history fw type', team_id: owner.teamId })).id;
    const a = await createOk(c, 'firmware', { name: 'hist-core', version: '1.0.0', team_id: owner.teamId, type_id: typeId });
    const b = await createOk(c, 'firmware', { name: 'hist-core', version: '2.0.0', team_id: owner.teamId, type_id: typeId });
    const long = Array.from({ length: HISTORY_LIMIT }, (_, i) => ({ date: new Date(i * 1000).toISOString(), firmware_id: a.id }));
    await t.db.query('UPDATE device SET firmware_history = $1::jsonb, current_firmware_id = $2 WHERE id = $3', [JSON.stringify(long), a.id, d.id]);
    await checkinOk(t.app, d, { firmware: { name: 'hist-core', version: '2.0.0' } });
    const history = ((await c.get(`/api/device/${d.id}`)).json() as { firmware_history: { date: string; firmware_id: number }[] }).firmware_history;
    expect(history).toHaveLength(HISTORY_LIMIT);
    expect(history[0].date).toBe(long[1].date);
    expect(history.at(-1)!.firmware_id).toBe(b.id);
  });
});

describe('what /api lets out about device keys', () => {
  it('neither the full device list, one device, nor the CSV export carries a key or a certificate', async () => {
    const pems = [(await c.get(`/api/download/private_key/${device.id}`)).body, (await c.get(`/api/download/certificate/${device.id}`)).body];
    const body = (pem: string) => pem.split('\n').filter((l) => l && !l.startsWith('-----'))[1];
    for (const url of ['/api/full/device', `/api/device/${device.id}`, '/api/device', '/api/download/csv_export/device']) {
      const res = await c.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).not.toMatch(/PRIVATE KEY|CERTIFICATE|private_key|certificate/i);
      for (const pem of pems) expect(res.body).not.toContain(body(pem));
    }
  });

  it('a rival team reaches neither the key, the certificate nor the device', async () => {
    for (const url of [`/api/download/private_key/${device.id}`, `/api/download/certificate/${device.id}`, `/api/device/${device.id}`]) {
      expect((await rival.client.get(url)).statusCode, url).toBe(404);
    }
  });
});
