/**
 * The group rule for a rollout over chosen devices or a filter (docs/ROLLOUTS.md, "The group rule"): a
 * device of a group it takes gets the rollout's firmware as its own target, and keeps it when the
 * rollout finishes (the group's target is not changed: the rollout did not cover the group); the
 * device's rollouts say so (`keeps_target`) until the group's target changes and the device follows
 * its group again. A rollout over the group itself leaves the group giving the target: no such note.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actOk, draft, fleet, progress, report, rolloutWorld, step, targetOf, oldFirmwareGroup, rolloutsOf as rolloutsOfDevice, type World } from './rolloutHelpers';

let w: World;

beforeAll(async () => {
  w = await rolloutWorld();
});
afterAll(() => w.t.close());

const rolloutsOf = (id: number) => rolloutsOfDevice(w, id);
const group = (name: string) => oldFirmwareGroup(w, name);

describe('a rollout over chosen devices that takes a grouped device', () => {
  it("leaves the device the rollout's firmware, the group its own target, and says why until the group's target changes", async () => {
    const g = await group('north beds');
    const [grouped, other] = await fleet(w, 2, { group_id: g });
    const [loose] = await fleet(w, 1);
    const id = await draft(w, { device_ids: [grouped.id, loose.id], phases: [{ percent: 100 }] });
    await actOk(w, id, 'start');
    expect((await rolloutsOf(grouped.id))[0]).toMatchObject({ id, holds: true, keeps_target: false });
    await report(w, grouped, 'succeeded');
    await report(w, loose, 'succeeded');
    await step(w, id);
    expect((await progress(w, id)).state).toBe('finished');
    expect([await targetOf(w, grouped.id), await targetOf(w, other.id), await targetOf(w, loose.id)]).toEqual([w.newFw, w.oldFw, w.newFw]);
    expect(((await w.owner.client.get(`/api/devices_group/${g}`)).json() as { target_firmware_id: number }).target_firmware_id).toBe(w.oldFw);
    expect((await rolloutsOf(grouped.id))[0]).toMatchObject({ id, state: 'finished', holds: false, keeps_target: true });
    expect((await rolloutsOf(loose.id))[0]).toMatchObject({ id, keeps_target: true });
    // The group's target changes: its devices follow it again, the one the rollout took too.
    const put = await w.owner.client.put(`/api/devices_group/${g}`, { target_firmware_id: w.newFw });
    expect(put.statusCode, put.body).toBe(200);
    await w.owner.client.put(`/api/devices_group/${g}`, { target_firmware_id: w.oldFw });
    expect(await targetOf(w, grouped.id)).toBe(w.oldFw);
    expect((await rolloutsOf(grouped.id))[0]).toMatchObject({ id, keeps_target: false });
  });

  it('an aborted rollout that gave the device back its target keeps nothing', async () => {
    const [d] = await fleet(w, 1, { group_id: await group('south beds') });
    const id = await draft(w, { device_ids: [d.id], phases: [{ percent: 100 }] });
    await actOk(w, id, 'start');
    await actOk(w, id, 'abort');
    expect(await targetOf(w, d.id)).toBe(w.oldFw);
    expect((await rolloutsOf(d.id))[0]).toMatchObject({ id, state: 'aborted', keeps_target: false });
  });

  it("a finished rollout over the group leaves the group giving the target: no note", async () => {
    const g = await group('east beds');
    const [d] = await fleet(w, 1, { group_id: g });
    const id = await draft(w, { devices_group_id: g, phases: [{ percent: 100 }] });
    await actOk(w, id, 'start');
    await report(w, d, 'succeeded');
    await step(w, id);
    expect((await progress(w, id)).state).toBe('finished');
    expect(await targetOf(w, d.id)).toBe(w.newFw);
    expect((await rolloutsOf(d.id))[0]).toMatchObject({ id, keeps_target: false });
  });
});
