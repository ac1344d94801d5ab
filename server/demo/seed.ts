/**
 * Seeds the demo fleet (PUCS_DEMO=1, `npm run demo`): the teams of fleet.ts with their types,
 * firmwares, groups, 2,000 devices, basic documents and a documents collection per team.
 * One transaction, marked by the settings row 'demo_seeded': running it again adds nothing,
 * and a failure half-way leaves nothing behind.
 */
import type { Database, Queryable } from '../db/database';
import { ROLE } from '../../src/schemas/role';
import { messages } from '../../src/messages';
import { DEMO_DEVICES, DEMO_DOCUMENTS, DEMO_TEAMS, type DemoTeam, type DemoType } from './fleet';
import { insertRows, json } from './insertRows';

export const DEMO_MARKER = 'demo_seeded';

export interface DemoResult {
  seeded: boolean;
  teams: number;
  devices: number;
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

export async function seedDemo(db: Database, now = new Date()): Promise<DemoResult> {
  const result = await db.transaction(async (tx) => {
    const marker = await tx.query("SELECT 1 FROM settings WHERE key = $1", [DEMO_MARKER]);
    if (marker.rows.length > 0) return { seeded: false, teams: 0, devices: 0 };

    const admins = await tx.query<{ id: number }>('SELECT id FROM "user" WHERE is_server_admin ORDER BY id');
    const authorId = admins.rows[0]?.id ?? null;
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR).toISOString();

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
    const devices = await seedDevices(tx, types, authorId, at);
    for (const [i, team] of teams.entries()) {
      await seedDocuments(tx, team.id, types.find((t) => t.teamId === team.id) as TypeIds, DEMO_TEAMS[i], authorId, at);
    }

    await tx.query('INSERT INTO settings (key, value) VALUES ($1, $2)', [DEMO_MARKER, now.toISOString()]);
    return { seeded: true, teams: teams.length, devices };
  });
  // PGlite never refreshes planner statistics by itself: without this, paging a big fleet picks slow plans.
  if (result.seeded) await db.exec('ANALYZE');
  return result;
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
 * DEMO_DEVICES devices spread evenly over the types. Two in three are in a group (target firmware
 * from the group, as the console does); the rest have an individual target. Every fifth lags one
 * release behind its target (update pending); a few never reported (no current firmware, never seen).
 */
async function seedDevices(tx: Queryable, types: TypeIds[], authorId: number | null, at: (h: number) => string) {
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < DEMO_DEVICES; i++) {
    const t = types[i % types.length];
    const n = Math.floor(i / types.length) + 1;
    const stable = t.firmwareIds[t.firmwareIds.length - 2];
    const group = n % 3 === 0 ? null : n % 10 === 1 ? 1 : 0;
    const groupId = group === null ? null : t.groupIds[group];
    const target = group === 1 ? t.firmwareIds[t.firmwareIds.length - 1] : stable;
    const neverSeen = n % 23 === 0;
    const current = neverSeen ? null : n % 5 === 0 ? t.firmwareIds[t.firmwareIds.length - 3] : target;
    const lastSeen = neverSeen ? null : at(((n * 37) % 240) / 10);
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
      firmware_history: json(current === null ? [] : [{ date: lastSeen, firmware_id: current }]),
      author_id: authorId,
      date: at(24 * 60 + (n % 500)),
    });
  }
  return (await insertRows(tx, 'device', rows)).length;
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
