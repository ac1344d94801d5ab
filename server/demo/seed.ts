/**
 * Seeds the demo fleet (PUCS_DEMO=1, `npm run demo`): the teams of fleet.ts with their types,
 * firmwares, groups, 2,000 devices (or as many as asked: `npm run demo -- --devices 100000`),
 * basic documents and a documents collection per team. One transaction, marked by the settings
 * row 'demo_seeded': running it again adds nothing, asking for a bigger fleet adds the devices
 * missing, and a failure half-way leaves nothing behind.
 */
import type { Database, Queryable } from '../db/database';
import { ROLE } from '../../src/schemas/role';
import { messages } from '../../src/messages';
import { DEMO_DEVICES, DEMO_DOCUMENTS, DEMO_TEAMS, type DemoTeam, type DemoType } from './fleet';
import { BATCH_SIZE, insertRows, json } from './insertRows';

export const DEMO_MARKER = 'demo_seeded';
/** How many devices the demo holds (absent: the 2,000 of the first demos). */
const DEMO_SIZE = 'demo_devices';

export interface DemoResult {
  seeded: boolean;
  teams: number;
  /** Devices added by this call. */
  devices: number;
  /** Devices of the demo fleet after this call. */
  total: number;
}

export interface DemoOptions {
  now?: Date;
  /** Size of the fleet (default DEMO_DEVICES); asking for more than is there adds the difference. */
  devices?: number;
}

const HOUR = 3_600_000;

interface TypeIds {
  def: DemoType;
  teamId: number;
  typeId: number;
  /** firmware id per version, in fleet.ts order */
  firmwareIds: number[];
  groupIds: [number, number];
}

export async function seedDemo(db: Database, options: DemoOptions = {}): Promise<DemoResult> {
  const now = options.now ?? new Date();
  const wanted = options.devices ?? DEMO_DEVICES;
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR).toISOString();
  const result = await db.transaction(async (tx): Promise<DemoResult> => {
    const settings = await tx.query<{ key: string; value: string }>('SELECT key, value FROM settings WHERE key IN ($1, $2)', [DEMO_MARKER, DEMO_SIZE]);
    const setting = (key: string) => settings.rows.find((r) => r.key === key)?.value;
    const admins = await tx.query<{ id: number }>('SELECT id FROM "user" WHERE is_server_admin ORDER BY id');
    const authorId = admins.rows[0]?.id ?? null;

    if (setting(DEMO_MARKER) !== undefined) {
      const present = Number(setting(DEMO_SIZE) ?? DEMO_DEVICES);
      const types = wanted > present ? await findTypes(tx) : null;
      if (!types) return { seeded: false, teams: 0, devices: 0, total: present };
      const added = await seedDevices(tx, types, present, wanted, authorId, at);
      await saveSize(tx, wanted);
      return { seeded: true, teams: 0, devices: added, total: wanted };
    }

    const teams = await insertRows<{ id: number; name: string }>(
      tx,
      'team',
      DEMO_TEAMS.map((t) => ({ name: t.name, notes: 'Demo data (PUCS_DEMO=1).' })),
      ['id', 'name'],
    );
    await insertRows(
      tx,
      'role',
      teams.flatMap((t) => admins.rows.map((a) => ({ team_id: t.id, user_id: a.id, role_id: ROLE.ADMIN }))),
    );

    const types: TypeIds[] = [];
    for (const [i, team] of DEMO_TEAMS.entries()) {
      types.push(...(await seedTypes(tx, team, teams[i].id, authorId, at)));
    }
    const devices = await seedDevices(tx, types, 0, wanted, authorId, at);
    for (const [i, team] of teams.entries()) {
      await seedDocuments(tx, team.id, types.find((t) => t.teamId === team.id) as TypeIds, DEMO_TEAMS[i], authorId, at);
    }

    await tx.query('INSERT INTO settings (key, value) VALUES ($1, $2)', [DEMO_MARKER, now.toISOString()]);
    await saveSize(tx, wanted);
    return { seeded: true, teams: teams.length, devices, total: wanted };
  });
  // Fresh planner statistics and visibility map for the new rows, or paging a big fleet picks slow
  // plans and deep pages visit the table (PGlite has no autovacuum; PostgreSQL's comes later).
  if (result.seeded) await db.exec('VACUUM ANALYZE');
  return result;
}

const saveSize = (tx: Queryable, devices: number) =>
  tx.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value', [DEMO_SIZE, String(devices)]);

/** The demo's types as seeded before, found by name; null when a user removed or renamed part of them. */
async function findTypes(tx: Queryable): Promise<TypeIds[] | null> {
  const out: TypeIds[] = [];
  for (const team of DEMO_TEAMS) {
    for (const def of team.types) {
      const { rows } = await tx.query<{ team_id: number; type_id: number; firmware_ids: number[] | null; group_ids: number[] | null }>(
        `SELECT t.team_id, t.id AS type_id,
           (SELECT array_agg(f.id ORDER BY f.id) FROM firmware f WHERE f.type_id = t.id) AS firmware_ids,
           (SELECT array_agg(g.id ORDER BY array_position($3::text[], g.name)) FROM devices_group g
             WHERE g.type_id = t.id AND g.name = ANY($3::text[])) AS group_ids
         FROM "type" t JOIN team ON team.id = t.team_id WHERE team.name = $1 AND t.name = $2`,
        [team.name, def.name, def.groups],
      );
      const found = rows[0];
      if (!found || found.firmware_ids?.length !== def.versions.length || found.group_ids?.length !== 2) return null;
      out.push({ def, teamId: found.team_id, typeId: found.type_id, firmwareIds: found.firmware_ids, groupIds: [found.group_ids[0], found.group_ids[1]] });
    }
  }
  return out;
}

/** Types of one team, each with its firmwares and two groups (stable and pilot). */
async function seedTypes(
  tx: Queryable,
  team: DemoTeam,
  teamId: number,
  authorId: number | null,
  at: (hoursAgo: number) => string,
): Promise<TypeIds[]> {
  const out: TypeIds[] = [];
  for (const def of team.types) {
    const [{ id: typeId }] = await insertRows(tx, 'type', [
      {
        name: def.name,
        team_id: teamId,
        name_of_uid: def.nameOfUid,
        custom_fields_devices: json(def.customFields),
        author_id: authorId,
      },
    ]);
    const firmwares = await insertRows(
      tx,
      'firmware',
      def.versions.map((version, i) => ({
        name: def.firmwareName,
        version,
        team_id: teamId,
        type_id: typeId,
        // The oldest release is withdrawn: the console hides disabled firmwares from pickers.
        is_disabled: i === 0 && def.versions.length > 3 ? 1 : 0,
        notes: `Release ${version} of ${def.firmwareName}.`,
        author_id: authorId,
        date: at(24 * 30 * (def.versions.length - i)),
      })),
    );
    const firmwareIds = firmwares.map((f) => f.id);
    const stable = firmwareIds[firmwareIds.length - 2];
    const pilot = firmwareIds[firmwareIds.length - 1];
    const groups = await insertRows(
      tx,
      'devices_group',
      def.groups.map((name, i) => ({
        name,
        team_id: teamId,
        type_id: typeId,
        target_firmware_id: i === 0 ? stable : pilot,
        author_id: authorId,
      })),
    );
    out.push({ def, teamId, typeId, firmwareIds, groupIds: [groups[0].id, groups[1].id] });
  }
  return out;
}

/**
 * Devices number `from` to `to` - 1 of the demo, spread evenly over the types (the same device
 * for the same number, so a fleet grown later matches one seeded at that size). Two in three
 * are in a group (target firmware from the group, as the console does); the rest have an
 * individual target. Every fifth lags one release behind its target (update pending), half of
 * the others updated once (two entries of firmware history); a few never reported (no current
 * firmware, never seen) and a few went quiet days ago.
 */
async function seedDevices(tx: Queryable, types: TypeIds[], from: number, to: number, authorId: number | null, at: (h: number) => string) {
  let rows: Record<string, unknown>[] = [];
  let added = 0;
  for (let i = from; i < to; i++) {
    const t = types[i % types.length];
    const n = Math.floor(i / types.length) + 1;
    const ids = t.firmwareIds;
    const stable = ids[ids.length - 2];
    const group = n % 3 === 0 ? null : n % 10 === 1 ? 1 : 0;
    const groupId = group === null ? null : t.groupIds[group];
    const target = group === 1 ? ids[ids.length - 1] : stable;
    const neverSeen = n % 23 === 0;
    const previous = ids[ids.length - 3];
    const current = neverSeen ? null : n % 5 === 0 ? previous : target;
    const lastSeen = neverSeen ? null : at(n % 17 === 0 ? 24 * (2 + (n % 28)) : ((n * 37) % 240) / 10);
    const updatedOnce = current === target && n % 2 === 0;
    const history =
      current === null ? [] : updatedOnce ? [{ date: at(24 * 45 + (n % 200)), firmware_id: previous }, { date: lastSeen, firmware_id: current }] : [{ date: lastSeen, firmware_id: current }];
    rows.push({
      name: `${t.def.name} ${String(n).padStart(4, '0')}`,
      team_id: t.teamId,
      type_id: t.typeId,
      group_id: groupId,
      uid_for_type: t.def.uid(n),
      target_firmware_id: target,
      current_firmware_id: current,
      provisioning: json({ endpoint: 'https://pucs.example/device-api', site: `${t.def.name} site ${(n % 12) + 1}` }),
      custom_fields_from_type: json(t.def.customFields.map((f) => ({ ...f, value: t.def.fieldValue(f, n) }))),
      last_seen: lastSeen,
      firmware_history: json(history),
      author_id: authorId,
      date: at(24 * 60 + (n % 500)),
    });
    // A batch at a time: 100,000 rows built at once would hold ~100 MB of the server's memory.
    // Growing: a name or uid a user gave one of their devices since keeps it, and that demo device is left out.
    if (rows.length === BATCH_SIZE || i === to - 1) {
      added += (await insertRows(tx, 'device', rows, ['id'], from > 0)).length;
      rows = [];
    }
  }
  return added;
}

/** The team's basic documents, gathered in a collection that documents the team's first type. */
async function seedDocuments(
  tx: Queryable,
  teamId: number,
  first: TypeIds,
  team: DemoTeam,
  authorId: number | null,
  at: (h: number) => string,
) {
  const docs = await insertRows(
    tx,
    'basic_document',
    DEMO_DOCUMENTS.map((d) => ({ ...d, team_id: teamId, author_id: authorId, date: at(24 * 7) })),
  );
  const [collection] = await insertRows(tx, 'documents_collection', [
    {
      name: messages.collectionDefaultName('type', team.types[0].name, 1),
      team_id: teamId,
      basic_docs_list: json(docs.map((d) => ({ id: d.id }))),
      author_id: authorId,
    },
  ]);
  await tx.query('UPDATE "type" SET documents_collection_id = $1 WHERE id = $2', [collection.id, first.typeId]);
}
