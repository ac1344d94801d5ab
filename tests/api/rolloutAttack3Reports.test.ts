/**
 * Reports and deletes against a running rollout (issue 30, third attack), each found sound: a device's
 * failure of another firmware than the rollout's does not fail it in the rollout; a report naming
 * another team's firmware, or a message past its bound, is refused and changes nothing; the firmware
 * of a running rollout cannot be deleted (its file, the start's check, stays).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPDATE_MESSAGE_MAX } from '../../src/schemas/device';
import { createOk } from './crudFixtures';
import { checkinOk, postCheckin } from './deviceApiHelpers';
import { actOk, draft, fleet, OLD, progress, report, rolloutWorld, step, type World } from './rolloutHelpers';

let w: World;

beforeAll(async () => {
  w = await rolloutWorld();
});
afterAll(() => w.t.close());

describe('reports against a running rollout', () => {
  it("a failure of another firmware of the type does not fail the device in the rollout; the rollout's own does", async () => {
    const devices = await fleet(w, 2);
    const id = await draft(w, { device_ids: devices.map((d) => d.id), phases: [{ percent: 100 }], failure_threshold_percent: 100 });
    await actOk(w, id, 'start');
    await checkinOk(w.t.app, devices[0], { firmware: OLD, update: { firmware_id: w.oldFw, state: 'failed', message: 'old image broken' } });
    await report(w, devices[1], 'failed', 'new image broken');
    await step(w, id);
    const p = await progress(w, id);
    expect(p.phases[0]).toMatchObject({ devices: 2, pending: 1, failed: 1 });
    expect(p.failed_devices).toEqual([{ id: devices[1].id, name: expect.any(String), phase: 1, message: 'new image broken' }]);
    await actOk(w, id, 'abort');
  });

  it("another team's firmware, or a message past its bound, is refused (400) and changes nothing in the rollout", async () => {
    const [d] = await fleet(w, 1);
    const id = await draft(w, { device_ids: [d.id], phases: [{ percent: 100 }] });
    await actOk(w, id, 'start');
    const rivalType = (await createOk(w.rival.client, 'type', { name: 'rival type', team_id: w.rival.teamId })).id as number;
    const rivalFw = (await createOk(w.rival.client, 'firmware', { name: 'rival', version: '1.0.0', team_id: w.rival.teamId, type_id: rivalType })).id as number;
    const foreign = await postCheckin(w.t.app, d.token(), { firmware: OLD, update: { firmware_id: rivalFw, state: 'failed', message: 'x' } });
    expect(foreign.statusCode, foreign.body).toBe(400);
    const huge = await postCheckin(w.t.app, d.token(), { firmware: OLD, update: { firmware_id: w.newFw, state: 'failed', message: 'x'.repeat(UPDATE_MESSAGE_MAX + 1) } });
    expect(huge.statusCode, huge.body).toBe(400);
    await step(w, id);
    expect((await progress(w, id)).phases[0]).toMatchObject({ pending: 1, failed: 0 });
    await actOk(w, id, 'abort');
  });

  it("the firmware of a running rollout cannot be deleted (409); the rollout goes on", async () => {
    const [d] = await fleet(w, 1);
    const id = await draft(w, { device_ids: [d.id], phases: [{ percent: 100 }] });
    await actOk(w, id, 'start');
    const res = await w.owner.client.del(`/api/firmware/${w.newFw}`);
    expect(res.statusCode, res.body).toBe(409);
    await report(w, d, 'succeeded');
    await step(w, id);
    expect((await progress(w, id)).state).toBe('finished');
  });
});
