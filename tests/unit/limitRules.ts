/**
 * The rate-limit rule's cases, run against each store (tests/unit/rateLimit.test.ts in memory,
 * tests/api/limitStore.test.ts in the database): both must answer alike.
 */
import { expect, it } from 'vitest';
import { Limiter } from '../../server/auth/rateLimit';
import type { LimitStore } from '../../server/auth/limitStore';

/** `store(scope)`: an empty store; each case asks for a scope of its own. */
export function limitRuleCases(store: (scope: string) => LimitStore) {
  const limiter = (scope: string, max: number) => new Limiter({ max, windowMs: 60_000 }, store(scope));

  it('lets max events through per key and window, then says how long until the window ends', async () => {
    const l = limiter('window', 3);
    for (let i = 0; i < 3; i++) expect((await l.take('10.0.0.1', 1_000)).wait).toBe(0);
    expect((await l.take('10.0.0.1', 1_000)).wait).toBe(60);
    expect((await l.take('10.0.0.1', 31_000)).wait).toBe(30);
    expect((await l.take('10.0.0.2', 31_000)).wait).toBe(0);
    expect((await l.take('10.0.0.1', 61_000)).wait).toBe(0);
    expect((await l.take('10.0.0.2', 61_000)).wait).toBe(0);
  });

  it('takes an event back within its window only, and forgets a cleared key', async () => {
    const l = limiter('back', 2);
    const first = await l.take('k', 1_000);
    await l.take('k', 2_000);
    await l.takeBack(first);
    expect((await l.take('k', 3_000)).wait).toBe(0);
    expect((await l.take('k', 3_000)).wait).toBe(58);
    const old = await l.take('k', 3_000);
    // A new window: taking back an event of the old one gives nothing in it.
    await l.take('k', 70_000);
    await l.takeBack(old);
    await l.takeBack({ ...old, openedAt: 70_000, key: 'other' });
    expect((await l.take('k', 70_000)).wait).toBe(0);
    expect((await l.take('k', 70_000)).wait).toBe(60);
  });

  it('counts events sent at once exactly: max go on, the rest wait', async () => {
    const l = limiter('parallel', 5);
    const taken = await Promise.all(Array.from({ length: 20 }, () => l.take('k', 1_000)));
    expect(taken.filter((t) => t.wait === 0)).toHaveLength(5);
  });

  it('tells the count of a key in its open window without counting (0 once the window is over)', async () => {
    const l = limiter('count', 5);
    expect(await l.count('k', 1_000)).toBe(0);
    await l.take('k', 1_000);
    const second = await l.take('k', 2_000);
    expect(second.count).toBe(2);
    expect(await l.count('k', 30_000)).toBe(2);
    expect(await l.count('k', 30_000)).toBe(2);
    await l.takeBack(second);
    expect(await l.count('k', 30_000)).toBe(1);
    expect(await l.count('other', 30_000)).toBe(0);
    expect(await l.count('k', 61_000)).toBe(0);
  });

  it('takes any text as a key', async () => {
    const l = limiter('text', 1);
    for (const key of ['a\u0000b', 'x'.repeat(100_000), 'ü🙂']) {
      expect((await l.take(key, 1_000)).wait).toBe(0);
      expect((await l.take(key, 1_000)).wait).toBe(60);
    }
  });
}
