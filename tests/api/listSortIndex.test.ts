/**
 * Every column the console sorts a list by is read in that order from an index, in both directions
 * (issue 28: the page at offset 90,000 by last seen took 250 ms, by name 12 ms, because last_seen had
 * no index and each page sorted the whole fleet). Asked as the console asks (GET /api/full/device with
 * a sort), the page's statement is planned with sorting disabled: a plan that still sorts has no
 * index to read the order from. The plan, not a timing: it holds on any machine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithTeam, createTestApp, type TestApp } from './helpers';
import { createOk } from './crudFixtures';
import { categories } from '../../src/schemas';
import { listFields } from '../../src/dataProvider/listQuery';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The statements the server runs while `fn` runs. */
async function statements(fn: () => Promise<void>): Promise<[string, unknown[] | undefined][]> {
  const seen: [string, unknown[] | undefined][] = [];
  const query = t.db.query;
  t.db.query = ((sql: string, params?: unknown[], prepared?: string) => {
    seen.push([sql, params]);
    return query.call(t.db, sql, params, prepared);
  }) as typeof query;
  try {
    await fn();
  } finally {
    t.db.query = query;
  }
  return seen;
}

/** The plan of a statement when the planner may sort only if nothing else gives the order. */
const planWithoutSorting = (sql: string, params: unknown[] | undefined) =>
  t.db.transaction(async (tx) => {
    await tx.query('SET LOCAL enable_sort = off');
    const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });

/** A Sort node (the Merge Append's "Sort Key" merges rows already in order: no sort). */
const SORT_NODE = /(^|->)\s*(Incremental )?Sort\s+\(/m;

describe('a page of devices sorted by a listed column', () => {
  const device = categories.find((c) => c.key === 'device')!;
  const columns = ['name', 'last_seen'];

  it.each(columns.flatMap((column) => ['ASC', 'DESC'].map((direction) => [column, direction])))('by %s %s reads its order from an index', async (column, direction) => {
    const a = await adminWithTeam(t, `sort_${column}_${direction}`);
    const type = (await createOk(a.client, 'type', { name: `sort ${column} ${direction}`, team_id: a.teamId })).id as number;
    for (let i = 0; i < 3; i++) await createOk(a.client, 'device', { name: `d${i}`, team_id: a.teamId, type_id: type, uid_for_type: `s${i}` });
    // One seen, the others never (NULL): NULLs first newest-first, last oldest-first, as the index keeps them.
    await t.db.query(`UPDATE device SET last_seen = now() WHERE team_id = $1 AND name = 'd1'`, [a.teamId]);
    const url = `/api/full/device?fields=${listFields(device).join(',')}&sort=${encodeURIComponent(JSON.stringify([column, direction]))}&range=[0,24]&filter={}`;
    const run = await statements(async () => {
      const res = await a.client.get(url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toHaveLength(3);
    });
    const pages = run.filter(([sql]) => sql.includes('ORDER BY'));
    expect(pages).toHaveLength(1);
    const plan = await planWithoutSorting(...pages[0]);
    expect(plan, plan).not.toMatch(SORT_NODE);
    expect(plan).toContain(`device_${column}_list_idx`);
  });
});
