/**
 * The next phase starts when the last device of a phase reports, not at the engine's next tick
 * (issue 30's bench: a phase's end to the next phase's targets answered, goal under 2 s; the tick is 1 s
 * by default). The app here runs its own engine with a tick of ten minutes: only the start's nudge and
 * the devices' reports can move the rollout within the test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actOk, answeredTarget, draft, fleet, progress, report, rolloutWorld, step, type World } from './rolloutHelpers';

let w: World;

beforeAll(async () => {
  w = await rolloutWorld({ PUCS_ROLLOUT_TICK_MS: String(10 * 60_000) });
});
afterAll(() => w.t.close());

// The engine works in the background: wait for what a device or the progress page would see.
const within = { timeout: 20_000, interval: 50 };

describe('a phase in its tail', () => {
  it("the last device's report of phase 1 starts phase 2 at once: its devices' check-ins answer the new target", { timeout: 90_000 }, async () => {
    const devices = await fleet(w, 4);
    const id = await draft(w, { device_ids: devices.map((d) => d.id), phases: [{ count: 2 }, { percent: 100 }], failure_threshold_percent: 100 });
    await actOk(w, id, 'start');
    await expect.poll(() => answeredTarget(w, devices[0]), within).toBe(w.newFw);
    await report(w, devices[0], 'succeeded');
    await report(w, devices[1], 'failed', 'flash write error');
    await expect.poll(async () => (await progress(w, id)).phase, within).toBe(2);
    await expect.poll(() => answeredTarget(w, devices[2]), within).toBe(w.newFw);
  });
});

describe('the devices that wake the engine', () => {
  let plain: World;
  beforeAll(async () => {
    plain = await rolloutWorld();
  });
  afterAll(() => plain.t.close());

  it("a step answers the devices of its phase's tail, and none while many are still to end: a big phase's reports, or another rollout's, do not wake the engine", async () => {
    const devices = await fleet(plain, 12);
    const id = await draft(plain, { device_ids: devices.map((d) => d.id), phases: [{ count: 12 }], failure_threshold_percent: 100 });
    await actOk(plain, id, 'start');
    expect(await step(plain, id)).toEqual([]);
    for (const d of devices.slice(0, 9)) await report(plain, d, 'succeeded');
    expect((await step(plain, id)).sort((a, b) => a - b)).toEqual(devices.slice(9).map((d) => d.id));
    for (const d of devices.slice(9)) await report(plain, d, 'succeeded');
    expect(await step(plain, id)).toEqual([]);
    expect((await progress(plain, id)).state).toBe('finished');
  });
});
