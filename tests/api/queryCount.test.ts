/**
 * Lists cost the same number of queries however long they are, for every category of the
 * registry: expansions, reverse lists, lookups and counts are read for all rows at once, never
 * one query per row. Each category's list is read with 2 and then 20 objects of it, in the three
 * forms the console and integrators use (the whole list with every derived value, the spec's
 * ?fields= call naming them, a sorted page of the list dialect), and must cost the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../src/schemas';
import { adminWithTeam, createUser, queriesDuring, ROLE, type Client, type TestApp, createTestApp } from './helpers';
import { createEverything } from './crudFixtures';

let t: TestApp;
let client: Client;
let userId: number;
let made = 0;

/** `n` teams of the caller, each holding one object of every category and one more member. */
async function growTo(n: number): Promise<void> {
  for (; made < n; made++) {
    const ids = await createEverything(client, userId, `q${made}`);
    const member = await createUser(t.db, `member${made}`, 'correct horse battery');
    await t.db.query('INSERT INTO role (team_id, user_id, role_id) VALUES ($1, $2, $3)', [ids.team, member, ROLE.USER]);
  }
}

const rowsOf = (body: unknown): unknown[] => (Array.isArray(body) ? body : ((body as { json_list?: unknown[] }).json_list ?? []));

/** The list calls of a category: every derived value named by what its full object answers. */
async function listCalls(key: string): Promise<string[]> {
  const first = rowsOf((await client.get(`/api/${key}`)).json())[0] as { id: number };
  const every = Object.keys((await client.get(`/api/full/${key}/${first.id}`)).json() as object).join(',');
  return [`/api/full/${key}`, `/api/${key}?fields=${every}`, `/api/full/${key}?fields=${every}&sort=["id","DESC"]&range=[0,49]&filter={}`];
}

/** Queries of each call (after a request that brings the session into the cache), checking each lists at least `n` objects. */
async function costs(calls: readonly string[], n: number): Promise<number[]> {
  const result: number[] = [];
  for (const url of calls) {
    await client.get('/api/current_user');
    let rows = 0;
    result.push(
      await queriesDuring(t, async () => {
        const res = await client.get(url);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        rows = rowsOf(res.json()).length;
      }),
    );
    expect(rows, url).toBeGreaterThanOrEqual(n);
  }
  return result;
}

const costsAt2: Record<string, number[]> = {};
const calls: Record<string, string[]> = {};

beforeAll(async () => {
  t = await createTestApp();
  const a = await adminWithTeam(t, 'counter');
  client = a.client;
  userId = a.userId;
  await growTo(2);
  for (const category of categories) {
    calls[category.key] = await listCalls(category.key);
    costsAt2[category.key] = await costs(calls[category.key], 2);
  }
  await growTo(20);
}, 120_000);
afterAll(() => t.close());

describe.each(categories.map((c) => [c.key]))('a list of %s', (key) => {
  it('costs as many queries with 20 objects as with 2, in each form', async () => {
    expect(await costs(calls[key], 20)).toEqual(costsAt2[key]);
  });
});
