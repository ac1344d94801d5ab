/**
 * The rate-limit rule with the store every process on a PostgreSQL database shares (the table
 * rate_limit), on this run's database; the same cases as in memory (tests/unit/rateLimit.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresLimitStore } from '../../server/auth/limitStore';
import { Limiter } from '../../server/auth/rateLimit';
import { limitRuleCases } from '../unit/limitRules';
import { adminWithTeam, createTestApp, type TestApp } from './helpers';
import { CSRF_HEADER } from '../../src/csrf';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('Limiter in the database', () => {
  limitRuleCases((scope) => new PostgresLimitStore(t.db, scope));

  it('deletes the windows that are over now and then', async () => {
    const l = new Limiter({ max: 1, windowMs: 60_000 }, new PostgresLimitStore(t.db, 'sweep'));
    const rows = async () => (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM rate_limit WHERE scope = 'sweep'")).rows[0].n;
    const now = Date.now();
    await l.take('a', now - 120_000);
    await l.take('b', now + 1_000);
    expect(await rows()).toBe(2);
    await l.take('c', now + 60_000);
    await expect.poll(rows).toBe(2);
  });
});

describe('a limit store that fails', () => {
  it.skipIf(!process.env.DATABASE_URL)('refuses sign-ins and QR calls with a 500: never lets one through uncounted', async () => {
    const broken = await createTestApp();
    try {
      const a = await adminWithTeam(broken, 'lim_broken');
      await broken.db.exec('DROP TABLE rate_limit');
      const res = await broken.app.inject({ method: 'POST', url: '/api/login', headers: { ...CSRF_HEADER }, payload: { username: 'lim_broken', password: a.password } });
      expect(res.statusCode).toBe(500);
      expect(res.cookies.find((c) => c.name === 'pucs_session')).toBeUndefined();
      expect((await broken.app.inject('/api/execute_qr_code_action/x')).statusCode).toBe(500);
      // The signed-in session still works: only the limited calls depend on the store.
      expect((await a.client.get('/api/current_user')).statusCode).toBe(200);
    } finally {
      await broken.close();
    }
  });
});
