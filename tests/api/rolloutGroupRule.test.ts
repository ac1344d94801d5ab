/**
 * The group rule (spec: 'a device in a group cannot have an individual firmware'; docs/ROLLOUTS.md, "The
 * group rule"): a rollout over chosen devices or a filter that would take devices of a group is refused
 * (409 naming how many and which groups) at its create, its change and its start; a rollout over the
 * group is the way. A rollout over a group leaves its devices the group's target: finished, it sets the
 * group's target; aborted, it gives every device it told (those that succeeded too) the group's target.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { act, actOk, draft, fleet, progress, report, rolloutWorld, step, targetOf, oldFirmwareGroup, rolloutsOf as rolloutsOfDevice, type World } from './rolloutHelpers';

let w: World;

beforeAll(async () => {
  w = await rolloutWorld();
});
afterAll(() => w.t.close());

const rolloutsOf = (id: number) => rolloutsOfDevice(w, id);
const group = (name: string) => oldFirmwareGroup(w, name);
const create = (body: Record<string, unknown>) => w.owner.client.post('/api/rollout', { name: `rollout ${Math.random()}`, team_id: w.owner.teamId, firmware_id: w.newFw, ...body });
const groupTarget = async (g: number) => ((await w.owner.client.get(`/api/devices_group/${g}`)).json() as { target_firmware_id: number | null }).target_firmware_id;

describe('a rollout over chosen devices or a filter that would take devices of a group', () => {
  it('is refused at its create, naming how many devices and which groups; one over the group is made', async () => {
    const north = await group('north beds');
    const south = await group('south beds');
    const [a, b] = await fleet(w, 2, { group_id: north, name: 'gr north' });
    const [c] = await fleet(w, 1, { group_id: south, name: 'gr south' });
    const [loose] = await fleet(w, 1, { name: 'gr loose' });
    const res = await create({ device_ids: [a.id, b.id, c.id, loose.id] });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().Description).toBe(ownMessages.rolloutGroupedDevices(3, ['north beds', 'south beds'], 0));
    expect(res.json().Description).toBe(
      "3 of this rollout's devices are in the groups 'north beds', 'south beds': a device in a group follows its group's target firmware. Make a rollout over the group instead, leave its devices out, or filter on the devices of no group.",
    );
    const one = await create({ device_ids: [c.id] });
    expect(one.statusCode).toBe(409);
    expect(one.json().Description).toBe("1 of this rollout's devices is in the group 'south beds': a device in a group follows its group's target firmware. Make a rollout over the group instead, leave its devices out, or filter on the devices of no group.");
    const filtered = await create({ device_filter: { q: 'gr north' } });
    expect(filtered.statusCode, filtered.body).toBe(409);
    expect(filtered.json().Description).toBe(ownMessages.rolloutGroupedDevices(2, ['north beds'], 0));
    expect((await create({ device_filter: { group_id: south } })).statusCode).toBe(409);
    expect((await create({ device_ids: [loose.id] })).statusCode).toBe(201);
    expect((await create({ device_filter: { q: 'gr loose' } })).statusCode).toBe(201);
    expect((await create({ devices_group_id: north })).statusCode).toBe(201);
  });

  it("is refused at a draft's change that would take one", async () => {
    const g = await group('west beds');
    const [grouped] = await fleet(w, 1, { group_id: g });
    const [loose] = await fleet(w, 1);
    const id = await draft(w, { device_ids: [loose.id] });
    const put = await w.owner.client.put(`/api/rollout/${id}`, { device_ids: [loose.id, grouped.id] });
    expect(put.statusCode, put.body).toBe(409);
    expect(put.json().Description).toBe(ownMessages.rolloutGroupedDevices(1, ['west beds'], 0));
    expect(((await w.owner.client.get(`/api/rollout/${id}`)).json() as { device_ids: unknown[] }).device_ids).toHaveLength(1);
  });

  it('is refused at its start when a device joined a group since the draft: nothing taken, still a draft', async () => {
    const g = await group('late beds');
    const [d, other] = await fleet(w, 2);
    const id = await draft(w, { device_ids: [d.id, other.id] });
    expect((await w.owner.client.put(`/api/device/${d.id}`, { group_id: g })).statusCode).toBe(200);
    const res = await act(w, id, 'start');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().Description).toBe(ownMessages.rolloutGroupedDevices(1, ['late beds'], 0));
    expect((await progress(w, id)).state).toBe('draft');
    expect(await rolloutsOf(other.id)).toEqual([]);
    expect([await targetOf(w, d.id), await targetOf(w, other.id)]).toEqual([w.oldFw, w.oldFw]);
  });

  it('names three groups and counts the rest', async () => {
    const names = ['g1 beds', 'g2 beds', 'g3 beds', 'g4 beds', 'g5 beds'];
    const ids: number[] = [];
    for (const name of names) ids.push(...(await fleet(w, 1, { group_id: await group(name) })).map((d) => d.id));
    const res = await create({ device_ids: ids });
    expect(res.json().Description).toBe(ownMessages.rolloutGroupedDevices(5, ['g1 beds', 'g2 beds', 'g3 beds'], 2));
    expect(res.json().Description).toContain("in the groups 'g1 beds', 'g2 beds', 'g3 beds' and 2 more:");
  });
});

describe('a rollout over a group', () => {
  it("aborted after some devices succeeded, gives them all the group's target again (no rollback asked)", async () => {
    const g = await group('abort beds');
    const [done, told, later] = await fleet(w, 3, { group_id: g });
    const id = await draft(w, { devices_group_id: g, phases: [{ count: 2 }, { percent: 100 }], advance: 'manual' });
    await actOk(w, id, 'start');
    await report(w, done, 'succeeded');
    await step(w, id);
    expect([await targetOf(w, done.id), await targetOf(w, told.id), await targetOf(w, later.id)]).toEqual([w.newFw, w.newFw, w.oldFw]);
    await actOk(w, id, 'abort');
    await step(w, id);
    expect(await groupTarget(g)).toBe(w.oldFw);
    expect([await targetOf(w, done.id), await targetOf(w, told.id), await targetOf(w, later.id)]).toEqual([w.oldFw, w.oldFw, w.oldFw]);
    expect((await rolloutsOf(done.id))[0]).toMatchObject({ id, state: 'aborted', holds: false, keeps_target: false });
  });

  it("finished, sets the group's target: its devices follow it, no note", async () => {
    const g = await group('east beds');
    const [d] = await fleet(w, 1, { group_id: g });
    const id = await draft(w, { devices_group_id: g, phases: [{ percent: 100 }] });
    await actOk(w, id, 'start');
    await report(w, d, 'succeeded');
    await step(w, id);
    expect((await progress(w, id)).state).toBe('finished');
    expect([await groupTarget(g), await targetOf(w, d.id)]).toEqual([w.newFw, w.newFw]);
    expect((await rolloutsOf(d.id))[0]).toMatchObject({ id, keeps_target: false });
  });
});
