/**
 * Issue 13 item 6: DELETE /api/type/{id}?cascade=true deletes a type with its devices, groups and
 * firmwares in one call and one transaction, each by its own delete's rules; a refusal anywhere
 * leaves everything as it was. The plain DELETE of a type with content is still refused.
 * expect_{list}=n binds the delete to the counts the caller was shown: a count that differs once
 * the type is locked answers 409 and deletes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../src/messages';
import { adminWithTeam, createTestApp, expectError, memberOf, ROLE, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';
import { DELETE_BATCH } from '../../server/crud/write';

let t: TestApp;
let c: Client;
let team: number;

beforeAll(async () => {
  t = await createTestApp();
  const a = await adminWithTeam(t, 'cascader');
  c = a.client;
  team = a.teamId;
});
afterAll(() => t.close());

/** A type with 3 devices (one in a group), a group and 2 firmwares (one the group's target). */
async function typeWithContent(name: string) {
  const type = (await createOk(c, 'type', { name, team_id: team })).id as number;
  const fw = (await createOk(c, 'firmware', { name: `${name}_fw`, version: '1.0.0', team_id: team, type_id: type })).id as number;
  const fw2 = (await createOk(c, 'firmware', { name: `${name}_fw2`, version: '1.0.0', team_id: team, type_id: type })).id as number;
  const group = (await createOk(c, 'devices_group', { name: `${name}_g`, team_id: team, type_id: type, target_firmware_id: fw })).id as number;
  const devices: number[] = [];
  for (let i = 0; i < 3; i++) {
    const body = { name: `${name}_d${i}`, team_id: team, type_id: type, uid_for_type: `${name}-${i}`, ...(i === 0 ? { group_id: group } : { target_firmware_id: fw2 }) };
    devices.push((await createOk(c, 'device', body)).id as number);
  }
  return { type, group, firmwares: [fw, fw2], devices };
}

type Content = Awaited<ReturnType<typeof typeWithContent>>;

/** The status of GET for the type and each piece of its content. */
async function statuses(x: Content): Promise<number[]> {
  const urls = [`/api/type/${x.type}`, `/api/devices_group/${x.group}`, ...x.firmwares.map((id) => `/api/firmware/${id}`), ...x.devices.map((id) => `/api/device/${id}`)];
  return Promise.all(urls.map(async (url) => (await c.get(url)).statusCode));
}

describe('DELETE /api/type/{id}?cascade=true', () => {
  it('deletes the devices, groups, firmwares and the type in one call, answering the type', async () => {
    const x = await typeWithContent('whole');
    const res = await c.del(`/api/type/${x.type}?cascade=true`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: x.type, name: 'whole' });
    expect(new Set(await statuses(x))).toEqual(new Set([404]));
  });

  it('a type with more devices than one delete statement takes (DELETE_BATCH): every one goes', async () => {
    const x = await typeWithContent('many');
    const n = DELETE_BATCH + 5;
    // Copies of the first device, through SQL: thousands of POSTs would be slow and prove nothing more.
    const columns = (await t.db.query<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'device' AND column_name NOT IN ('id', 'name', 'uid_for_type', 'name_key')",
    )).rows.map((r) => `"${r.column_name}"`);
    await t.db.query(
      `INSERT INTO "device" ("name", "uid_for_type", ${columns.join(', ')})
       SELECT 'many_copy_' || i, 'many-copy-' || i, ${columns.join(', ')} FROM "device", generate_series(1, ${n}) AS i WHERE "id" = $1`,
      [x.devices[1]],
    );
    const count = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM "device" WHERE "type_id" = $1', [x.type])).rows[0].n;
    expect(await count()).toBe(n + 3);
    const res = await c.del(`/api/type/${x.type}?cascade=true&expect_device=${n + 3}`);
    expect(res.statusCode).toBe(200);
    expect(await count()).toBe(0);
    expect(new Set(await statuses(x))).toEqual(new Set([404]));
  });

  it('deletes an empty type as the plain delete does', async () => {
    const type = (await createOk(c, 'type', { name: 'empty', team_id: team })).id as number;
    expect((await c.del(`/api/type/${type}?cascade=true`)).statusCode).toBe(200);
    expect((await c.get(`/api/type/${type}`)).statusCode).toBe(404);
  });

  it('the plain delete of a type with content is still refused (409), nothing deleted', async () => {
    const x = await typeWithContent('plain');
    await expectError(c.del(`/api/type/${x.type}`), 409, ownMessages.inUse('plain'));
    await expectError(c.del(`/api/type/${x.type}?cascade=false`), 409, ownMessages.inUse('plain'));
    expect(new Set(await statuses(x))).toEqual(new Set([200]));
  });

  it('a member who is not admin of the team is refused (403) and nothing is deleted', async () => {
    const x = await typeWithContent('guarded');
    const member = await memberOf(t, 'plain_member', [team], ROLE.USER);
    await expectError(member.del(`/api/type/${x.type}?cascade=true`), 403, messages.onlyAdminsCanModify);
    expect(new Set(await statuses(x))).toEqual(new Set([200]));
  });

  it("another team's admin gets 404, as for an unknown id, and nothing is deleted", async () => {
    const x = await typeWithContent('foreign');
    const stranger = (await adminWithTeam(t, 'stranger')).client;
    const unknown = await stranger.del('/api/type/999999?cascade=true');
    await expectError(stranger.del(`/api/type/${x.type}?cascade=true`), 404, ownMessages.notFound);
    expect(unknown.statusCode).toBe(404);
    expect(new Set(await statuses(x))).toEqual(new Set([200]));
  });

  it('a refusal midway (a firmware still run by a device of another type) undoes the whole delete', async () => {
    const x = await typeWithContent('midway');
    const other = (await createOk(c, 'type', { name: 'other', team_id: team })).id as number;
    const runner = (await createOk(c, 'device', { name: 'runner', team_id: team, type_id: other, uid_for_type: 'R1' })).id as number;
    // A device reports what it runs (the device API); a firmware of another type is possible there.
    await t.db.query('UPDATE "device" SET "current_firmware_id" = $1 WHERE "id" = $2', [x.firmwares[0], runner]);
    // Devices and the group go first; the firmware's delete is refused and names it.
    await expectError(c.del(`/api/type/${x.type}?cascade=true`), 409, ownMessages.inUse('midway_fw'));
    expect(new Set(await statuses(x))).toEqual(new Set([200]));
    expect((await c.get(`/api/device/${x.devices[0]}`)).json()).toMatchObject({ group_id: x.group });
  });

  it("content of another team naming the type keeps it: nothing of the caller's team is deleted", async () => {
    const x = await typeWithContent('shared');
    const { teamId: theirs } = await adminWithTeam(t, 'neighbour');
    // Stored before references were checked per team: not the caller's to delete, so the type stays.
    await t.db.query(
      `INSERT INTO "device" ("name", "name_key", "team_id", "type_id", "uid_for_type") SELECT 'theirs', "name_key", $1, "type_id", 'X-1' FROM "device" WHERE "id" = $2`,
      [theirs, x.devices[1]],
    );
    await expectError(c.del(`/api/type/${x.type}?cascade=true`), 409, ownMessages.inUse('shared'));
    expect(new Set(await statuses(x))).toEqual(new Set([200]));
  });

  it('with the counts shown (expect_device=3&expect_devices_group=1&expect_firmware=2): deleted', async () => {
    const x = await typeWithContent('counted');
    const res = await c.del(`/api/type/${x.type}?cascade=true&expect_device=3&expect_devices_group=1&expect_firmware=2`);
    expect(res.statusCode).toBe(200);
    expect(new Set(await statuses(x))).toEqual(new Set([404]));
  });

  it('a device added after the counts were shown: 409 saying what changed, nothing deleted', async () => {
    const x = await typeWithContent('grown');
    const late = (await createOk(c, 'device', { name: 'grown_late', team_id: team, type_id: x.type, uid_for_type: 'late-1' })).id as number;
    await expectError(
      c.del(`/api/type/${x.type}?cascade=true&expect_device=3&expect_devices_group=1&expect_firmware=2`),
      409,
      ownMessages.contentNotAsCounted('type', 'grown', [ownMessages.countNotExpected('Devices', 4, 3)]),
    );
    expect(new Set(await statuses(x))).toEqual(new Set([200]));
    expect((await c.get(`/api/device/${late}`)).statusCode).toBe(200);
    // Fewer than shown is a change too; each list that differs is named.
    await expectError(
      c.del(`/api/type/${x.type}?cascade=true&expect_device=5&expect_firmware=0`),
      409,
      ownMessages.contentNotAsCounted('type', 'grown', [ownMessages.countNotExpected('Devices', 4, 5), ownMessages.countNotExpected('Firmwares', 2, 0)]),
    );
    expect(new Set(await statuses(x))).toEqual(new Set([200]));
    // A list without an expectation is not compared (API clients that send none keep the plain cascade).
    expect((await c.del(`/api/type/${x.type}?cascade=true&expect_devices_group=1`)).statusCode).toBe(200);
    expect(new Set(await statuses(x))).toEqual(new Set([404]));
  });

  it('bad expect_ values are a 400 and delete nothing', async () => {
    const x = await typeWithContent('expects');
    const base = `/api/type/${x.type}`;
    for (const bad of ['-1', '1.5', 'three', '', '1e3', '99999999999']) {
      await expectError(c.del(`${base}?cascade=true&expect_device=${encodeURIComponent(bad)}`), 400, ownMessages.cascadeExpectNotCount('expect_device'));
    }
    await expectError(c.del(`${base}?cascade=true&expect_device=3&expect_device=3`), 400, ownMessages.cascadeExpectNotCount('expect_device'));
    await expectError(
      c.del(`${base}?cascade=true&expect_user=0`),
      400,
      ownMessages.cascadeExpectUnknown('expect_user', ['expect_device', 'expect_devices_group', 'expect_firmware']),
    );
    await expectError(c.del(`${base}?expect_device=3`), 400, ownMessages.cascadeExpectWithoutCascade('expect_device'));
    await expectError(c.del(`${base}?cascade=false&expect_device=3`), 400, ownMessages.cascadeExpectWithoutCascade('expect_device'));
    expect(new Set(await statuses(x))).toEqual(new Set([200]));
  });

  it('a cascade value other than true or false, or on a category without content, is a 400', async () => {
    const x = await typeWithContent('params');
    await expectError(c.del(`/api/type/${x.type}?cascade=yes`), 400, ownMessages.cascadeNotBoolean);
    await expectError(c.del(`/api/device/${x.devices[1]}?cascade=true`), 400, ownMessages.cascadeNotOffered('Devices'));
    expect(new Set(await statuses(x))).toEqual(new Set([200]));
  });
});
