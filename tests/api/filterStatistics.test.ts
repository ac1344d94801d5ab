/**
 * The extended statistics of the filters (server/db/ddl.ts, teamStatistics) are only of use once the
 * table is analyzed: a migration that makes them analyzes their tables at once, rather than leaving
 * the planner blind until autovacuum's next turn (never, on the embedded database).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminWithTeam, createTestApp, type TestApp } from './helpers';
import { createOk } from './crudFixtures';
import { migrate } from '../../server/db/migrate';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const filled = async () =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stats_ext WHERE statistics_name = 'device_type_id_team_stat'`)).rows[0].n;

it('a migration that makes a filter\'s statistics fills them at once', async () => {
  const { client, teamId } = await adminWithTeam(t, 'stats_owner');
  const type = await createOk(client, 'type', { name: 'stats', team_id: teamId });
  for (let i = 0; i < 3; i++) await createOk(client, 'device', { name: `s${i}`, team_id: teamId, type_id: type.id, uid_for_type: `s${i}` });
  await t.db.exec('DROP STATISTICS device_type_id_team_stat');
  expect(await filled()).toBe(0);
  const { statements } = await migrate(t.db);
  expect(statements).toContain('CREATE STATISTICS IF NOT EXISTS "device_type_id_team_stat" (mcv) ON "team_id", "type_id" FROM "device"');
  expect(await filled()).toBe(1);
});
