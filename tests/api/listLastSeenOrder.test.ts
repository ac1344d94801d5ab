/**
 * The console's order by last check-in (issue 28 item 8), spelled out: newest first puts the devices
 * never seen (NULL last_seen) first, then the newest, and devices seen at the same instant by id, in
 * the list's direction; oldest first is the exact reverse. A page read from the list's far end
 * (listPage.ts reads the far half backwards) answers the same slice as the whole list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithTeam, createTestApp, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const enc = (v: unknown) => encodeURIComponent(JSON.stringify(v));

async function page(client: Client, direction: string, range?: [number, number]): Promise<string[]> {
  const res = await client.get(`/api/full/device?fields=id,name,last_seen&sort=${enc(['last_seen', direction])}&filter={}${range ? `&range=${enc(range)}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { name: string }[]).map((d) => d.name);
}

describe('a list of devices sorted by last seen', () => {
  it('puts never-seen devices first newest-first and last oldest-first, equal instants by id, on every page', async () => {
    const a = await adminWithTeam(t, 'last_seen_order');
    const type = (await createOk(a.client, 'type', { name: 'last seen order', team_id: a.teamId })).id as number;
    // Created in this order, so ids rise with the letter.
    const seen: Record<string, string | null> = {
      a: null,
      b: '2026-01-02T00:00:00Z',
      c: '2026-01-01T00:00:00Z',
      d: '2026-01-02T00:00:00Z',
      e: null,
      f: '2026-01-03T00:00:00Z',
      g: '2026-01-02T00:00:00Z',
    };
    for (const name of Object.keys(seen)) await createOk(a.client, 'device', { name, team_id: a.teamId, type_id: type, uid_for_type: name });
    for (const [name, at] of Object.entries(seen)) await t.db.query(`UPDATE device SET last_seen = $1 WHERE team_id = $2 AND name = $3`, [at, a.teamId, name]);

    const newestFirst = ['e', 'a', 'f', 'g', 'd', 'b', 'c'];
    expect(await page(a.client, 'DESC')).toEqual(newestFirst);
    expect(await page(a.client, 'ASC')).toEqual([...newestFirst].reverse());
    for (const [direction, whole] of [['DESC', newestFirst], ['ASC', [...newestFirst].reverse()]] as const) {
      // Pages of two from the start to past the end: the near half read forwards, the far half backwards.
      for (let start = 0; start < whole.length; start += 2) {
        expect(await page(a.client, direction, [start, start + 1]), `${direction} [${start}, ${start + 1}]`).toEqual(whole.slice(start, start + 2));
      }
    }
  });
});
