/**
 * Every answer carries helmet's security headers, exactly as helmet writes them with HELMET_OPTIONS:
 * an API answer, a signed-in one, an error and the console's page (set from the set computed once,
 * server/http/securityHeaders.ts, no longer built by helmet on every request: issue 28 item 8).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import helmet from 'helmet';
import { adminWithTeam, createTestApp, type TestApp } from './helpers';
import { HELMET_OPTIONS } from '../../server/http/securityHeaders';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The headers helmet itself writes on an answer. */
function helmetWrites(): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = { setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)), removeHeader: () => {} };
  helmet(HELMET_OPTIONS)({} as never, res as never, () => {});
  return headers;
}

describe('the security headers', () => {
  it('are helmet\'s on a signed-in list, a 401, a 404 of the API and the console page', async () => {
    const expected = helmetWrites();
    expect(Object.keys(expected)).toContain('content-security-policy');
    const a = await adminWithTeam(t, 'sec_headers');
    const answers = [
      await a.client.get('/api/full/device?fields=id,name&sort=["name","ASC"]&range=[0,24]&filter={}'),
      await t.app.inject({ method: 'GET', url: '/api/current_user' }),
      await a.client.get('/api/no_such_thing'),
      await t.app.inject({ method: 'GET', url: '/devices' }),
    ];
    for (const res of answers) {
      for (const [name, value] of Object.entries(expected)) expect(res.headers[name], `${res.statusCode} ${name}`).toBe(value);
    }
  });
});
