/** The rate-limit rule with the store of one process (PGlite), and that store's bounded memory. */
import { describe, expect, it } from 'vitest';
import { Limiter } from '../../server/auth/rateLimit';
import { MemoryLimitStore } from '../../server/auth/limitStore';
import { limitRuleCases } from './limitRules';

describe('Limiter in memory', () => {
  limitRuleCases(() => new MemoryLimitStore());

  it('keeps at most maxKeys keys, however many call in one window, forgetting the oldest', async () => {
    const store = new MemoryLimitStore(1_000);
    const l = new Limiter({ max: 1, windowMs: 60_000 }, store);
    const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    for (let i = 0; i < 50_000; i++) await l.take(address(i), 1_000 + i);
    expect(store.size).toBe(1_000);
    expect((await l.take(address(49_999), 51_000)).wait).toBe(60);
    expect((await l.take(address(0), 51_000)).wait).toBe(0);
  });

  it('forgets windows that are over before it forgets any that are not', async () => {
    const store = new MemoryLimitStore(3);
    const l = new Limiter({ max: 1, windowMs: 60_000 }, store);
    await l.take('old', 0);
    await l.take('a', 59_000);
    await l.take('b', 59_000);
    await l.take('c', 61_000);
    expect(store.size).toBe(3);
    expect((await l.take('a', 61_000)).wait).toBe(58);
    expect((await l.take('b', 61_000)).wait).toBe(58);
  });
});
