/**
 * Attack on the progress read in one statement and the tail's nudge (issue 30): another team's rollout
 * answers the progress and an action with the 404 of an unknown id; a draft's progress; the answer's
 * JSON types; the failed devices by phase then id; an older device (no `update` in its check-in) ending
 * a phase's tail moves the rollout on at once, as a device reporting `update` does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, actOk, answeredTarget, draft, fleet, progress, report, rolloutWorld, step, type World } from './rolloutHelpers';
import { checkinOk } from './deviceApiHelpers';

let w: World;
let quiet: World;

beforeAll(async () => {
  w = await rolloutWorld();
  quiet = await rolloutWorld({ PUCS_ROLLOUT_TICK_MS: String(10 * 60_000) });
});
afterAll(async () => {
  await w.t.close();
  await quiet.t.close();
});

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('the progress, read in one statement', () => {
  it("answers another team's rollout, its progress and its actions, with the 404 of an unknown id", async () => {
    const [d] = await fleet(w, 1);
    const id = await draft(w, { device_ids: [d.id] });
    const unknown = await w.rival.client.get('/api/rollout/2000000000/progress');
    const theirs = await w.rival.client.get(`/api/rollout/${id}/progress`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(unknown.body);
    const acted = await act(w, id, 'start', w.rival.client);
    const actedUnknown = await act(w, 2000000000, 'start', w.rival.client);
    expect(acted.statusCode).toBe(404);
    expect(acted.body).toBe(actedUnknown.body);
    expect((await progress(w, id)).state).toBe('draft');
  });

  it("a draft's progress: no timeline, its phases of no device, nothing waiting", async () => {
    const [d] = await fleet(w, 1);
    const id = await draft(w, { device_ids: [d.id], phases: [{ percent: 50 }, { percent: 100 }] });
    const p = await progress(w, id);
    expect(p).toMatchObject({ state: 'draft', phase: 0, next_phase_at: null, waits_for_continue: false, failed_devices: [], timeline: [], history: [] });
    expect(p.phases).toEqual([0, 1].map(() => ({ devices: 0, pending: 0, downloading: 0, installing: 0, succeeded: 0, failed: 0, started_at: null, ended_at: null })));
  });

  it('answers numbers as numbers and dates as ISO text, the failed devices by phase then id, 60 points', async () => {
    const devices = await fleet(w, 5);
    const id = await draft(w, { device_ids: devices.map((d) => d.id), phases: [{ count: 3 }, { percent: 100 }], failure_threshold_percent: 100 });
    await actOk(w, id, 'start');
    await report(w, devices[1], 'failed', 'second');
    await report(w, devices[0], 'failed', 'first');
    await report(w, devices[2], 'succeeded');
    await step(w, id);
    await step(w, id);
    await report(w, devices[4], 'failed', 'fifth');
    await report(w, devices[3], 'succeeded');
    await step(w, id);
    const p = await progress(w, id);
    expect(p.state).toBe('finished');
    expect(p.failed_devices).toEqual([
      { id: devices[0].id, name: expect.any(String), phase: 1, message: 'first' },
      { id: devices[1].id, name: expect.any(String), phase: 1, message: 'second' },
      { id: devices[4].id, name: expect.any(String), phase: 2, message: 'fifth' },
    ]);
    expect(p.timeline).toHaveLength(60);
    for (const point of p.timeline) {
      expect(point.date).toMatch(ISO);
      expect(typeof point.succeeded).toBe('number');
      expect(typeof point.failed).toBe('number');
    }
    expect(p.timeline.at(-1)).toMatchObject({ succeeded: 2, failed: 3 });
    expect(p.phases.map((x) => [x.devices, x.succeeded, x.failed])).toEqual([
      [3, 1, 2],
      [2, 1, 1],
    ]);
    for (const x of p.phases) {
      expect(x.started_at).toMatch(ISO);
      expect(x.ended_at).toMatch(ISO);
    }
  });
});

describe("a phase's tail, with the engine's tick of ten minutes", () => {
  const within = { timeout: 20_000, interval: 50 };
  it('an older device, which reports only the firmware it runs, ends the phase at once', { timeout: 90_000 }, async () => {
    const devices = await fleet(quiet, 3);
    const id = await draft(quiet, { device_ids: devices.map((d) => d.id), phases: [{ count: 1 }, { percent: 100 }] });
    await actOk(quiet, id, 'start');
    await expect.poll(() => answeredTarget(quiet, devices[0]), within).toBe(quiet.newFw);
    await checkinOk(quiet.t.app, devices[0], { firmware: quiet.newFwName });
    await expect.poll(async () => (await progress(quiet, id)).phase, within).toBe(2);
    await expect.poll(() => answeredTarget(quiet, devices[1]), within).toBe(quiet.newFw);
  });
});
