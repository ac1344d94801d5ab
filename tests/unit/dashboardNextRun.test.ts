/**
 * The dashboard's shared queries (server/dashboard/nextRun.ts): callers arriving while a query runs
 * share the next one, which starts only once the running one is over, so nobody gets figures read
 * before they asked; other keys and later callers run their own.
 */
import { describe, expect, it } from 'vitest';
import { sharedNextRun } from '../../server/dashboard/nextRun';

/** A query the test finishes by hand; `started` counts the runs begun. */
function manualQueries() {
  const finish: ((value: string) => void)[] = [];
  const fail: ((error: Error) => void)[] = [];
  const run = () =>
    new Promise<string>((resolve, reject) => {
      finish.push(resolve);
      fail.push(reject);
    });
  return { run, finish, fail, started: () => finish.length };
}

describe('sharedNextRun', () => {
  it('runs the callers that arrive during a query once, after it, all sharing that second run', async () => {
    const shared = sharedNextRun<string>();
    const q = manualQueries();
    const first = shared('1,2', q.run);
    const second = shared('1,2', q.run);
    const third = shared('1,2', q.run);
    expect(q.started()).toBe(1);
    q.finish[0]('before');
    expect(await first).toBe('before');
    await expect.poll(q.started).toBe(2);
    q.finish[1]('after');
    expect(await Promise.all([second, third])).toEqual(['after', 'after']);
    const later = shared('1,2', q.run);
    expect(q.started()).toBe(3);
    q.finish[2]('later');
    expect(await later).toBe('later');
  });

  it('keeps other keys apart, and a failed query fails only its own callers', async () => {
    const shared = sharedNextRun<string>();
    const q = manualQueries();
    const one = shared('1', q.run);
    const other = shared('2', q.run);
    const waiting = shared('1', q.run);
    expect(q.started()).toBe(2);
    q.fail[0](new Error('lost connection'));
    await expect(one).rejects.toThrow('lost connection');
    await expect.poll(q.started).toBe(3);
    q.finish[2]('retried');
    q.finish[1]('two');
    expect(await waiting).toBe('retried');
    expect(await other).toBe('two');
  });
});
