/**
 * A reference only the server sets and that must match fields of the object (a device's current
 * firmware, of the device's type) may have been stored before the rule (a device of type T2 that
 * reported the name and version of a T1 firmware). The start after the rule clears such a value: left,
 * it blocked deleting that firmware and T1's cascade, and now its type change too, until that device
 * reports again (never, for a device gone for good).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate';
import { createOk } from './crudFixtures';
import { adminWithTeam, createTestApp, type Client, type TestApp } from './helpers';

let t: TestApp;
let c: Client;
let teamId: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ client: c, teamId } = await adminWithTeam(t, 'refs'));
});
afterAll(() => t.close());

it("clears a device's current firmware of another type, stored before the rule, at the start after it", async () => {
  const t1 = (await createOk(c, 'type', { name: 'old one', team_id: teamId })).id as number;
  const t2 = (await createOk(c, 'type', { name: 'old two', team_id: teamId })).id as number;
  const fw = await createOk(c, 'firmware', { name: 'old-core', version: '1.0.0', team_id: teamId, type_id: t1 });
  const own = await createOk(c, 'firmware', { name: 'own-core', version: '1.0.0', team_id: teamId, type_id: t2 });
  const stray = await createOk(c, 'device', { name: 'stray', team_id: teamId, type_id: t2, uid_for_type: 'S1' });
  const kept = await createOk(c, 'device', { name: 'kept', team_id: teamId, type_id: t2, uid_for_type: 'S2' });
  // As the check-in stored them before it matched within the device's type; and the registry as it was then.
  await t.db.query('UPDATE "device" SET "current_firmware_id" = $2 WHERE "id" = $1', [stray.id, fw.id]);
  await t.db.query('UPDATE "device" SET "current_firmware_id" = $2 WHERE "id" = $1', [kept.id, own.id]);
  await t.db.query(`UPDATE schema_migrations SET fingerprint = 'before the rule'`);

  await migrate(t.db);

  expect((await c.get(`/api/device/${stray.id}`)).json()).toMatchObject({ current_firmware_id: null });
  expect((await c.get(`/api/device/${kept.id}`)).json()).toMatchObject({ current_firmware_id: own.id });
  expect((await c.del(`/api/type/${t1}?cascade=true`)).statusCode).toBe(200);
});
