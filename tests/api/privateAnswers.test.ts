/**
 * Private answers are not cached (issue 12, item 6): every /api answer, errors included, says
 * `Cache-Control: no-store` (a firmware file keeps `private` caching with its ETag); the answers
 * Node's parser and Fastify's router make before any route (431, 414) have the API's
 * { Description } body and the security headers; Strict-Transport-Security only over https.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { adminWithTeam, api, createTestApp, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';
import { firmwareFor, uploader } from './firmwareFilesHelpers';
import { CSRF_HEADER } from '../../src/csrf';

let t: TestApp;
let c: Client;
let cookie: string;
let team: number;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ client: c, cookie, teamId: team } = await adminWithTeam(t, 'cache_admin'));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** A raw request on the listening server: inject skips Node's HTTP parser. */
function raw(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('Cache-Control of /api answers', () => {
  it('is no-store on the profile, a list, an object, a CSV export, a 404 and a 401', async () => {
    const answers = {
      profile: await c.get('/api/current_user'),
      list: await c.get('/api/team'),
      object: await c.get(`/api/team/${team}`),
      csv: await c.get('/api/download/csv_export/device'),
      unknownId: await c.get('/api/team/999999'),
      unknownRoute: await c.get('/api/no_such_thing'),
      signedOut: await api(t.app).get('/api/team'),
      wrongPassword: await t.app.inject({ method: 'POST', url: '/api/login', headers: CSRF_HEADER, payload: { username: 'cache_admin', password: 'not it at all' } }),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([k, r]) => [k, r.statusCode]))).toEqual({
      profile: 200,
      list: 200,
      object: 200,
      csv: 200,
      unknownId: 404,
      unknownRoute: 404,
      signedOut: 401,
      wrongPassword: 401,
    });
    for (const [what, res] of Object.entries(answers)) expect(res.headers['cache-control'], what).toBe('no-store');
  });

  it('lets a firmware download be cached privately with its ETag, never by a shared cache', async () => {
    const type = (await createOk(c, 'type', { name: 'cache_board', team_id: team })).id as number;
    const bytes = randomBytes(1000);
    const id = await firmwareFor(c, team, type, bytes);
    expect((await uploader(t.app, cookie)(id, bytes)).statusCode).toBe(200);
    const res = await c.get(`/api/download/firmware/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(res.headers['cache-control']).toMatch(/^private\b/);
    // Another team's firmware, or none: the 404 is not stored.
    const missing = await c.get('/api/download/firmware/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});

describe('answers made before any route', () => {
  const expectApiShape = (res: { status: number; headers: Record<string, unknown>; body: string }, status: number, description: string) => {
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.body)).toEqual({ Description: description });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  };

  it('431 for headers too large: the { Description } body and the security headers of any page', async () => {
    const page = await raw('/');
    const res = await raw('/api/current_user', { 'x-filler': 'x'.repeat(20_000) });
    expectApiShape(res, 431, ownMessages.headersTooLarge);
    // The same security headers as the console's answers.
    for (const name of ['content-security-policy', 'cross-origin-opener-policy', 'referrer-policy', 'x-frame-options', 'x-content-type-options']) {
      expect(res.headers[name], name).toBe(page.headers[name]);
    }
  });

  it('414 for a path parameter too long to route', async () => {
    expectApiShape(await raw(`/api/team/${'9'.repeat(200)}`), 414, ownMessages.uriTooLong);
  });

  it('400 for an address the router cannot decode', async () => {
    expectApiShape(await raw('/api/team/%E0%A4%A'), 400, ownMessages.badUrl);
  });
});

describe('Strict-Transport-Security', () => {
  it('is not sent over plain http', async () => {
    const res = await c.get('/api/current_user');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect((await raw('/')).headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent over https, as the trusted proxy says', async () => {
    const proxied = await createTestApp({ PUCS_TRUST_PROXY: '1' });
    try {
      const over = (proto: string) => proxied.app.inject({ url: '/api/current_user', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-proto': proto } });
      expect((await over('https')).headers['strict-transport-security']).toBe('max-age=15552000');
      expect((await over('http')).headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});
