/**
 * Who the device API lets in (docs/DEVICE_API.md): an ES256 token signed with the device's key,
 * whatever else a token says. Forged algorithms and keys named in the header, subs, times and
 * signatures written otherwise, odd encodings and sizes are a 401; a deleted or claimed device's old
 * key opens nothing; a console session opens nothing. What /api lets out about keys: nothing.
 */
import { createHmac, createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, type TestApp } from './helpers';
import { b64, claimsOf, deviceWithKey, ES256, expectJsonError, expectUnauthorized as expectDeviceUnauthorized, nowS, ownerAndRival, postCheckin, rawToken, type TeamAdmin, type TestDevice } from './deviceApiHelpers';
import { CSRF_HEADER } from '../../src/csrf';

let t: TestApp;
let owner: TeamAdmin;
let rival: TeamAdmin;
let c: Client;
let device: TestDevice;
let other: TestDevice;

beforeAll(async () => {
  ({ t, owner, rival } = await ownerAndRival());
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
    await expectUnauthorized(undefined, { cookie: owner.cookie, ...CSRF_HEADER });
    const res = await t.app.inject({ method: 'GET', url: '/device-api/v1/firmware/1', headers: { cookie: owner.cookie, ...CSRF_HEADER } });
    expect(res.statusCode).toBe(401);
    // A device token is no way into /api either.
    expect((await t.app.inject({ method: 'POST', url: '/api/config', headers: { authorization: `Bearer ${device.token()}`, ...CSRF_HEADER }, payload: { config: '{}', team_id: owner.teamId } })).statusCode).toBe(401);
  });
});

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
