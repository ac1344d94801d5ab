/**
 * Devices say how an update goes (issue 30 item 1, docs/DEVICE_API.md 'Update states'): a check-in's
 * `update` {firmware_id, state, message} is kept on the device (state, firmware, last failure message,
 * when it changed) and read through /api by its team only; a failure also enters the firmware
 * history; a wrong state or a firmware the device could not have been given is a 400 that changes
 * nothing; an older device that only reports running its target has succeeded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOk } from './crudFixtures';
import type { Client, TestApp } from './helpers';
import { checkinOk, deviceWithKey, expectJsonError, ownerAndRival, postCheckin, type TeamAdmin, type TestDevice } from './deviceApiHelpers';

let t: TestApp;
let owner: TeamAdmin;
let rival: TeamAdmin;
let c: Client;
let typeId: number;
let oldFw: { id: number };
let newFw: { id: number };

interface UpdateView {
  update_state: string | null;
  update_firmware_id: number | null;
  update_message: string | null;
  update_changed: string | null;
  last_seen: string | null;
  current_firmware_id: number | null;
  firmware_history: Record<string, unknown>[];
}

const view = async (id: number, client = c) => (await client.get(`/api/device/${id}`)).json() as UpdateView;

const OLD = { name: 'upd-core', version: '1.0.0' };
const NEW = { name: 'upd-core', version: '2.0.0' };

/** A device of the test type, running OLD, with NEW as its target. */
async function updatingDevice(): Promise<TestDevice> {
  const d = await deviceWithKey(c, owner.teamId, { type_id: typeId, target_firmware_id: newFw.id });
  await checkinOk(t.app, d, { firmware: OLD });
  return d;
}

beforeAll(async () => {
  ({ t, owner, rival } = await ownerAndRival());
  c = owner.client;
  typeId = (await createOk(c, 'type', { name: 'update states type', team_id: owner.teamId })).id as number;
  oldFw = (await createOk(c, 'firmware', { ...OLD, team_id: owner.teamId, type_id: typeId })) as { id: number };
  newFw = (await createOk(c, 'firmware', { ...NEW, team_id: owner.teamId, type_id: typeId })) as { id: number };
});
afterAll(() => t.close());

describe('a device reporting how its update goes', () => {
  it('downloading, then installing, then succeeded: each state is kept with its firmware and when it changed', async () => {
    const d = await updatingDevice();
    expect(await view(d.id)).toMatchObject({ update_state: null, update_firmware_id: null, update_changed: null });

    await checkinOk(t.app, d, { firmware: OLD, update: { firmware_id: newFw.id, state: 'downloading' } });
    const downloading = await view(d.id);
    expect(downloading).toMatchObject({ update_state: 'downloading', update_firmware_id: newFw.id, update_message: null, current_firmware_id: oldFw.id });
    expect(downloading.update_changed).not.toBeNull();

    // The same report again changes nothing, not even when it changed.
    await checkinOk(t.app, d, { firmware: OLD, update: { firmware_id: newFw.id, state: 'downloading' } });
    expect((await view(d.id)).update_changed).toBe(downloading.update_changed);

    await checkinOk(t.app, d, { firmware: OLD, update: { firmware_id: newFw.id, state: 'installing' } });
    expect(await view(d.id)).toMatchObject({ update_state: 'installing', update_firmware_id: newFw.id });

    await checkinOk(t.app, d, { firmware: NEW, update: { firmware_id: newFw.id, state: 'succeeded' } });
    const done = await view(d.id);
    expect(done).toMatchObject({ update_state: 'succeeded', update_firmware_id: newFw.id, current_firmware_id: newFw.id });
    expect(done.firmware_history.at(-1)).toEqual({ date: expect.any(String), firmware_id: newFw.id });
  });

  it('failed: the state, its message and a history entry naming the firmware and the message', async () => {
    const d = await updatingDevice();
    await checkinOk(t.app, d, { firmware: OLD, update: { firmware_id: newFw.id, state: 'installing' } });
    await checkinOk(t.app, d, { firmware: OLD, update: { firmware_id: newFw.id, state: 'failed', message: 'flash write error at 0x4000' } });
    const failed = await view(d.id);
    expect(failed).toMatchObject({ update_state: 'failed', update_firmware_id: newFw.id, update_message: 'flash write error at 0x4000', current_firmware_id: oldFw.id });
    expect(failed.firmware_history.at(-1)).toEqual({ date: expect.any(String), firmware_id: newFw.id, state: 'failed', message: 'flash write error at 0x4000' });
    const entries = failed.firmware_history.length;

    // Repeated, the same failure is one entry; a new attempt that succeeds keeps the last failure's message.
    await checkinOk(t.app, d, { firmware: OLD, update: { firmware_id: newFw.id, state: 'failed', message: 'flash write error at 0x4000' } });
    expect((await view(d.id)).firmware_history).toHaveLength(entries);
    await checkinOk(t.app, d, { firmware: NEW, update: { firmware_id: newFw.id, state: 'succeeded' } });
    expect(await view(d.id)).toMatchObject({ update_state: 'succeeded', update_message: 'flash write error at 0x4000', current_firmware_id: newFw.id });
  });

  it('a failure without a message is kept with none', async () => {
    const d = await updatingDevice();
    await checkinOk(t.app, d, { firmware: OLD, update: { firmware_id: newFw.id, state: 'failed' } });
    const failed = await view(d.id);
    expect(failed).toMatchObject({ update_state: 'failed', update_message: null });
    expect(failed.firmware_history.at(-1)).toMatchObject({ firmware_id: newFw.id, state: 'failed' });
  });

  it('an older device that never sends `update`: reporting its target means succeeded', async () => {
    const d = await updatingDevice();
    expect((await view(d.id)).update_state).toBeNull();
    await checkinOk(t.app, d, { firmware: NEW });
    expect(await view(d.id)).toMatchObject({ update_state: 'succeeded', update_firmware_id: newFw.id, current_firmware_id: newFw.id });
  });

  it('a device already running its target records nothing new (no write for the steady fleet)', async () => {
    const d = await deviceWithKey(c, owner.teamId, { type_id: typeId, target_firmware_id: newFw.id });
    await checkinOk(t.app, d, { firmware: NEW });
    const first = await view(d.id);
    await checkinOk(t.app, d, { firmware: NEW });
    expect((await view(d.id)).update_changed).toBe(first.update_changed);
  });
});

describe('a report the server refuses (400, nothing changed)', () => {
  const refused = async (d: TestDevice, update: unknown, says: RegExp) => {
    const before = await view(d.id);
    const res = await postCheckin(t.app, d.token(), { firmware: NEW, update });
    expectJsonError(res, 400);
    expect((res.json() as { Description: string }).Description).toMatch(says);
    const after = await view(d.id);
    expect(after).toEqual(before);
  };

  it('a state that is not one of downloading, installing, succeeded, failed', async () => {
    const d = await updatingDevice();
    await refused(d, { firmware_id: newFw.id, state: 'done' }, /update/);
    await refused(d, { firmware_id: newFw.id, state: 'FAILED' }, /update/);
    await refused(d, { firmware_id: newFw.id }, /update/);
    await refused(d, { firmware_id: String(newFw.id), state: 'failed' }, /update/);
    await refused(d, { firmware_id: newFw.id, state: 'failed', message: 'x'.repeat(1001) }, /message/);
    await refused(d, { firmware_id: newFw.id, state: 'failed', extra: 1 }, /extra/);
    await refused(d, 'failed', /update/);
  });

  it("a firmware_id that is no firmware of the device's type in its team: another type's, another team's, none", async () => {
    const d = await updatingDevice();
    const otherType = (await createOk(c, 'type', { name: 'update other type', team_id: owner.teamId })).id as number;
    const otherTypes = await createOk(c, 'firmware', { name: 'upd-other', version: '1.0.0', team_id: owner.teamId, type_id: otherType });
    const rivalType = (await createOk(rival.client, 'type', { name: 'rival update type', team_id: rival.teamId })).id as number;
    const rivals = await createOk(rival.client, 'firmware', { name: 'upd-rival', version: '1.0.0', team_id: rival.teamId, type_id: rivalType });
    for (const id of [otherTypes.id, rivals.id, 2_000_000_000, 99_999_999_999]) await refused(d, { firmware_id: id, state: 'failed', message: 'nope' }, /firmware_id/);
  });

  it("another firmware of the device's own type (one it was told to install before) is accepted", async () => {
    const d = await updatingDevice();
    await checkinOk(t.app, d, { firmware: OLD, update: { firmware_id: oldFw.id, state: 'failed', message: 'rollback' } });
    expect(await view(d.id)).toMatchObject({ update_state: 'failed', update_firmware_id: oldFw.id });
  });
});

describe('isolation', () => {
  it("another team's admin cannot read the update state of a device (404), nor find it by it", async () => {
    const d = await updatingDevice();
    await checkinOk(t.app, d, { firmware: OLD, update: { firmware_id: newFw.id, state: 'failed', message: 'secret failure' } });
    expect((await rival.client.get(`/api/device/${d.id}`)).statusCode).toBe(404);
    const listed = (await rival.client.get('/api/device?fields=id,update_state,update_message')).json() as { json_list: { id: number }[] };
    expect(listed.json_list.map((x) => x.id)).not.toContain(d.id);
    // The owner's team sees it.
    expect((await view(d.id)).update_message).toBe('secret failure');
  });

  it('a user cannot set an update state by hand (it is the device that says it)', async () => {
    const d = await updatingDevice();
    expectJsonError(await c.put(`/api/device/${d.id}`, { update_state: 'succeeded' }), 400);
    expect((await view(d.id)).update_state).toBeNull();
  });
});
