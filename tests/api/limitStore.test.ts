/**
 * The rate-limit rule with the store every process on a PostgreSQL database shares (the table
 * rate_limit), on this run's database; the same cases as in memory (tests/unit/rateLimit.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresLimitStore } from '../../server/auth/limitStore';
import { Limiter } from '../../server/auth/rateLimit';
import { limitRuleCases } from '../unit/limitRules';
import { createTestApp, type TestApp } from './helpers';

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
