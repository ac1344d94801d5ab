/**
 * Defects found by attacking the scale work of issue 11 (rate limits, list totals in memory, npm
 * start), each shown by a test that failed when written. Skipped so that CI stays green: remove the
 * skip of a describe once its defect is fixed.
 *
 * - Sign-in's limit per address counts each IPv6 address alone (request.ip, server/routes/auth.ts),
 *   while the QR info's counts the whole /64 a client owns (addressKey): a client rotating through
 *   its /64 makes any number of guesses across accounts.
 * - The in-memory limit store (the embedded database) keeps each key as sent: a failed sign-in with
 *   a 1 MB user name holds 1 MB of the server's memory for the 15-minute window (the PostgreSQL
 *   store keeps a digest), up to MAX_KEYS of them.
 * - A sign-in refused by the address limit ("tried nothing") still stores its account key: on
 *   PostgreSQL a row of rate_limit per attempt, so one blocked client grows the table at request
 *   rate for a whole window; in memory, such keys push out the oldest windows (another account's
 *   10 counted failures).
 * - Sign-in's limit per account counts the name lowercased, and a successful sign-in clears that
 *   count, but names are unique and looked up exactly: the owner of 'ATK_VICTIM' resets the count of
 *   guesses at 'atk_victim' with each sign-in of their own, 9 guesses at a time.
 * - The list totals kept in memory (server/crud/countCache.ts) are bounded in number (1,000 per
 *   table), not in bytes, and each is keyed by its parameters, the search text included: any
 *   signed-in user fills them with 1,000 searches of a 16 KB text (what an HTTP request line
 *   allows): 46 MB more heap for one category measured here, held until its table changes.
 * - With PUCS_TRUST_PROXY=1 (docs/OPERATIONS.md: behind a proxy or load balancer) Fastify's
 *   trustProxy is true, so the client address is the LEFT-most X-Forwarded-For entry: behind a proxy
 *   that appends the address it saw (nginx's $proxy_add_x_forwarded_for), a client that sends its own
 *   X-Forwarded-For picks the address it is counted under, for the sign-in and QR info limits alike.
 * - `npm start` (scripts/serve.mjs) writes its bundle into the checkout's server/ folder: run by a
 *   user who cannot write there (a service account, a container's non-root user over files owned
 *   by root), it ends with an EACCES stack trace before opening the database; through tsx it ran.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithTeam, createTestApp, createUser, type TestApp } from './helpers';
import { ownMessages } from '../../src/messages';

let t: TestApp;
const login = (remoteAddress: string, username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', remoteAddress, headers: { 'x-requested-with': 'pucs' }, payload: { username, password } });

describe.skip('defects of the sign-in limits (issue 11 attack)', () => {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('counts a whole IPv6 /64 as one address, as the QR info limit does', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(`2001:db8:5:5::${(i + 1).toString(16)}`, `v6_nobody_${i}`, 'x')));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(401));
    const fresh = await adminWithTeam(t, 'v6_fresh');
    expect((await login('2001:db8:5:5:aaaa::1', 'v6_fresh', fresh.password)).statusCode).toBe(429);
  });

  it("keeps counting guesses at an account when another account whose name differs only by case signs in", async () => {
    await createUser(t.db, 'atk_victim', 'victim password');
    await createUser(t.db, 'ATK_VICTIM', 'attacker password');
    for (let i = 0; i < 9; i++) expect((await login(`10.40.0.${i + 1}`, 'atk_victim', `guess ${i}`)).statusCode).toBe(401);
    expect((await login('10.40.1.1', 'ATK_VICTIM', 'attacker password')).statusCode).toBe(204);
    // The 10th guess is the last one allowed in the window; the 11th must be refused.
    expect((await login('10.40.2.1', 'atk_victim', 'guess 9')).statusCode).toBe(401);
    expect((await login('10.40.2.2', 'atk_victim', 'victim password')).statusCode).toBe(429);
  });

  it.skipIf(process.env.DATABASE_URL)('holds no copy of a huge user name in memory for the window', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 20; i++) {
      const res = await login(`10.20.0.${i + 1}`, `${String(i).padStart(3, '0')}${'a'.repeat(1_000_000)}`, 'x');
      expect(res.statusCode).toBe(401);
    }
    gc();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(5_000_000);
  });

  it.skipIf(!process.env.DATABASE_URL)('stores nothing for an attempt its address limit refused', async () => {
    const failed = await Promise.all(Array.from({ length: 50 }, (_, i) => login('10.30.0.1', `blocked_${i}`, 'x')));
    expect(failed.map((r) => r.statusCode)).toEqual(Array(50).fill(401));
    const rows = async () => (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM rate_limit WHERE scope = 'sign_in_account'")).rows[0].n;
    const before = await rows();
    for (let i = 0; i < 100; i++) expect((await login('10.30.0.1', `refused_${i}`, 'x')).statusCode).toBe(429);
    expect(await rows()).toBe(before);
  });
});

describe.skip('defects of the list totals in memory (issue 11 attack)', () => {
  it('hold a bounded memory however long the searches', async () => {
    const cached = await createTestApp();
    try {
      const a = await adminWithTeam(cached, 'atk_searcher');
      setFlagsFromString('--expose-gc');
      const gc = runInNewContext('gc') as () => void;
      gc();
      const before = process.memoryUsage().heapUsed;
      for (let i = 0; i < 1000; i++) {
        const q = `${String(i).padStart(4, '0')}${'x'.repeat(16_000)}`;
        expect((await a.client.get(`/api/full/device?fields=id&range=[0,0]&filter=${encodeURIComponent(JSON.stringify({ q }))}`)).statusCode).toBe(200);
      }
      gc();
      expect(process.memoryUsage().heapUsed - before).toBeLessThan(8_000_000);
    } finally {
      await cached.close();
    }
  }, 60_000);
});

describe.skip('defects of the limits behind a proxy (issue 11 attack)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ PUCS_TRUST_PROXY: '1', PUCS_QR_INFO_PER_MINUTE: '3' });
  });
  afterAll(() => proxied?.close());

  it('count a client by the address the proxy saw, not by the X-Forwarded-For it sent', async () => {
    // The proxy (127.0.0.1) appends the address it saw, 203.0.113.5, to what the client sent.
    const qr = (sent: string) =>
      proxied.app.inject({ url: '/api/execute_qr_code_action/unknown', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': `${sent}, 203.0.113.5` } });
    for (let i = 0; i < 3; i++) expect((await qr(`198.51.100.${i}`)).statusCode).toBe(404);
    expect((await qr('198.51.100.77')).statusCode).toBe(429);
  });
});

/** Whether this test can run the server as a user who cannot write the checkout (root, with runuser). */
const asOtherUser = process.getuid?.() === 0 && spawnSync('runuser', ['--help']).status === 0;

describe.skip('defects of npm start (issue 11 attack)', () => {
  it.skipIf(!asOtherUser)('starts for a user who may read the checkout but not write it', async () => {
    const temp = mkdtempSync(join(tmpdir(), 'pucs-atk13-ro-'));
    chmodSync(temp, 0o777);
    const env = { ...process.env, PORT: '0', HOST: '127.0.0.1', PUCS_SKIP_BUILD: '1', DATABASE_URL: '', PUCS_DIST_DIR: join(temp, 'dist'), PUCS_DATA_DIR: join(temp, 'data'), HOME: temp };
    const child = spawn('runuser', ['-u', 'nobody', '--', process.execPath, join(process.cwd(), 'scripts', 'serve.mjs')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    try {
      await new Promise<void>((resolve) => {
        child.on('exit', () => resolve());
        child.stdout.on('data', () => out.includes('http://') && resolve());
      });
      expect(out).toContain(ownMessages.openingDatabase(join(temp, 'data')).split('(')[0]);
      expect(out).toMatch(/http:\/\/127\.0\.0\.1:\d+/);
    } finally {
      child.kill('SIGTERM');
      rmSync(temp, { recursive: true, force: true });
    }
  }, 60_000);
});
