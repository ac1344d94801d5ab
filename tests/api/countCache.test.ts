/**
 * List totals are kept in memory (server/crud/countCache.ts) and forgotten as soon as rows of the
 * table are added, removed or moved between teams, filters or searched text, by whatever
 * process; a check-in's last_seen keeps them, and a device's report of its update keeps all but
 * those filtered by the update's state (issue 30: a rollout's every step would count the fleet anew).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithTeam, createTestApp, type Client, type TestApp, queriesDuring } from './helpers';
import { createOk } from './crudFixtures';
import { CHANGES_LOST, openDatabase, type Database } from '../../server/db/database';
import { CountCache } from '../../server/crud/countCache';
import { checkinOk, deviceWithKey } from './deviceApiHelpers';

let t: TestApp;
let owner: Awaited<ReturnType<typeof adminWithTeam>>;
let typeA: number;
let typeB: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await adminWithTeam(t, 'counter');
  typeA = (await createOk(owner.client, 'type', { name: 'A', team_id: owner.teamId })).id as number;
  typeB = (await createOk(owner.client, 'type', { name: 'B', team_id: owner.teamId })).id as number;
  for (let i = 0; i < 5; i++) await createOk(owner.client, 'device', { name: `d${i}`, team_id: owner.teamId, type_id: typeA, uid_for_type: `u${i}` });
});
afterAll(() => t.close());

const total = async (client: Client, filter: Record<string, unknown> = {}) => {
  const res = await client.get(`/api/full/device?fields=id,name&range=[0,1]&filter=${encodeURIComponent(JSON.stringify(filter))}`);
  expect(res.statusCode).toBe(200);
  return Number(/\/(\d+)$/.exec(String(res.headers['content-range']))?.[1]);
};

describe('list totals', () => {
  it('are counted once, then answered from memory', async () => {
    expect(await total(owner.client)).toBe(5);
    expect(await queriesDuring(t, () => total(owner.client))).toBe(1);
    expect(await total(owner.client, { type_id: typeA })).toBe(5);
    expect(await total(owner.client, { type_id: typeB })).toBe(0);
  });

  it('follow creates, moves between filters, searched renames and deletes on the next request', async () => {
    const d = await createOk(owner.client, 'device', { name: 'new one', team_id: owner.teamId, type_id: typeA, uid_for_type: 'u-fresh' });
    expect(await total(owner.client)).toBe(6);
    expect(await total(owner.client, { q: 'new' })).toBe(1);
    expect((await owner.client.put(`/api/device/${d.id}`, { name: 'renamed' })).statusCode).toBe(200);
    expect(await total(owner.client, { q: 'new' })).toBe(0);
    expect((await owner.client.del(`/api/device/${d.id}`)).statusCode).toBe(200);
    expect(await total(owner.client)).toBe(5);
  });

  it('follow changes made straight in the database, and keep through a last_seen update', async () => {
    expect(await total(owner.client, { type_id: typeB })).toBe(0);
    expect(await total(owner.client, { type_id: typeA })).toBe(5);
    await t.db.query('UPDATE device SET last_seen = now() WHERE team_id = $1', [owner.teamId]);
    // The page's read only: the total is still known. Known to be 0, there is nothing to read.
    expect(await queriesDuring(t, () => total(owner.client, { type_id: typeA }))).toBe(1);
    expect(await queriesDuring(t, () => total(owner.client, { type_id: typeB }))).toBe(0);

    // Another connection to the same database, as another server process has; on PGlite the same one.
    const elsewhere: Database = t.url ? await openDatabase({ url: t.url }) : t.db;
    try {
      await elsewhere.query(`UPDATE device SET type_id = $1 WHERE name IN ('d0', 'd1')`, [typeB]);
      await expect.poll(() => total(owner.client, { type_id: typeB })).toBe(2);
      await elsewhere.query(`DELETE FROM device WHERE name = 'd4'`);
      await expect.poll(() => total(owner.client)).toBe(4);
    } finally {
      if (elsewhere !== t.db) await elsewhere.close();
    }
  });

  it("keep through a device's report of its update, but for those filtered by the update's state, which follow it", async () => {
    const fw = await createOk(owner.client, 'firmware', { name: 'counted fw', version: '2.0.0', team_id: owner.teamId, type_id: typeA });
    const d = await deviceWithKey(owner.client, owner.teamId, { type_id: typeA, name: 'reporter' });
    const all = await total(owner.client);
    const ofTypeA = await total(owner.client, { type_id: typeA });
    expect(await total(owner.client, { update_state: 'downloading' })).toBe(0);
    for (const [state, downloading] of [['downloading', 1], ['installing', 0]] as const) {
      await checkinOk(t.app, d, { update: { firmware_id: fw.id, state } });
      // The page's read only: the totals are still known, and still right.
      expect(await queriesDuring(t, () => total(owner.client))).toBe(1);
      expect(await queriesDuring(t, () => total(owner.client, { type_id: typeA }))).toBe(1);
      expect([await total(owner.client), await total(owner.client, { type_id: typeA })]).toEqual([all, ofTypeA]);
      expect(await total(owner.client, { update_state: 'downloading' })).toBe(downloading);
    }
    expect((await owner.client.del(`/api/device/${d.id}`)).statusCode).toBe(200);
  });

  it('are never shared between teams', async () => {
    const stranger = await adminWithTeam(t, 'other_counter');
    expect(await total(stranger.client)).toBe(0);
    expect(await total(owner.client)).toBe(4);
  });
});

describe('CountCache', () => {
  it('forgets a table\'s totals on its change, every total when notifications may have been missed', () => {
    const cache = new CountCache();
    cache.set('device', 'all', 5, cache.generation('device'));
    cache.set('type', 'all', 2, cache.generation('type'));
    const before = cache.generation('device');
    cache.changed('rows:device');
    expect([cache.get('device', 'all'), cache.get('type', 'all')]).toEqual([undefined, 2]);
    // A count read before the change is not kept.
    cache.set('device', 'all', 5, before);
    expect(cache.get('device', 'all')).toBeUndefined();
    cache.changed(CHANGES_LOST);
    expect(cache.get('type', 'all')).toBeUndefined();
  });

  it("forgets on a column's update only the totals whose conditions read it, and keeps none read before it", () => {
    const cache = new CountCache();
    cache.set('device', 'all', 5, cache.generation('device', []), []);
    cache.set('device', 'failed', 1, cache.generation('device', ['update_state']), ['update_state']);
    const before = cache.generation('device', ['update_state']);
    const otherBefore = cache.generation('device', ['type_id']);
    cache.changed('rows:device:update_state');
    expect([cache.get('device', 'all'), cache.get('device', 'failed')]).toEqual([5, undefined]);
    cache.set('device', 'failed', 1, before, ['update_state']);
    cache.set('device', 'of type', 3, otherBefore, ['type_id']);
    expect([cache.get('device', 'failed'), cache.get('device', 'of type')]).toEqual([undefined, 3]);
    cache.changed('rows:device');
    expect(cache.get('device', 'of type')).toBeUndefined();
  });
});
