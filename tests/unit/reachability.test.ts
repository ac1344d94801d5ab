import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReachability, type Reachability } from '../../src/dataProvider/reachability';

const timing = { firstDelayMs: 1_000, maxDelayMs: 4_000 };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A server that is down until `up` is set: each probe reports its outcome as a real call would. */
function fakeServer() {
  const state = { up: false, probes: [] as number[] };
  const probe = vi.fn(async () => {
    state.probes.push(Date.now());
    if (state.up) r.answered();
    else r.lost();
  });
  const r: Reachability = createReachability(probe, timing);
  return { r, state, probe };
}

describe('reachability', () => {
  it('is reachable until a call fails to reach the server, and tells its listeners', () => {
    const { r } = fakeServer();
    const seen: boolean[] = [];
    r.subscribe(() => seen.push(r.reachable()));
    expect(r.reachable()).toBe(true);
    r.lost();
    r.lost();
    expect(r.reachable()).toBe(false);
    r.answered();
    expect(seen).toEqual([false, true]);
  });

  it('asks again after 1 s, then twice as long each time up to the ceiling, and stops once answered', async () => {
    const { r, state } = fakeServer();
    const start = Date.now();
    r.lost();
    await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 4_000 + 4_000);
    expect(state.probes.map((t) => t - start)).toEqual([1_000, 3_000, 7_000, 11_000]);
    state.up = true;
    await vi.advanceTimersByTimeAsync(4_000);
    expect(r.reachable()).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(state.probes).toHaveLength(5);
  });

  it('any answer of the server ends the probing at once', async () => {
    const { r, probe } = fakeServer();
    r.lost();
    r.answered();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probe).not.toHaveBeenCalled();
  });

  it('Retry asks at once and starts the backoff again; it asks nothing of a reachable server', async () => {
    const { r, state } = fakeServer();
    r.checkNow();
    expect(state.probes).toHaveLength(0);
    const start = Date.now();
    r.lost();
    await vi.advanceTimersByTimeAsync(3_500);
    expect(state.probes).toHaveLength(2);
    r.checkNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(state.probes).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(state.probes.map((t) => t - start)).toEqual([1_000, 3_000, 3_500, 4_500]);
  });

  it('a probe that fails outright counts as no answer', async () => {
    const r = createReachability(() => Promise.reject(new Error('timed out')), timing);
    r.lost();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(r.reachable()).toBe(false);
  });
});
