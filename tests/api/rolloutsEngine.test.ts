/**
 * The rollout engine (docs/ROLLOUTS.md, decisions 1-4): a start takes the devices and gives only the
 * first phase's the new target (its check-ins answer it); the devices' reports end the phase and the
 * next starts; failures reaching the threshold pause the rollout; a phase's time limit counts the
 * devices that did not report as failed; after the last phase the rollout finishes. The test steps the
 * engine itself (rolloutHelpers.ts), as the loop would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { expectError } from './helpers';
import { act, actOk, answeredTarget, draft, fleet, progress, report, rolloutWorld, step, targetOf, type World } from './rolloutHelpers';

let w: World;

beforeAll(async () => {
  w = await rolloutWorld();
});
afterAll(() => w.t.close());

const phaseCounts = (p: Awaited<ReturnType<typeof progress>>) => p.phases.map((ph) => [ph.devices, ph.succeeded, ph.failed]);

describe('phases', () => {
  it('start: phase 1 gets the target (its check-ins answer it), phase 2 not yet; reports end phase 1 and phase 2 starts', async () => {
    const devices = await fleet(w, 4);
    const id = await draft(w, { device_ids: devices.map((d) => d.id), phases: [{ count: 2 }, { percent: 100 }], failure_threshold_percent: 100 });
    const started = await actOk(w, id, 'start');
    expect(started).toMatchObject({ state: 'running', phase: 1 });
    expect(started.phases.map((p) => [p.devices, p.pending])).toEqual([[2, 2], [2, 2]]);
    expect(await Promise.all(devices.map((d) => targetOf(w, d.id)))).toEqual([w.newFw, w.newFw, w.oldFw, w.oldFw]);
    expect(await answeredTarget(w, devices[0])).toBe(w.newFw);
    expect(await answeredTarget(w, devices[2])).toBeNull();

    await report(w, devices[0], 'downloading');
    await step(w, id);
    expect((await progress(w, id)).phases[0]).toMatchObject({ downloading: 1, pending: 1 });
    await report(w, devices[0], 'succeeded');
    await step(w, id);
    expect((await progress(w, id)).phase).toBe(1);

    await report(w, devices[1], 'failed', 'flash write error');
    await step(w, id);
    const second = await progress(w, id);
    expect(second).toMatchObject({ state: 'running', phase: 2 });
    expect(phaseCounts(second)).toEqual([[2, 1, 1], [2, 0, 0]]);
    expect(second.failed_devices).toEqual([{ id: devices[1].id, name: expect.any(String), phase: 1, message: 'flash write error' }]);
    expect(second.phases[0].ended_at).not.toBeNull();
    expect(await answeredTarget(w, devices[2])).toBe(w.newFw);

    await report(w, devices[2], 'succeeded');
    await report(w, devices[3], 'succeeded');
    await step(w, id);
    const done = await progress(w, id);
    expect(done.state).toBe('finished');
    expect(done.history.map((e) => e.event)).toEqual(['start', 'phase_started', 'phase_ended', 'phase_started', 'phase_ended', 'finished']);
    expect(done.timeline.at(-1)).toMatchObject({ succeeded: 3, failed: 1 });
    // 60 points from the start to the end, each counting the devices ended by its date.
    const dates = done.timeline.map((p) => Date.parse(p.date));
    const start = Date.parse(done.history[0].date);
    const end = Date.parse(done.history.at(-1)!.date);
    expect(done.timeline).toHaveLength(60);
    expect(dates.every((d, i) => i === 0 || d > dates[i - 1])).toBe(true);
    expect(dates[0]).toBeGreaterThan(start);
    expect(Math.abs(dates[59] - Math.max(end, start + 1000))).toBeLessThanOrEqual(1);
    expect(done.timeline.every((p, i) => i === 0 || (p.succeeded >= done.timeline[i - 1].succeeded && p.failed >= done.timeline[i - 1].failed))).toBe(true);
    expect((await progress(w, await draft(w, { device_ids: [devices[0].id] }))).timeline).toEqual([]);
  });

  it('every target the rollout set has its audit entry (action rollout, the target before and after)', async () => {
    const devices = await fleet(w, 2);
    const id = await draft(w, { device_ids: devices.map((d) => d.id), phases: [{ percent: 100 }] });
    await actOk(w, id, 'start');
    const res = await w.owner.client.get(`/api/audit?filter=${encodeURIComponent(JSON.stringify({ category: 'device', object_id: devices[0].id, action: 'rollout' }))}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ action: 'rollout', changes: { target_firmware_id: { before: w.oldFw, after: w.newFw } } }),
    ]);
    await actOk(w, id, 'abort');
  });

  it('manual: the ended phase waits for continue; wait: the next starts once the wait is over', async () => {
    const devices = await fleet(w, 4);
    const manual = await draft(w, { device_ids: devices.slice(0, 2).map((d) => d.id), phases: [{ count: 1 }, { count: 1 }], advance: 'manual' });
    await actOk(w, manual, 'start');
    await report(w, devices[0], 'succeeded');
    await step(w, manual);
    await step(w, manual);
    expect(await progress(w, manual)).toMatchObject({ phase: 1, waits_for_continue: true });
    expect(await targetOf(w, devices[1].id)).toBe(w.oldFw);
    expect(await actOk(w, manual, 'continue')).toMatchObject({ phase: 2, waits_for_continue: false });
    expect(await targetOf(w, devices[1].id)).toBe(w.newFw);
    await expectError(act(w, manual, 'continue'), 409, ownMessages.rolloutPhaseUnderWay);

    const waiting = await draft(w, { device_ids: devices.slice(2).map((d) => d.id), phases: [{ count: 1 }, { count: 1 }], advance: 'wait', wait_minutes: 30 });
    await actOk(w, waiting, 'start');
    await report(w, devices[2], 'succeeded');
    await step(w, waiting);
    const planned = await progress(w, waiting);
    expect(planned.phase).toBe(1);
    expect(planned.next_phase_at).not.toBeNull();
    // The wait is over (its end moved into the past, as time would).
    await w.t.db.query(`UPDATE "rollout" SET "next_phase_at" = now() - interval '1 second' WHERE "id" = $1`, [waiting]);
    await step(w, waiting);
    expect((await progress(w, waiting)).phase).toBe(2);
  });

  it('continue during a wait starts the next phase at once', async () => {
    const devices = await fleet(w, 2);
    const id = await draft(w, { device_ids: devices.map((d) => d.id), phases: [{ count: 1 }, { count: 1 }], advance: 'wait', wait_minutes: 600 });
    await actOk(w, id, 'start');
    await report(w, devices[0], 'succeeded');
    await step(w, id);
    expect((await progress(w, id)).next_phase_at).not.toBeNull();
    const next = await actOk(w, id, 'continue');
    expect(next).toMatchObject({ phase: 2, next_phase_at: null });
    expect(next.history.slice(-2).map((e) => e.event)).toEqual(['continue', 'phase_started']);
    expect(await targetOf(w, devices[1].id)).toBe(w.newFw);
    await actOk(w, id, 'abort');
  });
});

describe('failures', () => {
  it("a failure reported before the rollout told the device does not count; the device's next report does", async () => {
    const [d] = await fleet(w, 1);
    await w.owner.client.put(`/api/device/${d.id}`, { target_firmware_id: w.newFw });
    await report(w, d, 'failed', 'an older attempt');
    await w.owner.client.put(`/api/device/${d.id}`, { target_firmware_id: w.oldFw });
    const id = await draft(w, { device_ids: [d.id], phases: [{ percent: 100 }] });
    await actOk(w, id, 'start');
    await step(w, id);
    expect((await progress(w, id)).phases[0]).toMatchObject({ pending: 1, failed: 0 });
    await report(w, d, 'downloading');
    await step(w, id);
    expect((await progress(w, id)).phases[0]).toMatchObject({ pending: 0, downloading: 1 });
    await actOk(w, id, 'abort');
  });

  it('the threshold pauses the rollout as soon as reached; resumed, that phase goes on past it', async () => {
    const devices = await fleet(w, 10);
    const id = await draft(w, { device_ids: devices.map((d) => d.id), phases: [{ count: 5 }, { percent: 100 }], failure_threshold_percent: 40 });
    await actOk(w, id, 'start');
    await report(w, devices[0], 'failed', 'bad image');
    await step(w, id);
    expect((await progress(w, id)).state).toBe('running');
    await report(w, devices[1], 'failed', 'bad image');
    await step(w, id);
    const paused = await progress(w, id);
    expect(paused).toMatchObject({ state: 'paused', phase: 1 });
    expect(paused.history.at(-1)).toMatchObject({ event: 'threshold_reached', phase: 1, by: null });
    // Paused: reports still show, no next phase starts.
    for (const d of devices.slice(2, 5)) await report(w, d, 'succeeded');
    await step(w, id);
    expect(await progress(w, id)).toMatchObject({ state: 'paused', phase: 1 });
    expect(await targetOf(w, devices[5].id)).toBe(w.oldFw);
    await actOk(w, id, 'resume');
    await step(w, id);
    expect(await progress(w, id)).toMatchObject({ state: 'running', phase: 2 });
    await actOk(w, id, 'abort');
  });

  it("the phase's time limit: devices without a report count as failed, and the threshold then applies", async () => {
    const devices = await fleet(w, 4);
    const id = await draft(w, { device_ids: devices.map((d) => d.id), phases: [{ count: 2 }, { percent: 100 }], phase_timeout_minutes: 10, failure_threshold_percent: 50 });
    await actOk(w, id, 'start');
    await report(w, devices[0], 'succeeded');
    await step(w, id);
    expect((await progress(w, id)).phases[0].ended_at).toBeNull();
    await w.t.db.query(`UPDATE "rollout" SET "phase_started" = now() - interval '11 minutes' WHERE "id" = $1`, [id]);
    await step(w, id);
    const p = await progress(w, id);
    expect(p).toMatchObject({ state: 'paused', phase: 1 });
    expect(p.failed_devices).toEqual([{ id: devices[1].id, name: expect.any(String), phase: 1, message: ownMessages.rolloutPhaseTimedOut }]);
    expect(p.history.slice(-2).map((e) => e.event)).toEqual(['phase_ended', 'threshold_reached']);
    await actOk(w, id, 'abort');
  });
});
