/**
 * The group rule's ways out and its leftovers (docs/ROLLOUTS.md, "The group rule"): a filter over the
 * devices of no group (`group_id: null`) is made and started beside grouped devices, and the refusal
 * says so; a rollout over a group gives a device of the group its group's target on abort, not an
 * individual target the device had before the rule; the migration gives such devices their group's
 * target (not those a rollout holds); a rollout over a group reports rollback_on_abort true.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate';
import { actOk, draft, fleet, oldFirmwareGroup, progress, report, rolloutWorld, step, targetOf, uploadedFirmware, type World } from './rolloutHelpers';

let w: World;

beforeAll(async () => {
  w = await rolloutWorld();
});
afterAll(() => w.t.close());

const create = (body: Record<string, unknown>) => w.owner.client.post('/api/rollout', { name: `rollout ${Math.random()}`, team_id: w.owner.teamId, firmware_id: w.newFw, ...body });
const read = async (id: number) => (await w.owner.client.get(`/api/rollout/${id}`)).json() as Record<string, unknown>;
/** A target the device had in its group before the group rule (a rollout over chosen devices left it): stored as it was. */
const individualTarget = (device: number, firmware: number) => w.t.db.query('UPDATE "device" SET "target_firmware_id" = $2 WHERE "id" = $1', [device, firmware]);

describe('a filter over the devices of no group', () => {
  it('is made, counted by the devices list and started beside grouped devices of its search; the refusal points to it', async () => {
    const g = await oldFirmwareGroup(w, 'nogroup beds');
    const [inGroup] = await fleet(w, 1, { group_id: g, name: 'ngx bed' });
    const loose = await fleet(w, 2, { name: 'ngx loose' });
    const refused = await create({ device_filter: { q: 'ngx' } });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().Description).toBe(
      "1 of this rollout's devices is in the group 'nogroup beds': a device in a group follows its group's target firmware. Make a rollout over the group instead, leave its devices out, or filter on the devices of no group.",
    );
    const made = await create({ device_filter: { q: 'ngx', group_id: null } });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().device_filter).toEqual({ q: 'ngx', group_id: null });
    const listed = await w.owner.client.get(`/api/full/device?filter=${encodeURIComponent(JSON.stringify({ type_id: w.typeId, q: 'ngx', group_id: null }))}&range=[0,0]`);
    expect(listed.headers['content-range']).toMatch(/\/2$/);
    const started = await actOk(w, made.json().id as number, 'start');
    expect(started.phases.reduce((n, p) => n + p.devices, 0)).toBe(2);
    expect(await targetOf(w, inGroup.id)).toBe(w.oldFw);
    expect(await targetOf(w, loose[0].id)).toBe(w.newFw);
    await actOk(w, made.json().id as number, 'abort');
  });

  it("is taken by a draft's change, and a group id beside it still has to be the team's", async () => {
    const [loose] = await fleet(w, 1, { name: 'ngy change' });
    const id = await draft(w, { device_ids: [loose.id] });
    const put = await w.owner.client.put(`/api/rollout/${id}`, { device_ids: [], device_filter: { q: 'ngy change', group_id: null } });
    expect(put.statusCode, put.body).toBe(200);
    expect((await create({ device_filter: { group_id: 0 } })).statusCode).toBe(400);
  });
});

describe("a rollout over a group, aborted, gives a device of the group its group's target", () => {
  it('even one that had an individual target in the group before the rule (those that succeeded too)', async () => {
    const g = await oldFirmwareGroup(w, 'legacy beds');
    const [legacy, done] = await fleet(w, 2, { group_id: g });
    const other = await uploadedFirmware(w);
    await individualTarget(legacy.id, other.id);
    await individualTarget(done.id, other.id);
    const id = await draft(w, { devices_group_id: g, phases: [{ percent: 100 }] });
    await actOk(w, id, 'start');
    expect([await targetOf(w, legacy.id), await targetOf(w, done.id)]).toEqual([w.newFw, w.newFw]);
    await report(w, done, 'succeeded');
    await step(w, id);
    await actOk(w, id, 'abort');
    await step(w, id);
    expect((await progress(w, id)).state).toBe('aborted');
    expect([await targetOf(w, legacy.id), await targetOf(w, done.id)]).toEqual([w.oldFw, w.oldFw]);
  });
});

describe('the migration', () => {
  it("gives a device of a group its group's target (none when the group has none), with its entry, and leaves a held device alone", async () => {
    const other = await uploadedFirmware(w);
    const g = await oldFirmwareGroup(w, 'migrated beds');
    const bare = (await w.owner.client.post('/api/devices_group', { name: 'bare beds', team_id: w.owner.teamId, type_id: w.typeId })).json().id as number;
    const [legacy] = await fleet(w, 1, { group_id: g });
    const [inBare] = await fleet(w, 1, { group_id: bare });
    const heldGroup = await oldFirmwareGroup(w, 'held beds');
    const [held] = await fleet(w, 1, { group_id: heldGroup });
    const running = await draft(w, { devices_group_id: heldGroup, phases: [{ percent: 100 }] });
    await actOk(w, running, 'start');
    await individualTarget(legacy.id, other.id);
    await individualTarget(inBare.id, other.id);
    await migrate(w.t.db);
    expect([await targetOf(w, legacy.id), await targetOf(w, inBare.id), await targetOf(w, held.id)]).toEqual([w.oldFw, null, w.newFw]);
    const { rows } = await w.t.db.query<{ action: string; changes: unknown }>(`SELECT "action", "changes" FROM "audit_entry" WHERE "category" = 'device' AND "object_id" = $1 ORDER BY "id" DESC LIMIT 1`, [legacy.id]);
    expect(rows[0]).toEqual({ action: 'follow', changes: { target_firmware_id: { before: other.id, after: w.oldFw } } });
    await migrate(w.t.db);
    expect((await w.t.db.query<{ n: number }>(`SELECT count(*)::int AS "n" FROM "audit_entry" WHERE "category" = 'device' AND "object_id" = $1 AND "action" = 'follow'`, [legacy.id])).rows[0].n).toBe(1);
    await actOk(w, running, 'abort');
  });
});

describe('roll back on abort, for a rollout over a group', () => {
  it('is reported true whatever was sent, at its create and its change; a filter or chosen devices keep what was sent', async () => {
    const g = await oldFirmwareGroup(w, 'rollback beds');
    await fleet(w, 1, { group_id: g });
    const made = await create({ devices_group_id: g, rollback_on_abort: false });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().rollback_on_abort).toBe(true);
    const [loose] = await fleet(w, 1);
    const chosen = await draft(w, { device_ids: [loose.id], rollback_on_abort: false });
    expect((await read(chosen)).rollback_on_abort).toBe(false);
    const put = await w.owner.client.put(`/api/rollout/${chosen}`, { device_ids: [], devices_group_id: g });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().rollback_on_abort).toBe(true);
    expect((await w.owner.client.put(`/api/rollout/${chosen}`, { rollback_on_abort: false })).json().rollback_on_abort).toBe(true);
    await w.t.db.query('UPDATE "rollout" SET "rollback_on_abort" = false WHERE "id" = $1', [chosen]);
    await migrate(w.t.db);
    expect((await read(chosen)).rollback_on_abort).toBe(true);
  });
});
