/** The demo fleet: 3 teams administered by the server admin, 2,000 devices, seeded once; it grows past a name a user took early. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import { ensureAdmin } from '../../server/auth/bootstrap';
import { seedDemo } from '../../server/demo/seed';
import { insertRows, json } from '../../server/demo/insertRows';
import { DEMO_TEAMS } from '../../server/demo/fleet';
import { checkCustomFields, checkName, checkVersion } from '../../src/schemas/rules';

describe('seedDemo', () => {
  let t: TestApp;
  let adminId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await ensureAdmin(t.db, { adminUser: 'admin', adminPassword: 'demo password' });
    if (!admin.created) throw new Error('expected a new admin');
    adminId = admin.userId;
  });
  afterAll(() => t.close());

  const count = async (sql: string, params: unknown[] = []) =>
    (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n ${sql}`, params)).rows[0].n;

  it('seeds 3 teams and 2,000 devices in a few seconds, then adds nothing the second time', async () => {
    const started = performance.now();
    expect(await seedDemo(t.db)).toEqual({ seeded: true, teams: 3, devices: 2000, total: 2000 });
    expect(performance.now() - started).toBeLessThan(15_000);

    expect(await count('FROM team WHERE name IN ($1, $2, $3)', DEMO_TEAMS.map((d) => d.name))).toBe(3);
    expect(await count('FROM device')).toBe(2000);
    // The admin administers the three demo teams and the first team.
    expect(await count('FROM role WHERE user_id = $1 AND role_id = 3', [adminId])).toBe(4);

    const before = await count('FROM device') + (await count('FROM team')) + (await count('FROM firmware'));
    expect(await seedDemo(t.db)).toEqual({ seeded: false, teams: 0, devices: 0, total: 2000 });
    expect(await count('FROM device') + (await count('FROM team')) + (await count('FROM firmware'))).toBe(before);
  });

  it('spreads devices over every type and group, uids unique per type', async () => {
    const perType = await t.db.query<{ n: number; uids: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT uid_for_type)::int AS uids FROM device GROUP BY type_id',
    );
    expect(perType.rows).toHaveLength(6);
    for (const r of perType.rows) expect(r.uids).toBe(r.n);
    expect(await count('FROM devices_group g WHERE NOT EXISTS (SELECT 1 FROM device d WHERE d.group_id = g.id)')).toBe(0);
    expect(await count('FROM device WHERE group_id IS NULL')).toBeGreaterThan(500);
    // A device in a group follows the group's target firmware (spec section 4).
    expect(await count('FROM device d JOIN devices_group g ON g.id = d.group_id WHERE d.target_firmware_id <> g.target_firmware_id')).toBe(0);
    // Devices, groups and firmwares of a type belong to the type's team.
    expect(await count('FROM device d JOIN "type" t ON t.id = d.type_id WHERE d.team_id <> t.team_id')).toBe(0);
    expect(await count('FROM firmware f JOIN "type" t ON t.id = f.type_id WHERE f.team_id <> t.team_id')).toBe(0);
  });

  it('writes data the schemas accept', async () => {
    const names = await t.db.query<{ name: string }>(
      'SELECT name FROM device UNION ALL SELECT name FROM "type" UNION ALL SELECT name FROM devices_group UNION ALL SELECT name FROM basic_document UNION ALL SELECT name FROM documents_collection',
    );
    expect(names.rows.filter((r) => checkName(r.name) !== undefined)).toEqual([]);
    const firmwares = await t.db.query<{ name: string; version: string }>('SELECT name, version FROM firmware');
    expect(firmwares.rows.filter((f) => checkVersion(f.version) !== undefined)).toEqual([]);
    expect(new Set(firmwares.rows.map((f) => `${f.name}@${f.version}`)).size).toBe(firmwares.rows.length);
    const types = await t.db.query<{ custom_fields_devices: unknown; documents_collection_id: number | null }>(
      'SELECT custom_fields_devices, documents_collection_id FROM "type"',
    );
    for (const ty of types.rows) {
      expect(checkCustomFields(ty.custom_fields_devices, 'Custom fields of devices')).toBeUndefined();
      expect((ty.custom_fields_devices as unknown[]).length).toBeGreaterThan(0);
    }
    expect(types.rows.filter((ty) => ty.documents_collection_id !== null)).toHaveLength(3);
    const collections = await t.db.query<{ basic_docs_list: { id: number }[] }>('SELECT basic_docs_list FROM documents_collection');
    expect(collections.rows).toHaveLength(3);
    for (const c of collections.rows) expect(c.basic_docs_list).toHaveLength(3);
  });

  it('grows the fleet to the size asked, continuing the same numbering, and never shrinks it', async () => {
    expect(await seedDemo(t.db, { devices: 2600 })).toEqual({ seeded: true, teams: 0, devices: 600, total: 2600 });
    expect(await count('FROM device')).toBe(2600);
    expect(await count('FROM team WHERE name IN ($1, $2, $3)', DEMO_TEAMS.map((d) => d.name))).toBe(3);
    const perType = await t.db.query<{ n: number; uids: number; names: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT uid_for_type)::int AS uids, count(DISTINCT name)::int AS names FROM device GROUP BY type_id',
    );
    for (const r of perType.rows) expect([r.uids, r.names]).toEqual([r.n, r.n]);
    expect(await count("FROM device WHERE name = 'Climate sensor 0434'")).toBe(1);
    expect(await seedDemo(t.db, { devices: 2600 })).toEqual({ seeded: false, teams: 0, devices: 0, total: 2600 });
    expect(await seedDemo(t.db, { devices: 100 })).toEqual({ seeded: false, teams: 0, devices: 0, total: 2600 });
    expect(await count('FROM device')).toBe(2600);
  });

  it('leaves a fleet alone when a user removed part of it', async () => {
    await t.db.query("UPDATE \"type\" SET name = 'Renamed type' WHERE name = $1", [DEMO_TEAMS[0].types[0].name]);
    expect(await seedDemo(t.db, { devices: 3000 })).toEqual({ seeded: false, teams: 0, devices: 0, total: 2600 });
    expect(await count('FROM device')).toBe(2600);
  });

  it('bulk-inserts text, JSON, numbers, dates and nulls exactly, in order', async () => {
    const awkward = ['a "quoted", {braced} \\ back\\slash', "it's", 'NULL', '', 'é ✓ 中文'];
    const rows = await insertRows<{ id: number; name: string; notes: string | null }>(
      t.db,
      'team',
      awkward.map((notes, i) => ({ name: `Bulk team ${i}`, notes: i === 3 ? null : notes })),
      ['id', 'name', 'notes'],
    );
    expect(rows.map((r) => r.name)).toEqual(awkward.map((_, i) => `Bulk team ${i}`));
    expect(rows.map((r) => r.notes)).toEqual(awkward.map((n, i) => (i === 3 ? null : n)));
    const [type] = await insertRows<{ id: number; custom_fields_devices: unknown }>(
      t.db,
      'type',
      [{ name: 'Bulk type', team_id: rows[0].id, custom_fields_devices: json([{ name: 'x', type: 0, value: '"{}"' }]) }],
      ['id', 'custom_fields_devices'],
    );
    expect(type.custom_fields_devices).toEqual([{ name: 'x', type: 0, value: '"{}"' }]);
    const [firmware] = await insertRows<{ date: Date; is_disabled: number }>(
      t.db,
      'firmware',
      [{ name: 'bulk-fw', version: '1.0.0', team_id: rows[0].id, type_id: type.id, is_disabled: 1, date: '2026-01-02T03:04:05.000Z' }],
      ['date', 'is_disabled'],
    );
    expect(new Date(firmware.date).toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(firmware.is_disabled).toBe(1);
  });
});

describe('the demo fleet', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('grows past a device a user renamed to the name of a device still to come', async () => {
    expect(await seedDemo(t.db, { devices: 12 })).toMatchObject({ seeded: true, devices: 12 });
    // Devices are numbered per type, 6 types: the 13th device of the fleet is 'Climate sensor 0003'.
    const first = `${DEMO_TEAMS[0].types[0].name} 0001`;
    const next = `${DEMO_TEAMS[0].types[0].name} 0003`;
    await t.db.query('UPDATE device SET name = $1 WHERE name = $2', [next, first]);
    expect(await seedDemo(t.db, { devices: 18 })).toEqual({ seeded: true, teams: 0, devices: 5, total: 18 });
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM device WHERE name LIKE '% 000_' AND team_id IN (SELECT id FROM team WHERE name = ANY($1))", [
      DEMO_TEAMS.map((d) => d.name),
    ]);
    expect(rows[0].n).toBe(17);
  });
});
