// @vitest-environment node
/**
 * The simulator's figures and clock (server/simulator/stats.ts, schedule.ts): percentiles within the
 * histogram's 2 % buckets, errors by status, stable device names, and a schedule that never has more calls in flight than
 * allowed and lets the ones in flight end when it is stopped.
 */
import { describe, expect, it } from 'vitest';
import { FleetStats, Histogram } from '../../server/simulator/stats';
import { runSchedule } from '../../server/simulator/schedule';
import { simDeviceName } from '../../server/simulator/fleet';
import type { SimulatedDevice } from '../../server/simulator/simDevice';

describe('Histogram', () => {
  it('answers each percentile within 2 % above the true one', () => {
    const h = new Histogram();
    for (let ms = 1; ms <= 1000; ms++) h.add(ms);
    for (const [p, truth] of [[50, 500], [95, 950], [99, 990]]) {
      expect(h.percentile(p)).toBeGreaterThanOrEqual(truth);
      expect(h.percentile(p)).toBeLessThanOrEqual(truth * 1.02);
    }
    expect(new Histogram().percentile(95)).toBe(0);
  });
});

describe('FleetStats', () => {
  it('prints the rate, percentiles and errors by status of a window, then starts a new one', () => {
    let now = 0;
    const stats = new FleetStats(() => now);
    for (let i = 0; i < 98; i++) stats.checkin(10, 200);
    stats.checkin(10, 401);
    stats.error('ECONNREFUSED');
    stats.checkin(10, 401);
    now = 5_000;
    expect(stats.windowLine()).toMatch(/^check-ins\/s 20\.0 {2}p50 10 ms {2}p95 10 ms {2}p99 10 ms {2}errors 401×2 ECONNREFUSED×1$/);
    now = 10_000;
    expect(stats.windowLine()).toMatch(/^check-ins\/s 0\.0 .* errors none$/);
    expect(stats.totalLine(10)).toContain('100 check-ins in 10 s');
  });
});

describe('simDeviceName', () => {
  it('names a device the same whatever the size of the fleet', () => {
    expect([0, 9, 998, 9998, 9999, 99_999].map(simDeviceName)).toEqual(['sim-0001', 'sim-0010', 'sim-0999', 'sim-9999', 'sim-10000', 'sim-100000']);
  });
});

describe('runSchedule', () => {
  it('keeps at most `concurrency` check-ins in flight, and ends the ones in flight when stopped', async () => {
    const stop = new AbortController();
    let inFlight = 0;
    let most = 0;
    let done = 0;
    const device = () =>
      ({
        async checkIn() {
          inFlight++;
          most = Math.max(most, inFlight);
          await new Promise((resolve) => setImmediate(resolve));
          inFlight--;
          if (++done === 40) stop.abort();
        },
      }) as unknown as SimulatedDevice;
    const stats = new FleetStats();
    await runSchedule([device(), device(), device(), device()], { intervalS: 0.000_001, concurrency: 3, stats, stop: stop.signal });
    expect(most).toBe(3);
    expect(inFlight).toBe(0);
    expect(done).toBeGreaterThanOrEqual(40);
  });
});
