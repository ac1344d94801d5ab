/**
 * The pages the server draws into index.html (issue 28 item 8): the public QR page with the
 * device's public information, escaped (a device's values are anyone's input), read by the API's
 * own reader (one limit per address for the page and the call), and its answer put in the page for
 * the script; the unknown QR id's message; the sign-in form for a signed-out visitor only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages, ownMessages } from '../../src/messages';
import { DRAWN_PAGE_DATA_ID } from '../../src/entry/drawnPage';
import { adminWithTeam, createTestApp, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';

const INDEX = '<!doctype html><html lang="en"><head><title>PUCS</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';
const LIMIT = 4;
const XSS = '<script>alert(1)</script>';
const PROVISIONING = { note: '</script><img src=x onerror=alert(2)>', "<b id='k'>": 'key' };

let t: TestApp;
let dist: string;
let admin: Client;
let cookie: string;
let qr: string;
let deviceId: number;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'pucs-drawn-'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  t = await createTestApp({ PUCS_DIST_DIR: dist, PUCS_QR_INFO_PER_MINUTE: String(LIMIT) });
  let teamId: number;
  ({ client: admin, teamId, cookie } = await adminWithTeam(t, 'drawer', `Team ${XSS}`));
  const type = (await createOk(admin, 'type', { name: 'Board', team_id: teamId, name_of_uid: 'Serial' })).id as number;
  deviceId = (await createOk(admin, 'device', { name: 'd1', team_id: teamId, type_id: type, uid_for_type: 'SN "1" & <2>', provisioning: PROVISIONING })).id as number;
  // The console's rules refuse such a name; the page must be safe whatever the database holds.
  await t.db.query('UPDATE "device" SET "name" = $1 WHERE "id" = $2', [XSS, deviceId]);
  qr = ((await admin.post(`/api/device_qr_code/${deviceId}`)).json() as { id: string }).id;
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

/** Each page from its own address, so that the rate limit only meets the test made for it. */
let address = 0;
const page = (url: string, { ip = `10.1.0.${++address}`, session = '' } = {}) =>
  t.app.inject({ method: 'GET', url, remoteAddress: ip, headers: session ? { cookie: session } : {} });

/** The markup drawn into the root element. */
const root = (html: string) => /<div id="root">([\s\S]*?)<\/div><script type="application\/json"|<div id="root">([\s\S]*)<\/div><script type="module"/.exec(html)?.slice(1).find((m) => m !== undefined) ?? '';
/** The data block the page came with. */
const data = (html: string) => {
  const block = new RegExp(`<script type="application/json" id="${DRAWN_PAGE_DATA_ID}">([^<]*)</script>`).exec(html);
  return block ? (JSON.parse(block[1]) as { qr?: { id: string; status: number; body: Record<string, unknown> }; contact_url?: string | null }) : undefined;
};

describe('the public QR page drawn by the server', () => {
  it("shows the device's name, type, unique ID, team and provisioning, every value escaped", async () => {
    const res = await page(`/qr?id=${qr}`);
    expect(res.statusCode).toBe(200);
    const markup = root(res.body);
    for (const text of [ownMessages.qrDeviceName, ownMessages.qrDeviceType, 'Serial', ownMessages.qrDeviceTeam, ownMessages.qrProvisioning, ownMessages.qrFullInformation, messages.loginToSee, messages.home]) {
      expect(markup).toContain(text);
    }
    expect(markup).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(markup).toContain('Team &lt;script&gt;');
    expect(markup).toContain('SN &quot;1&quot; &amp; &lt;2&gt;');
    expect(markup).toContain(`href="/device_view?id=${deviceId}"`);
    expect(markup).toContain(`href="/qr_code_page_login/?id=${qr}"`);
    expect(markup).toMatch(/<img class="pucs-label-image" src="data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    // Nothing a device holds opens a tag or ends the data block, anywhere in the page.
    expect(res.body).not.toContain(XSS);
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).not.toContain("<b id='k'>");
    expect(res.body.match(/<\/script>/g)).toHaveLength(2);
  });

  it('comes with the answer of the public information call, so that the script does not read it again', async () => {
    const res = await page(`/qr?id=${qr}`);
    const drawn = data(res.body);
    expect(drawn?.contact_url).toBeNull();
    expect(drawn?.qr).toMatchObject({ id: qr, status: 200, body: { id: qr, device: { id: deviceId, name: XSS }, provisioning: PROVISIONING } });
    expect(drawn?.qr?.body).not.toHaveProperty('device_id');
    // A member of the device's team is told its id, as the call tells them; the page draws no sign-in notice for them.
    const member = await page(`/qr?id=${qr}`, { session: cookie });
    expect(data(member.body)?.qr?.body).toHaveProperty('device_id', deviceId);
    expect(root(member.body)).not.toContain(messages.loginToSee);
    expect(root(member.body)).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it.each(['/qr?id=unknown-id', '/qr?id=', '/qr', `/QR/?id=${encodeURIComponent('"><img src=x onerror=alert(1)>')}`])(
    '%s shows what the browser shows for an invalid address, with the sign-in link among the links',
    async (url) => {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      const markup = root(res.body);
      expect(markup).toContain(messages.qrInvalid);
      expect(markup).toContain(`>${ownMessages.signIn}</a>`);
      expect(markup).not.toContain(ownMessages.qrDeviceName);
      expect(res.body).not.toContain('<img src=x');
    },
  );

  it('counts against the same limit per address as the public information call', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < LIMIT; i++) expect(data((await page(`/qr?id=${qr}`, { ip })).body)?.qr?.status).toBe(200);
    const limited = await page(`/qr?id=${qr}`, { ip });
    expect(data(limited.body)?.qr).toMatchObject({ status: 429, body: { Description: ownMessages.tooManyRequests } });
    expect(root(limited.body)).toContain(ownMessages.tooManyRequests);
    const call = await t.app.inject({ method: 'GET', url: `/api/execute_qr_code_action/${qr}`, remoteAddress: ip });
    expect(call.statusCode).toBe(429);
  });
});

describe('the sign-in form drawn by the server', () => {
  it('is in the page of /login for a signed-out visitor, with its labels and button', async () => {
    const markup = root((await page('/login?next=%2Fdevices')).body);
    expect(markup).toContain('<form');
    expect(markup).toMatch(new RegExp(`<label for="login-username">${ownMessages.username}</label>`));
    expect(markup).toMatch(new RegExp(`<label for="login-password">${ownMessages.password}</label>`));
    expect(markup).toContain('type="password"');
    expect(markup).toContain(`>${ownMessages.signIn}</button>`);
  });

  it('is left to the console for a signed-in visitor, and no other page is drawn', async () => {
    expect(root((await page('/login', { session: cookie })).body)).toBe('');
    expect(root((await page('/devices')).body)).toBe('');
  });
});

describe('the pages the server draws, to caches and when the database stalls', () => {
  it('a page drawn for a member is kept by no cache, as the API answer it holds', async () => {
    const member = await page(`/qr?id=${qr}`, { session: cookie });
    expect(data(member.body)?.qr?.body).toHaveProperty('device_id', deviceId);
    expect(member.headers['cache-control']).toBe('no-store');
    expect(member.headers.etag).toBeUndefined();
  });

  it('still comes, drawn by the script instead, when the database does not answer', async () => {
    const query = t.db.query.bind(t.db);
    const stalled = new Promise<never>(() => {});
    t.db.query = (() => stalled) as typeof t.db.query;
    try {
      for (const [url, session] of [[`/qr?id=${qr}`, cookie], [`/qr?id=${qr}`, ''], ['/login', cookie]] as const) {
        const res = await page(url, { session });
        expect(res.statusCode).toBe(200);
        expect(root(res.body)).toBe('');
        expect(res.body).toContain('<script type="module" src="/assets/index.js">');
      }
      // A signed-out visitor's form needs no database: it is drawn still.
      expect(root((await page('/login')).body)).toContain('<form');
    } finally {
      t.db.query = query;
    }
  }, 30_000);

  it('is left undrawn while the server refuses API calls as busy: the page adds no database work then', async () => {
    const busy = await createTestApp({ PUCS_DIST_DIR: dist, PUCS_MAX_INFLIGHT: '1' });
    try {
      const query = busy.db.query.bind(busy.db);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let queries = 0;
      busy.db.query = (async (...args: Parameters<typeof query>) => {
        queries++;
        await held;
        return query(...args);
      }) as typeof busy.db.query;
      // One API call in flight, waiting on the database: the next one would be refused as busy.
      const call = busy.app.inject({ method: 'GET', url: '/api/execute_qr_code_action/x', remoteAddress: '10.3.0.1' });
      await expect.poll(() => queries).toBeGreaterThan(0);
      expect((await busy.app.inject({ method: 'GET', url: '/api/qr_contact', remoteAddress: '10.3.0.2' })).statusCode).toBe(503);
      const before = queries;
      const res = await busy.app.inject({ method: 'GET', url: '/qr?id=x', remoteAddress: '10.3.0.3' });
      expect(res.statusCode).toBe(200);
      expect(root(res.body)).toBe('');
      expect(queries).toBe(before);
      release();
      expect((await call).statusCode).toBe(404);
    } finally {
      await busy.close();
    }
  }, 30_000);
});
