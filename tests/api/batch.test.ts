/**
 * The batch calls (server/batch/): PUT and DELETE /api/batch/{cat} apply the generic update or
 * delete to many objects in one transaction. Each object by the rules of its one-by-one call (the
 * refusal is that call's own, prefixed with the object's name), the first refusal leaves the whole
 * batch unchanged, another team's ids answer as unknown ones, and bad input changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../src/messages';
import { BATCH_MAX, batchPath } from '../../src/batch';
import { CSRF_HEADER } from '../../src/csrf';
import { adminWithTeam, api, createTestApp, createUser, description, ROLE, signIn, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';

let t: TestApp;
let c: Client;
let cookie: string;
let rival: Client;
let team: number;
let type: number;
let otherType: number;
let fw1: number;
let fw2: number;
let disabledFw: number;
let otherTypeFw: number;
let group: number;
let rivalDevice: number;

/** A batch call as the console sends it (DELETE with a body, which Client.del does not send). */
const batch = (method: 'PUT' | 'DELETE', body: unknown, as = cookie) =>
  t.app.inject({ method, url: batchPath('device'), headers: { ...CSRF_HEADER, ...(as ? { cookie: as } : {}) }, payload: body as object });

const device = async (id: number) => (await c.get(`/api/device/${id}`)).json() as Record<string, unknown>;

let serial = 0;
async function devices(n: number, extra: Record<string, unknown> = {}): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    serial++;
    ids.push((await createOk(c, 'device', { name: `dev ${serial}`, team_id: team, type_id: type, uid_for_type: `U-${serial}`, ...extra })).id as number);
  }
  return ids;
}

/** The one-by-one call's refusal, named as the batch names it. */
const namedRefusal = (id: number, name: string, single: string | undefined) => ownMessages.batchRefused(ownMessages.batchObjectNamed('Device', name, id), single ?? '');

beforeAll(async () => {
  t = await createTestApp();
  const a = await adminWithTeam(t, 'batcher');
  c = a.client;
  cookie = a.cookie;
  team = a.teamId;
  type = (await createOk(c, 'type', { name: 'T', team_id: team })).id as number;
  otherType = (await createOk(c, 'type', { name: 'T2', team_id: team })).id as number;
  const fw = async (name: string, typeId: number, extra: Record<string, unknown> = {}) =>
    (await createOk(c, 'firmware', { name, version: '1.0.0', team_id: team, type_id: typeId, ...extra })).id as number;
  fw1 = await fw('one', type);
  fw2 = await fw('two', type);
  disabledFw = await fw('off', type, { is_disabled: 1 });
  otherTypeFw = await fw('other', otherType);
  group = (await createOk(c, 'devices_group', { name: 'G', team_id: team, type_id: type, target_firmware_id: fw2 })).id as number;
  const r = await adminWithTeam(t, 'rival');
  rival = r.client;
  const rivalType = (await createOk(rival, 'type', { name: 'RT', team_id: r.teamId })).id as number;
  rivalDevice = (await createOk(rival, 'device', { name: 'theirs', team_id: r.teamId, type_id: rivalType, uid_for_type: 'R-1' })).id as number;
});
afterAll(() => t.close());

describe('PUT /api/batch/device', () => {
  it('moves devices into a group: they take the group target firmware instead of their own', async () => {
    const ids = await devices(3, { target_firmware_id: fw1 });
    const res = await batch('PUT', { ids, data: { group_id: group } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 3 });
    for (const id of ids) expect(await device(id)).toMatchObject({ group_id: group, target_firmware_id: fw2 });
    // And out of it again: the device keeps the group's firmware as its own (the one-by-one rule).
    expect((await batch('PUT', { ids, data: { group_id: null } })).statusCode).toBe(200);
    for (const id of ids) expect(await device(id)).toMatchObject({ group_id: null, target_firmware_id: fw2 });
  });

  it('sets the target firmware of devices in no group', async () => {
    const ids = await devices(2);
    const res = await batch('PUT', { ids, data: { target_firmware_id: fw1 } });
    expect(res.json()).toEqual({ count: 2 });
    for (const id of ids) expect((await device(id)).target_firmware_id).toBe(fw1);
  });

  it('a refusal in the middle (a device in a group) names it, and the whole batch is unchanged', async () => {
    const [first] = await devices(1);
    const [inGroup] = await devices(1, { group_id: group });
    const [last] = await devices(1);
    const single = description(await c.put(`/api/device/${inGroup}`, { target_firmware_id: fw1 }));
    expect(single).toBe(messages.individualFirmwareInGroup);
    const res = await batch('PUT', { ids: [first, inGroup, last], data: { target_firmware_id: fw1 } });
    expect(res.statusCode).toBe(400);
    expect(description(res)).toBe(namedRefusal(inGroup, (await device(inGroup)).name as string, single));
    expect((await device(first)).target_firmware_id).toBeNull();
    expect((await device(last)).target_firmware_id).toBeNull();
  });

  it('refuses a disabled firmware and a firmware of another type as one by one does, naming the device', async () => {
    const ids = await devices(2);
    for (const firmware of [disabledFw, otherTypeFw]) {
      const single = description(await c.put(`/api/device/${ids[0]}`, { target_firmware_id: firmware }));
      const res = await batch('PUT', { ids, data: { target_firmware_id: firmware } });
      expect(res.statusCode).toBe(400);
      expect(description(res)).toBe(namedRefusal(ids[0], (await device(ids[0])).name as string, single));
      for (const id of ids) expect((await device(id)).target_firmware_id).toBeNull();
    }
  });

  it("another team's device answers as an unknown id, naming it, and nothing changes on either side", async () => {
    const ids = await devices(2);
    for (const stranger of [rivalDevice, 2_000_000]) {
      const res = await batch('PUT', { ids: [...ids, stranger], data: { group_id: group } });
      expect(res.statusCode).toBe(404);
      expect(description(res)).toBe(ownMessages.batchRefused(ownMessages.batchObjectId('Device', stranger), ownMessages.notFound));
    }
    for (const id of ids) expect((await device(id)).group_id).toBeNull();
    expect(((await rival.get(`/api/device/${rivalDevice}`)).json() as { group_id: unknown }).group_id).toBeNull();
  });

  it('a member who is not the team admin is refused (403) and nothing changes', async () => {
    const ids = await devices(2);
    const memberCookie = await memberCookieOf('member');
    const single = await api(t.app, memberCookie).put(`/api/device/${ids[0]}`, { group_id: group });
    expect(single.statusCode).toBe(403);
    const res = await batch('PUT', { ids, data: { group_id: group } }, memberCookie);
    expect(res.statusCode).toBe(403);
    expect(description(res)).toBe(namedRefusal(ids[0], (await device(ids[0])).name as string, description(single)));
    for (const id of ids) expect((await device(id)).group_id).toBeNull();
  });

  it('bad input answers 400 and changes nothing', async () => {
    const ids = await devices(2);
    const idsWords = ownMessages.batchIds(BATCH_MAX);
    const tooMany = Array.from({ length: BATCH_MAX + 1 }, (_, i) => i + 1);
    for (const body of [{ data: { group_id: group } }, { ids: [], data: {} }, { ids: [ids[0], ids[0]], data: {} }, { ids: ['x'], data: {} }, { ids: tooMany, data: {} }, { ids: 3, data: {} }]) {
      const res = await batch('PUT', body);
      expect(res.statusCode).toBe(400);
      expect(description(res)).toBe(idsWords);
    }
    const unknownField = await batch('PUT', { ids, data: { group_id: group, colour: 'red' } });
    expect(unknownField.statusCode).toBe(400);
    expect(description(unknownField)).toBe(namedRefusal(ids[0], (await device(ids[0])).name as string, description(await c.put(`/api/device/${ids[0]}`, { colour: 'red' }))));
    expect(description(await batch('PUT', { ids, data: {}, extra: 1 }))).toBe(ownMessages.unknownField('extra'));
    for (const id of ids) expect((await device(id)).group_id).toBeNull();
  });

  it('takes up to BATCH_MAX ids in one call', async () => {
    const ids = await devices(3);
    // Ids past the devices only exist in a full batch as unknown ones: the bound is the count, not the ids.
    const res = await batch('PUT', { ids: [...ids, ...Array.from({ length: BATCH_MAX - 3 }, (_, i) => 1_000_000 + i)], data: { group_id: group } });
    expect(res.statusCode).toBe(404);
    expect(description(res)).toBe(ownMessages.batchRefused(ownMessages.batchObjectId('Device', 1_000_000), ownMessages.notFound));
  });

  it("a batch joining a group while the group's target firmware changes: every device ends with the group's firmware", async () => {
    const ids = await devices(6);
    const racing = (await createOk(c, 'devices_group', { name: 'racing', team_id: team, type_id: type, target_firmware_id: fw1 })).id as number;
    const [moved, changed] = await Promise.all([batch('PUT', { ids, data: { group_id: racing } }), c.put(`/api/devices_group/${racing}`, { target_firmware_id: fw2 })]);
    expect([moved.statusCode, changed.statusCode]).toEqual([200, 200]);
    for (const id of ids) expect(await device(id)).toMatchObject({ group_id: racing, target_firmware_id: fw2 });
  });

  it('signed out: 401', async () => {
    const ids = await devices(1);
    const res = await batch('PUT', { ids, data: { group_id: group } }, '');
    expect(res.statusCode).toBe(401);
    expect((await device(ids[0])).group_id).toBeNull();
  });
});

describe('DELETE /api/batch/device', () => {
  it('deletes every device of the batch', async () => {
    const ids = await devices(3);
    const res = await batch('DELETE', { ids });
    expect(res.json()).toEqual({ count: 3 });
    for (const id of ids) expect((await c.get(`/api/device/${id}`)).statusCode).toBe(404);
  });

  it("an unknown or another team's id refuses the whole batch (404, named)", async () => {
    const ids = await devices(2);
    const res = await batch('DELETE', { ids: [...ids, rivalDevice] });
    expect(res.statusCode).toBe(404);
    expect(description(res)).toBe(ownMessages.batchRefused(ownMessages.batchObjectId('Device', rivalDevice), ownMessages.notFound));
    for (const id of ids) expect((await c.get(`/api/device/${id}`)).statusCode).toBe(200);
    expect((await rival.get(`/api/device/${rivalDevice}`)).statusCode).toBe(200);
  });

  it('a member who is not admin is refused (403), nothing deleted', async () => {
    const ids = await devices(2);
    const res = await batch('DELETE', { ids }, await memberCookieOf('member3'));
    expect(res.statusCode).toBe(403);
    expect(description(res)).toBe(namedRefusal(ids[0], (await device(ids[0])).name as string, messages.onlyAdminsCanModify));
    for (const id of ids) expect((await c.get(`/api/device/${id}`)).statusCode).toBe(200);
  });

  it('an object in use (a firmware that is a target) refuses the batch as its own delete does, nothing deleted', async () => {
    const free = (await createOk(c, 'firmware', { name: 'free', version: '2.0.0', team_id: team, type_id: type })).id as number;
    const single = await c.del(`/api/firmware/${fw2}`);
    expect(single.statusCode).toBe(409);
    const res = await t.app.inject({ method: 'DELETE', url: batchPath('firmware'), headers: { ...CSRF_HEADER, cookie }, payload: { ids: [free, fw2] } });
    expect(res.statusCode).toBe(409);
    expect(description(res)).toBe(ownMessages.batchRefused(ownMessages.batchObjectNamed('Firmware', 'two', fw2), description(single) ?? ''));
    expect((await c.get(`/api/firmware/${free}`)).statusCode).toBe(200);
  });
});

/** A signed-in member (not admin) of the team, as a cookie. */
async function memberCookieOf(username: string): Promise<string> {
  const userId = await createUser(t.db, username, 'correct horse battery');
  await t.db.query('INSERT INTO role (team_id, user_id, role_id) VALUES ($1, $2, $3)', [team, userId, ROLE.USER]);
  return signIn(t.app, username, 'correct horse battery');
}
