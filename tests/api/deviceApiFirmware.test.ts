/**
 * The firmware a device gets (docs/DEVICE_API.md): only its own target, enabled and of its team, by
 * id, with Range requests answered as HTTP says; a target changed, moved or retargeted under it is
 * never another team's file; its firmware history is bounded; the firmware it runs cannot be deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_LIMIT } from '../../server/deviceApi/configSync';
import { createOk } from './crudFixtures';
import { firmwareFor, sha3, uploader } from './firmwareFilesHelpers';
import { createTeam, ROLE, type Client, type TestApp } from './helpers';
import { checkinOk, deviceWithKey, expectJsonError, ownerAndRival, postCheckin, type TeamAdmin, type TestDevice } from './deviceApiHelpers';
import { until } from './databaseHold';

let t: TestApp;
let owner: TeamAdmin;
let rival: TeamAdmin;
let c: Client;

beforeAll(async () => {
  ({ t, owner, rival } = await ownerAndRival());
  c = owner.client;
});
afterAll(() => t.close());

describe('firmware downloads a device should not get', () => {
  const BYTES = Buffer.from('probe firmware image 0123456789abcdef');
  let typeId: number;
  let target: number;
  let sibling: number;
  let d: TestDevice;
  const get = (id: number | string, token: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url: `/device-api/v1/firmware/${id}`, headers: { authorization: `Bearer ${token}`, ...headers } });

  beforeAll(async () => {
    typeId = (await createOk(c, 'type', { name: 'probe dl type', team_id: owner.teamId })).id as number;
    const upload = uploader(t.app, owner.cookie);
    target = await firmwareFor(c, owner.teamId, typeId, BYTES);
    expect((await upload(target, BYTES)).statusCode).toBe(200);
    sibling = await firmwareFor(c, owner.teamId, typeId, BYTES.subarray(2));
    expect((await upload(sibling, BYTES.subarray(2))).statusCode).toBe(200);
    d = await deviceWithKey(c, owner.teamId, { type_id: typeId, target_firmware_id: target });
  });

  it('odd ids are a 404, never a 500', async () => {
    for (const id of ['0', '-1', '01', '1e3', '2147483648', '99999999999', `${target}.0`, '%00', `${target}%20`]) {
      const res = await get(id, d.token());
      expect(res.statusCode, id).toBe(404);
    }
    expect((await get(sibling, d.token(), {}, 'HEAD')).statusCode).toBe(404);
  });

  it("another team's device cannot fetch this team's firmware, even by its id", async () => {
    const stranger = await deviceWithKey(rival.client, rival.teamId);
    expect((await get(target, stranger.token())).statusCode).toBe(404);
    expect((await get(target, stranger.token(), {}, 'HEAD')).statusCode).toBe(404);
  });

  it('Range edge cases: one byte, a suffix, past the end, reversed, several ranges, garbage, a stale If-Range', async () => {
    const token = d.token();
    const one = await get(target, token, { range: 'bytes=0-0' });
    expect(one.statusCode).toBe(206);
    expect(one.rawPayload.equals(BYTES.subarray(0, 1))).toBe(true);
    const suffix = await get(target, token, { range: 'bytes=-5' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(BYTES.subarray(-5))).toBe(true);
    const tail = await get(target, token, { range: `bytes=${BYTES.length - 3}-` });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(BYTES.subarray(-3))).toBe(true);
    const past = await get(target, token, { range: `bytes=${BYTES.length}-${BYTES.length + 10}` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${BYTES.length}`);
    const clipped = await get(target, token, { range: `bytes=5-${BYTES.length + 1000}` });
    expect(clipped.statusCode).toBe(206);
    expect(clipped.rawPayload.equals(BYTES.subarray(5))).toBe(true);
    for (const range of ['bytes=5-2', 'bytes=0-1,3-4', 'bytes=abc', 'items=0-1', 'bytes=--1', `bytes=0-${'9'.repeat(400)}`]) {
      const res = await get(target, token, { range });
      expect(res.statusCode, range).toBeLessThan(500);
      if (res.statusCode === 200) expect(res.rawPayload.equals(BYTES)).toBe(true);
    }
    const stale = await get(target, token, { range: 'bytes=0-3', 'if-range': '"0000"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(BYTES)).toBe(true);
    const head = await get(target, token, { range: 'bytes=0-3' }, 'HEAD');
    expect(head.statusCode).toBeLessThan(300);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers.etag).toBe(`"${sha3(BYTES)}"`);
  });

  it('a disabled target is neither answered nor downloadable', async () => {
    const fw = await firmwareFor(c, owner.teamId, typeId, BYTES);
    expect((await uploader(t.app, owner.cookie)(fw, BYTES)).statusCode).toBe(200);
    const held = await deviceWithKey(c, owner.teamId, { type_id: typeId, target_firmware_id: fw });
    expect(((await checkinOk(t.app, held, {})).target_firmware as { id: number }).id).toBe(fw);
    // The console refuses to disable a target (spec section 4); a target disabled behind its back (an older row) is still withheld.
    expect((await c.put(`/api/firmware/${fw}`, { is_disabled: 1 })).statusCode).toBe(409);
    await t.db.query('UPDATE firmware SET is_disabled = 1 WHERE id = $1', [fw]);
    expect((await checkinOk(t.app, held, {})).target_firmware).toBeNull();
    expect((await get(fw, held.token())).statusCode).toBe(404);
    expect((await get(fw, held.token(), {}, 'HEAD')).statusCode).toBe(404);
  });

  it("a device in a group is answered the group's target firmware", async () => {
    const group = await createOk(c, 'devices_group', { name: 'probe group', team_id: owner.teamId, type_id: typeId, target_firmware_id: sibling });
    const member = await deviceWithKey(c, owner.teamId, { type_id: typeId, group_id: group.id });
    const answer = await checkinOk(t.app, member, {});
    expect((answer.target_firmware as { id: number } | null)?.id).toBe(sibling);
    expect((await get(sibling, member.token())).statusCode).toBe(200);
    expect((await get(target, member.token())).statusCode).toBe(404);
  });
});

describe('firmware moved under a device', () => {
  const BYTES = Buffer.from('fleet firmware bytes 0123456789');
  const get = (id: number, token: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/device-api/v1/firmware/${id}`, headers: { authorization: `Bearer ${token}`, ...headers } });
  let typeId: number;
  let upload: ReturnType<typeof uploader>;

  beforeAll(async () => {
    typeId = (await createOk(c, 'type', { name: 'fleet fw type', team_id: owner.teamId })).id as number;
    upload = uploader(t.app, owner.cookie);
  });

  async function uploadedFirmware(bytes: Buffer) {
    const id = await firmwareFor(c, owner.teamId, typeId, bytes);
    expect((await upload(id, bytes)).statusCode).toBe(200);
    return id;
  }

  it('a target changed mid-download: resuming the old one is a 404, the new one is answered and downloads', async () => {
    const first = await uploadedFirmware(BYTES);
    const second = await uploadedFirmware(Buffer.concat([BYTES, BYTES]));
    const d = await deviceWithKey(c, owner.teamId, { type_id: typeId, target_firmware_id: first });
    const part = await get(first, d.token(), { range: 'bytes=0-9' });
    expect(part.statusCode).toBe(206);
    expect((await c.put(`/api/device/${d.id}`, { target_firmware_id: second })).statusCode).toBe(200);
    expectJsonError(await get(first, d.token(), { range: 'bytes=10-', 'if-range': String(part.headers.etag) }), 404);
    expect(((await checkinOk(t.app, d, {})).target_firmware as { id: number }).id).toBe(second);
    expect((await get(second, d.token())).statusCode).toBe(200);
    // Cleared: nothing to fetch, nothing answered.
    expect((await c.put(`/api/device/${d.id}`, { target_firmware_id: null })).statusCode).toBe(200);
    expect((await checkinOk(t.app, d, {})).target_firmware).toBeNull();
    expectJsonError(await get(second, d.token()), 404);
  });

  it("a targeted firmware cannot be moved to another team, so a device never fetches another team's file", async () => {
    const fw = await uploadedFirmware(Buffer.from('team move firmware'));
    const d = await deviceWithKey(c, owner.teamId, { type_id: typeId, target_firmware_id: fw });
    const both = await createTeam(t.db, 'fleet both', [[owner.userId, ROLE.ADMIN]]);
    const moved = await c.put(`/api/firmware/${fw}`, { team_id: both });
    expect(moved.statusCode).toBeGreaterThanOrEqual(400);
    const fwNow = (await c.get(`/api/firmware/${fw}`)).json() as { team_id: number };
    expect(fwNow.team_id).toBe(owner.teamId);
    expect(((await checkinOk(t.app, d, {})).target_firmware as { id: number }).id).toBe(fw);
  });

  it("a group with devices cannot move to another team, so its members never follow another team's target", async () => {
    const fw = await uploadedFirmware(Buffer.from('group move firmware A'));
    const group = await createOk(c, 'devices_group', { name: 'fleet group', team_id: owner.teamId, type_id: typeId, target_firmware_id: fw });
    const d = await deviceWithKey(c, owner.teamId, { type_id: typeId, group_id: group.id });
    const second = await createTeam(t.db, 'fleet group B', [[owner.userId, ROLE.ADMIN]]);
    const typeB = (await createOk(c, 'type', { name: 'fleet group type B', team_id: second })).id as number;
    const bBytes = Buffer.from('group move firmware B');
    const fwB = await firmwareFor(c, second, typeB, bBytes);
    expect((await upload(fwB, bBytes)).statusCode).toBe(200);
    expectJsonError(await c.put(`/api/devices_group/${group.id}`, { team_id: second, type_id: typeB, target_firmware_id: fwB }), 409);
    expect(((await checkinOk(t.app, d, {})).target_firmware as { id: number }).id).toBe(fw);
    expectJsonError(await get(fwB, d.token()), 404);
  });

  it('a thousand ranges in one header are no multipart flood and no 500', async () => {
    const fw = await uploadedFirmware(Buffer.from('ranges firmware bytes'));
    const d = await deviceWithKey(c, owner.teamId, { type_id: typeId, target_firmware_id: fw });
    const res = await get(fw, d.token(), { range: `bytes=${Array.from({ length: 1000 }, () => '0-5').join(',')}` });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.rawPayload.length).toBeLessThanOrEqual(64);
  });
});

describe('firmware history', () => {
  it(`a device switching firmware on every check-in keeps only the last ${HISTORY_LIMIT} entries, like its configuration history`, async () => {
    const typeId = (await createOk(c, 'type', { name: 'history fw type', team_id: owner.teamId })).id;
    const d = await deviceWithKey(c, owner.teamId, { type_id: typeId });
    const a = await createOk(c, 'firmware', { name: 'hist-core', version: '1.0.0', team_id: owner.teamId, type_id: typeId });
    const b = await createOk(c, 'firmware', { name: 'hist-core', version: '2.0.0', team_id: owner.teamId, type_id: typeId });
    const long = Array.from({ length: HISTORY_LIMIT }, (_, i) => ({ date: new Date(i * 1000).toISOString(), firmware_id: a.id }));
    await t.db.query('UPDATE device SET firmware_history = $1::jsonb, current_firmware_id = $2 WHERE id = $3', [JSON.stringify(long), a.id, d.id]);
    await checkinOk(t.app, d, { firmware: { name: 'hist-core', version: '2.0.0' } });
    const history = ((await c.get(`/api/device/${d.id}`)).json() as { firmware_history: { date: string; firmware_id: number }[] }).firmware_history;
    expect(history).toHaveLength(HISTORY_LIMIT);
    expect(history[0].date).toBe(long[1].date);
    expect(history.at(-1)!.firmware_id).toBe(b.id);
  });
});

describe('the firmware a device runs', () => {
  it('cannot be deleted under it (409 with a Description); the device keeps it as current', async () => {
    const typeId = (await createOk(c, 'type', { name: 'fleet running type', team_id: owner.teamId })).id as number;
    const fw = await createOk(c, 'firmware', { name: 'fleet-running', version: '1.0.0', team_id: owner.teamId, type_id: typeId });
    const d = await deviceWithKey(c, owner.teamId, { type_id: typeId });
    await checkinOk(t.app, d, { firmware: { name: 'fleet-running', version: '1.0.0' } });
    expectJsonError(await c.del(`/api/firmware/${fw.id}`), 409);
    await checkinOk(t.app, d, { firmware: { name: 'fleet-running', version: '1.0.0' } });
    expect((await c.get(`/api/device/${d.id}`)).json()).toMatchObject({ current_firmware_id: fw.id, firmware_history: [{ firmware_id: fw.id }] });
  });
});

describe("a reported firmware is matched within the device's type", () => {
  it("a device reporting another type's firmware has no current firmware, and that firmware can still be deleted", async () => {
    const t1 = (await createOk(c, 'type', { name: 'report type one', team_id: owner.teamId })).id as number;
    const t2 = (await createOk(c, 'type', { name: 'report type two', team_id: owner.teamId })).id as number;
    const other = await createOk(c, 'firmware', { name: 'report-core', version: '1.0.0', team_id: owner.teamId, type_id: t1 });
    const own = await createOk(c, 'firmware', { name: 'report-core-two', version: '1.0.0', team_id: owner.teamId, type_id: t2 });
    const d = await deviceWithKey(c, owner.teamId, { type_id: t2 });
    const answer = await checkinOk(t.app, d, { firmware: { name: 'report-core', version: '1.0.0' } });
    expect(answer).toMatchObject({ target_firmware: null, config: null });
    expect((await c.get(`/api/device/${d.id}`)).json()).toMatchObject({ current_firmware_id: null, firmware_history: [] });
    await checkinOk(t.app, d, { firmware: { name: 'report-core-two', version: '1.0.0' } });
    expect((await c.get(`/api/device/${d.id}`)).json()).toMatchObject({ current_firmware_id: own.id, firmware_history: [{ firmware_id: own.id }] });
    // Reporting the other type's firmware again: the device runs none of its own type's that the team knows.
    await checkinOk(t.app, d, { firmware: { name: 'report-core', version: '1.0.0' } });
    expect((await c.get(`/api/device/${d.id}`)).json()).toMatchObject({ current_firmware_id: null });
    expect((await c.del(`/api/firmware/${other.id}`)).statusCode).toBeLessThan(300);
    expect((await c.del(`/api/type/${t1}`)).statusCode).toBeLessThan(300);
  });

  it('a device moved to another type forgets the current firmware of its old type, so that firmware can be deleted', async () => {
    const t1 = (await createOk(c, 'type', { name: 'moving type one', team_id: owner.teamId })).id as number;
    const t2 = (await createOk(c, 'type', { name: 'moving type two', team_id: owner.teamId })).id as number;
    const fw = await createOk(c, 'firmware', { name: 'moving-core', version: '1.0.0', team_id: owner.teamId, type_id: t1 });
    const d = await deviceWithKey(c, owner.teamId, { type_id: t1 });
    await checkinOk(t.app, d, { firmware: { name: 'moving-core', version: '1.0.0' } });
    expect((await c.get(`/api/device/${d.id}`)).json()).toMatchObject({ current_firmware_id: fw.id });
    // Nor can the firmware move to another type under the device that runs it.
    expectJsonError(await c.put(`/api/firmware/${fw.id}`, { type_id: t2 }), 409);
    expect((await c.put(`/api/device/${d.id}`, { type_id: t2 })).statusCode).toBe(200);
    expect((await c.get(`/api/device/${d.id}`)).json()).toMatchObject({ current_firmware_id: null });
    await checkinOk(t.app, d, { firmware: { name: 'moving-core', version: '1.0.0' } });
    expect((await c.get(`/api/device/${d.id}`)).json()).toMatchObject({ current_firmware_id: null });
    expect((await c.del(`/api/firmware/${fw.id}`)).statusCode).toBeLessThan(300);
  });
});

// PGlite runs one transaction at a time: a check-in cannot land inside a firmware's write there.
describe.skipIf(!process.env.DATABASE_URL)("a check-in racing a change of the reported firmware's type", () => {
  it('waits for the change and then matches within the device type: the device never runs a firmware of another type', async () => {
    const t1 = (await createOk(c, 'type', { name: 'race type one', team_id: owner.teamId })).id as number;
    const t2 = (await createOk(c, 'type', { name: 'race type two', team_id: owner.teamId })).id as number;
    const fw = await createOk(c, 'firmware', { name: 'race-core', version: '1.0.0', team_id: owner.teamId, type_id: t1 });
    const d = await deviceWithKey(c, owner.teamId, { type_id: t1 });
    // The firmware's write as PUT /api/firmware/{id} makes it (server/crud/write.ts) once its checks found no device running it:
    // the row locked for update, its type changed, not yet committed.
    let release!: () => void;
    let changed!: () => void;
    const isChanged = new Promise<void>((done) => (changed = done));
    const write = t.db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM "firmware" WHERE "id" = $1 FOR UPDATE', [fw.id]);
      await tx.query('UPDATE "firmware" SET "type_id" = $2 WHERE "id" = $1', [fw.id, t2]);
      changed();
      await new Promise<void>((done) => (release = done));
    });
    await isChanged;
    let answered = false;
    const checkin = postCheckin(t.app, d.token(), { firmware: { name: 'race-core', version: '1.0.0' } }).then((res) => ((answered = true), res));
    const waiting = async () =>
      (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE "wait_event_type" = 'Lock' AND "datname" = current_database()`)).rows[0].n > 0;
    await until(async () => answered || (await waiting()));
    release();
    await write;
    expect((await checkin).statusCode).toBe(200);
    const { rows } = await t.db.query<{ current: number | null; type_id: number }>(
      'SELECT d."current_firmware_id" AS "current", f."type_id" FROM "device" d LEFT JOIN "firmware" f ON f."id" = d."current_firmware_id" WHERE d."id" = $1',
      [d.id],
    );
    expect(rows[0]).toEqual({ current: null, type_id: null });
  });
});
