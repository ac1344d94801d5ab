/**
 * The origin of QR links when PUCS_PUBLIC_URL is not set: the request's Host (issue 28 item 2). A
 * Host no browser could send (2,500 characters, spaces, a path) is refused with 400 by every QR,
 * label and sheet route, never a 500; a real one is printed; PUCS_PUBLIC_URL wins over any Host.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { CSRF_HEADER } from '../../src/csrf';
import { adminWithTeam, createTestApp, type TestApp } from './helpers';
import { createOk } from './crudFixtures';

const IMPOSSIBLE = ['x'.repeat(2500), 'a b', 'evil.example/path', `${'a'.repeat(64)}.example`, 'host:99999999'];
const POSSIBLE = ['pucs.example', 'pucs.example:8443', '10.0.0.7:3000', '[::1]:3000', 'my_service', 'localhost'];

async function fleet(t: TestApp) {
  const { cookie, client } = await adminWithTeam(t, 'hostadmin');
  const team = (await client.get('/api/current_user')).json().teams[0].id as number;
  const type = (await createOk(client, 'type', { name: 'board', team_id: team })).id as number;
  const device = (await createOk(client, 'device', { name: 'd1', team_id: team, type_id: type, uid_for_type: 'u1' })).id as number;
  const qr = (await client.post(`/api/device_qr_code/${device}`)).json().id as string;
  return { cookie, device, qr };
}

/** Every route that prints the origin, with this Host. */
function calls(t: TestApp, host: string, { cookie, device, qr }: Awaited<ReturnType<typeof fleet>>) {
  const headers = { ...CSRF_HEADER, cookie, host };
  return [
    t.app.inject({ method: 'GET', url: `/api/execute_qr_code_action/${qr}`, headers: { host } }),
    t.app.inject({ method: 'GET', url: `/api/device_qr_code/${device}`, headers }),
    t.app.inject({ method: 'GET', url: `/api/download/detailed_label/${device}`, headers }),
    t.app.inject({ method: 'GET', url: `/api/download/model_label/${device}`, headers }),
    t.app.inject({ method: 'POST', url: '/api/download/label_sheet', headers, payload: { device_ids: [device] } }),
  ];
}

describe('without PUCS_PUBLIC_URL', () => {
  let t: TestApp;
  let made: Awaited<ReturnType<typeof fleet>>;
  beforeAll(async () => {
    t = await createTestApp();
    made = await fleet(t);
  });
  afterAll(() => t.close());

  it.each(IMPOSSIBLE.map((host) => [host.length > 40 ? `${host.slice(0, 20)}… (${host.length})` : host, host]))('Host %s is refused with 400 by every route printing the origin', async (_, host) => {
    for (const res of await Promise.all(calls(t, host, made))) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ Description: ownMessages.impossibleHost });
    }
  });

  it.each(POSSIBLE)('Host %s is the origin of the QR link', async (host) => {
    const res = await Promise.all(calls(t, host, made));
    for (const r of res) expect(r.statusCode, r.body).toBe(200);
    expect(res[1].json().url).toBe(`http://${host}`);
  });
});

describe('with PUCS_PUBLIC_URL', () => {
  it('the configured origin wins over any Host, possible or not', async () => {
    const t = await createTestApp({ PUCS_PUBLIC_URL: 'https://pucs.example/' });
    try {
      const made = await fleet(t);
      for (const host of [IMPOSSIBLE[0], POSSIBLE[0]]) {
        const res = await Promise.all(calls(t, host, made));
        for (const r of res) expect(r.statusCode, r.body).toBe(200);
        expect(res[1].json().url).toBe('https://pucs.example');
      }
    } finally {
      await t.close();
    }
  });
});
