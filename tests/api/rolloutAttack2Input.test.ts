/**
 * A hostile client's rollout bodies (issue 30, second attack): a device filter naming a group must
 * name one of the rollout's team, as the group of `devices_group_id` must; another team's group and
 * an id beyond the database's integers are refused with a clear 400 at the write, and nothing is
 * stored (before, they were stored, and the start answered 409 'no devices' or a 400 about a filter
 * the caller never sent).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { createOk } from './crudFixtures';
import { expectError } from './helpers';
import { draft, fleet, rolloutWorld, type World } from './rolloutHelpers';

let w: World;

beforeAll(async () => {
  w = await rolloutWorld();
});
afterAll(() => w.t.close());

const body = (extra: Record<string, unknown>) => ({ name: `hostile ${Math.random()}`, team_id: w.owner.teamId, firmware_id: w.newFw, ...extra });
const stored = async () => (await w.t.db.query<{ n: number }>('SELECT count(*)::int AS "n" FROM "rollout"')).rows[0].n;

describe("a device filter's group", () => {
  it("of another team, unknown or beyond the database's integers: 400 on create and on update, nothing stored", async () => {
    const rivalType = (await createOk(w.rival.client, 'type', { name: 'rival type', team_id: w.rival.teamId })).id as number;
    const rivalGroup = (await createOk(w.rival.client, 'devices_group', { name: 'rival group', team_id: w.rival.teamId, type_id: rivalType })).id as number;
    const ownGroup = (await createOk(w.owner.client, 'devices_group', { name: 'own group', team_id: w.owner.teamId, type_id: w.typeId })).id as number;
    const refused = ownMessages.referenceNotFound('Device filter');
    const before = await stored();
    for (const group of [rivalGroup, 999_999]) {
      await expectError(w.owner.client.post('/api/rollout', body({ device_filter: { group_id: group } })), 400, refused);
    }
    await expectError(
      w.owner.client.post('/api/rollout', body({ device_filter: { group_id: 99_999_999_999 } })),
      400,
      ownMessages.jsonSchemaMismatch('Device filter', '/group_id must be <= 2147483647'),
    );
    expect(await stored()).toBe(before);
    const id = await draft(w, { device_filter: { group_id: ownGroup, q: 'device' } });
    await expectError(w.owner.client.put(`/api/rollout/${id}`, { device_filter: { group_id: rivalGroup } }), 400, refused);
    expect(((await w.owner.client.get(`/api/rollout/${id}`)).json() as { device_filter: unknown }).device_filter).toEqual({ group_id: ownGroup, q: 'device' });
  });
});

describe('chosen devices', () => {
  it("of another type than the firmware's: 400 on create and on update, nothing stored (the start silently left them out)", async () => {
    const otherType = (await createOk(w.owner.client, 'type', { name: 'chosen other type', team_id: w.owner.teamId })).id as number;
    const [odd] = await fleet(w, 1, { type_id: otherType, target_firmware_id: null });
    const [fit] = await fleet(w, 1);
    const refused = ownMessages.referenceMismatch('Devices', 'Type');
    const before = await stored();
    await expectError(w.owner.client.post('/api/rollout', body({ device_ids: [fit.id, odd.id] })), 400, refused);
    expect(await stored()).toBe(before);
    const id = await draft(w, { device_ids: [fit.id] });
    await expectError(w.owner.client.put(`/api/rollout/${id}`, { device_ids: [odd.id] }), 400, refused);
    expect(((await w.owner.client.get(`/api/rollout/${id}`)).json() as { device_ids: unknown }).device_ids).toEqual([{ id: fit.id }]);
  });
});

describe('a phase’s count or percentage out of bounds', () => {
  it('is refused naming the value that is wrong, not a property the client did not mean to send', async () => {
    const [d] = await fleet(w, 1);
    const before = await stored();
    const cases: [unknown, string][] = [
      [{ count: 0 }, '/0/count must be >= 1'],
      [{ count: -3 }, '/0/count must be >= 1'],
      [{ count: 1.5 }, '/0/count must be integer'],
      [{ count: '5' }, '/0/count must be integer'],
      [{ count: 1e12 }, '/0/count must be <= 10000000'],
      [{ percent: 101 }, '/0/percent must be <= 100'],
      [{ percent: 10, count: 3 }, '/0 must NOT have more than 1 properties'],
      [{}, '/0 must NOT have fewer than 1 properties'],
    ];
    for (const [phase, problem] of cases) {
      await expectError(w.owner.client.post('/api/rollout', body({ device_ids: [d.id], phases: [phase] })), 400, ownMessages.jsonSchemaMismatch('Phases', problem));
    }
    expect(await stored()).toBe(before);
  });
});
