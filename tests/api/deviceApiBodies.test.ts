/**
 * Check-in bodies as a buggy or hostile device sends them (docs/DEVICE_API.md): wrong types,
 * unknown and prototype keys, bodies that are not JSON, nested deep, at the size limit or past it,
 * compressed or of another media type, duplicate keys, odd numbers and strings, and stray requests
 * under /device-api: every answer is JSON with a Description, never a 500, and nothing of another
 * team is ever followed or adopted.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { config as configCategory } from '../../src/schemas/config';
import { MAX_JSON_DEPTH } from '../../src/schemas/kinds';
import { createOk } from './crudFixtures';
import { createTestApp, description, type Client, type TestApp } from './helpers';
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

const view = async (d: TestDevice, client = c) => (await client.get(`/api/device/${d.id}`)).json() as SyncView;

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

describe('stray requests under /device-api', () => {
  let built: TestApp;
  const dist = mkdtempSync(join(tmpdir(), 'pucs-stray-dist-'));
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
