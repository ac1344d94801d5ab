/**
 * A list page without conditions keeps its plan (server/crud/listPage.ts): a statement named by its
 * text, which depends on the fields the caller asks for. A client asking for other fields on every
 * call must not grow the kept statements (each holds memory in the database for good) without bound;
 * callers of other teams sharing one kept statement are each answered their own team's rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_PLANS } from '../../server/crud/listPage';
import { createOk } from './crudFixtures';
import { adminWithTeam, createTestApp, type Client, type TestApp } from './helpers';

let t: TestApp;
let c: Client;
beforeAll(async () => {
  t = await createTestApp();
  const { client, teamId } = await adminWithTeam(t, 'plans');
  c = client;
  // A page is read only when the list has rows.
  const type = await createOk(c, 'type', { name: 'plans type', team_id: teamId });
  await createOk(c, 'device', { name: 'plans device', team_id: teamId, type_id: type.id, uid_for_type: 'P1' });
});
afterAll(() => t.close());

/** Fields of a device a list may name: every subset of them is another statement text. */
const FIELDS = ['name', 'team_id', 'type_id', 'group_id', 'uid_for_type', 'target_firmware_id', 'config_state', 'last_seen', 'notes', 'date'];

describe('a kept plan shared by callers of other teams', () => {
  it("answers each caller its own team's rows: the teams are the statement's values, not its text", async () => {
    const other = await adminWithTeam(t, 'plans_other');
    const type = await createOk(other.client, 'type', { name: 'other plans type', team_id: other.teamId });
    await createOk(other.client, 'device', { name: 'other plans device', team_id: other.teamId, type_id: type.id, uid_for_type: 'P2' });
    const kept = async () => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'list_page_%'`)).rows[0].n;
    const before = await kept();
    // The same fields, order and number of teams: one statement text, kept once.
    for (let round = 0; round < 3; round++) {
      for (const [client, name] of [[c, 'plans device'], [other.client, 'other plans device']] as const) {
        const res = await client.get('/api/device?fields=id,name&range=[0,24]&sort=["name","ASC"]');
        expect(res.statusCode, res.body).toBe(200);
        expect((res.json() as { name: string }[]).map((d) => d.name)).toEqual([name]);
      }
    }
    // pg_prepared_statements shows one session's: PGlite has one.
    if (t.db.kind === 'pglite') expect(await kept()).toBe(before + 1);
  });
});

// pg_prepared_statements shows one session's: PGlite has one, a PostgreSQL pool several.
describe.skipIf(Boolean(process.env.DATABASE_URL))('kept plans of list pages', () => {
  it(`are at most ${KEPT_PLANS}, whatever fields the callers ask for; the pages past them are answered all the same`, async () => {
    const subsets = Array.from({ length: KEPT_PLANS + 20 }, (_, n) => ['id', ...FIELDS.filter((_, i) => (n + 1) & (1 << i))].join(','));
    for (const fields of subsets) {
      const res = await c.get(`/api/device?fields=${fields}&range=[0,24]`);
      expect(res.statusCode, res.body).toBe(200);
    }
    const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'list_page_%'`);
    expect(rows[0].n).toBeGreaterThan(0);
    expect(rows[0].n).toBeLessThanOrEqual(KEPT_PLANS);
  });
});
