/**
 * POST /device-api/v1/checkin: the device says what it runs and which configuration it holds; the
 * server records it and answers what it should run and apply. A check-in is the hot path of a fleet
 * (thousands a second), so it reads the device with everything it needs in one query; one that changes
 * the device reads it again locked and writes it with one UPDATE (plus an INSERT only when the device
 * brings a configuration of its own) in one transaction: two such check-ins of one device run one
 * after the other. A reported firmware is looked up among the firmwares of the device's own type: the
 * name and version of another type's firmware name nothing the device can run (docs/DEVICE_API.md).
 * How an update goes (`update`) is kept on the device row, read with it and written only when it changes.
 */
import { audit, type AuditChanges, type AuditEntry } from '../audit/record';
import { objectEntry } from '../audit/changes';
import { mustGetCategory } from '../../src/schemas/index';
import type { Row } from '../crud/hooks';
import type { Database, Queryable } from '../db/database';
import type { ConfigState, UpdateState } from '../../src/schemas/device';
import { ownMessages } from '../../src/messages';
import { badRequest } from '../http/errors';
import { INT4_MAX, isStorableText } from '../../src/schemas/kinds';
import { checkSignature, deviceUnauthorized, type DeviceToken } from './auth';
import { firmwareUrl, type CheckinAnswer, type CheckinBody, type TargetFirmware } from './wire';
import { HISTORY_LIMIT, sentAfter, syncOnCheckin, type ConfigSource, type KnownConfigs, type SyncChanges } from './configSync';
import type { LastSeenWriter } from './lastSeen';
import { grouped } from './grouped';

interface DeviceRead {
  team_id: number;
  config_id: number | null;
  config_state: ConfigState | null;
  config_sent_id: number | null;
  current_firmware_id: number | null;
  last_id: number | null;
  certificate: string | null;
  product_text: string | null;
  product_author: number | null;
  last_text: string | null;
  named_text: string | null;
  named_author: number | null;
  t_id: number | null;
  t_name: string;
  t_version: string;
  t_size: number | null;
  t_hash: string | null;
  t_filename: string | null;
  t_disabled: number | null;
  reported_firmware_id: number | null;
  update_state: UpdateState | null;
  update_firmware_id: number | null;
  update_message: string | null;
  /** The report's update.firmware_id when it names a firmware of the device's type in its team. */
  update_named: number | null;
}

/**
 * A device's row with everything a check-in needs, from `source` (naming the device `d`); `named`,
 * `name` and `version`: the report's config_id and firmware; `update`: its update's firmware_id.
 */
const deviceRead = (source: string, named: string, name: string, version: string, update: string) => `
  d."team_id", d."config_id", d."config_state", d."config_sent_id", d."current_firmware_id",
  (d."config_history" -> -1 ->> 'config_id')::int AS "last_id",
  c."certificate", p."config" AS "product_text", p."author_id" AS "product_author", l."config" AS "last_text",
  n."config" AS "named_text", n."author_id" AS "named_author",
  t."id" AS "t_id", t."name" AS "t_name", t."version" AS "t_version", t."size" AS "t_size",
  t."firmware_hash" AS "t_hash", t."filename" AS "t_filename", t."is_disabled" AS "t_disabled",
  r."id" AS "reported_firmware_id",
  d."update_state", d."update_firmware_id", d."update_message", u."id" AS "update_named"
FROM ${source}
LEFT JOIN "device_certificate" c ON c."device_id" = d."id"
LEFT JOIN "config" p ON p."id" = d."config_id"
LEFT JOIN "config" l ON l."id" = (d."config_history" -> -1 ->> 'config_id')::int
LEFT JOIN "config" n ON n."id" = ${named} AND n."id" IS DISTINCT FROM d."config_id" AND n."team_id" = d."team_id"
LEFT JOIN "firmware" t ON t."id" = d."target_firmware_id"
LEFT JOIN "firmware" r ON r."team_id" = d."team_id" AND r."type_id" = d."type_id" AND r."name" = ${name} AND r."version" = ${version}
LEFT JOIN "firmware" u ON u."id" = ${update} AND u."team_id" = d."team_id" AND u."type_id" = d."type_id"`;

const READ = `SELECT ${deviceRead('"device" d', '$4', '$2', '$3', '$5')} WHERE d."id" = $1`;

/**
 * The devices of many check-ins in one statement (grouped.ts), their reports as one JSON text: each
 * row says which report it answers (`at`).
 */
const READ_MANY = `SELECT q."at", ${deviceRead(
  `jsonb_to_recordset($1::jsonb) AS q("at" int, "id" int, "name" text, "version" text, "named" int, "update" int) JOIN "device" d ON d."id" = q."id"`,
  'q."named"',
  'q."name"',
  'q."version"',
  'q."update"',
)}`;

/**
 * The device row is locked by a statement of its own before READ: a locking read with joins that
 * waits for a concurrent write sees the device's new row but the joined rows of before (PostgreSQL
 * re-checks only the locked table), e.g. a user's new config_id with the old configuration's text.
 */
const LOCK = 'SELECT 1 FROM "device" WHERE "id" = $1 FOR UPDATE';

/**
 * The reported firmware, share-locked (after the device, the order of a user's write of the device)
 * before READ: a change of its type or team (which locks it for update first, server/crud/write.ts)
 * either ends before READ, which then sees it, or waits for this check-in, and then finds the device
 * running it (in use: 409). Without it, a READ before such a change commits matched the firmware by its
 * old type, and the device ran a firmware of another type.
 */
const LOCK_REPORTED = `SELECT 1 FROM "firmware" r JOIN "device" d ON d."id" = $1
WHERE r."team_id" = d."team_id" AND r."name" = $2 AND r."version" = $3 FOR SHARE OF r`;

/** The target firmware a device may fetch: set, not disabled, its file uploaded. */
function targetOf(row: DeviceRead): TargetFirmware | null {
  if (row.t_id === null || row.t_disabled === 1 || row.t_filename === null || row.t_hash === null) return null;
  return { id: row.t_id, name: row.t_name, version: row.t_version, size: Number(row.t_size), sha3_256: row.t_hash, url: firmwareUrl(row.t_id) };
}

/** SQL of a jsonb history array with `entry` appended, keeping its last HISTORY_LIMIT entries. */
const appended = (column: string, entry: string) =>
  `(SELECT COALESCE(jsonb_agg(h.e ORDER BY h.i), '[]'::jsonb) FROM jsonb_array_elements(COALESCE(${column}, '[]'::jsonb) || ${entry}) WITH ORDINALITY AS h(e, i)
    WHERE h.i > jsonb_array_length(COALESCE(${column}, '[]'::jsonb) || ${entry}) - ${HISTORY_LIMIT})`;

/** The device's update state after a check-in, when it changes. */
interface UpdateChange {
  firmwareId: number;
  state: UpdateState;
  /** A failure's message (kept until the next failure); undefined for the other states. */
  message?: string | null;
}

/** What a check-in does, decided from the device as read. */
interface Plan {
  row: DeviceRead;
  configs: KnownConfigs;
  changes: SyncChanges;
  /** The reported firmware is another than the current one. */
  firmwareMoved: boolean;
  /** config_sent_id after it. */
  sent: number | null;
  update?: UpdateChange;
}

/** The report's config_id as the READ compares it: a number past PostgreSQL's integer names no configuration. */
const namedId = ({ config_id }: CheckinBody) => (config_id !== null && config_id <= INT4_MAX ? config_id : null);

/** The report's update.firmware_id as the READ looks it up (a number past PostgreSQL's integer names no firmware). */
const updateId = ({ update }: CheckinBody) => (update !== null && update.firmware_id <= INT4_MAX ? update.firmware_id : null);

/** The device with everything a check-in needs, once the token's signature is checked against its certificate (401 otherwise). */
async function readDevice(q: Queryable, token: DeviceToken, report: CheckinBody, prepared: string): Promise<DeviceRead> {
  const { rows } = await q.query<DeviceRead>(READ, [token.deviceId, report.firmware?.name ?? null, report.firmware?.version ?? null, namedId(report), updateId(report)], prepared);
  return verified(token, rows[0]);
}

async function verified(token: DeviceToken, row: DeviceRead | undefined): Promise<DeviceRead> {
  if (!row) throw deviceUnauthorized();
  await checkSignature(token, row.certificate);
  return row;
}

interface Peek {
  token: DeviceToken;
  report: CheckinBody;
}

/**
 * The reads of check-ins that lock nothing, grouped (grouped.ts): a fleet's check-ins arriving
 * together are read by one statement. A report whose firmware texts jsonb would refuse is read on
 * its own, as before, so that it fails alone.
 */
export function devicePeeker(db: Queryable): (peek: Peek) => Promise<DeviceRead> {
  const readMany = grouped<Peek, DeviceRead | undefined>(async (peeks) => {
    const reports = peeks.map(({ token, report }, at) => ({
      at,
      id: token.deviceId,
      name: report.firmware?.name ?? null,
      version: report.firmware?.version ?? null,
      named: namedId(report),
      update: updateId(report),
    }));
    const { rows } = await db.query<DeviceRead & { at: number }>(READ_MANY, [JSON.stringify(reports)], 'pucs_device_checkin_peek');
    const byAt = new Map(rows.map((row) => [row.at, row]));
    return peeks.map((_, at) => byAt.get(at));
  });
  return async (peek) => {
    const { firmware } = peek.report;
    if (firmware && !(isStorableText(firmware.name) && isStorableText(firmware.version))) return readDevice(db, peek.token, peek.report, 'pucs_device_checkin_peek_one');
    return verified(peek.token, await readMany(peek));
  };
}

/** Who made a configuration: one made from a device's report has no author. */
const sourceOf = (author: number | null): ConfigSource => (author === null ? 'device' : 'user');

/**
 * The update state a check-in leaves, when it changes (docs/DEVICE_API.md 'Update states'): the
 * report's, or for a device that sends none (an older one), succeeded when it reports running its
 * target for the first time since (a steady fleet running its target writes nothing). A report naming
 * no firmware of the device's type in its team is refused (400) before anything is written.
 */
function updateChange(row: DeviceRead, report: CheckinBody, firmwareMoved: boolean): UpdateChange | undefined {
  const { update } = report;
  if (update !== null && row.update_named === null) throw badRequest(ownMessages.updateFirmwareUnknown);
  const target = row.t_id;
  const runsTarget = report.firmware !== null && target !== null && row.reported_firmware_id === target;
  const change: UpdateChange | undefined = update
    ? { firmwareId: update.firmware_id, state: update.state, ...(update.state === 'failed' ? { message: update.message } : {}) }
    : runsTarget && (firmwareMoved || row.update_firmware_id === target)
      ? { firmwareId: target, state: 'succeeded' }
      : undefined;
  const same =
    change !== undefined &&
    change.firmwareId === row.update_firmware_id &&
    change.state === row.update_state &&
    (change.message === undefined || change.message === row.update_message);
  return same ? undefined : change;
}

function plan(row: DeviceRead, report: CheckinBody): Plan {
  // A bare config_id in conflict may name P, which ends the conflict with P's source; one naming C (not P) may say the device holds C.
  const needsConfigs =
    report.config !== null || row.config_state === 'waiting_to_be_send' || (row.config_state === 'conflict' && report.config_id !== null) || row.named_text !== null;
  const configs: KnownConfigs = {};
  if (needsConfigs && row.product_text !== null) {
    configs.product = { value: JSON.parse(row.product_text) as unknown, source: sourceOf(row.product_author) };
  }
  if (needsConfigs && row.last_text !== null) configs.last = { value: JSON.parse(row.last_text) as unknown };
  if (row.named_text !== null) configs.named = { value: JSON.parse(row.named_text) as unknown, source: sourceOf(row.named_author) };
  const stored = { configId: row.config_id, state: row.config_state, lastHistoryId: row.last_id, sentId: row.config_sent_id };
  const changes = syncOnCheckin(stored, report, configs);
  const firmwareMoved = report.firmware !== null && row.reported_firmware_id !== row.current_firmware_id;
  return { row, configs, changes, firmwareMoved, sent: sentAfter(stored, changes), update: updateChange(row, report, firmwareMoved) };
}

/** Whether the check-in writes more than last_seen. */
const writesMore = ({ row, changes, firmwareMoved, sent, update }: Plan) =>
  firmwareMoved ||
  update !== undefined || sent !== row.config_sent_id || changes.newConfig !== undefined || changes.adopt || changes.synced || changes.history !== undefined || changes.state !== row.config_state;

function answer({ row, configs, changes }: Plan, pollSeconds: number): CheckinAnswer {
  return {
    target_firmware: targetOf(row),
    config: changes.sendProduct && row.config_id !== null && configs.product ? { id: row.config_id, config: configs.product.value } : null,
    poll_interval_s: pollSeconds,
  };
}

/** A check-in that changes the device: read again with the row locked, then written in one UPDATE. */
async function record(tx: Queryable, token: DeviceToken, report: CheckinBody, pollSeconds: number): Promise<{ answer: CheckinAnswer; ended: boolean }> {
  await tx.query(LOCK, [token.deviceId], 'pucs_device_checkin_lock');
  if (report.firmware) await tx.query(LOCK_REPORTED, [token.deviceId, report.firmware.name, report.firmware.version], 'pucs_device_checkin_lock_reported');
  const decided = plan(await readDevice(tx, token, report, 'pucs_device_checkin_read'), report);
  const { row, changes } = decided;

  const now = new Date().toISOString();
  const params: unknown[] = [token.deviceId, now];
  const add = (v: unknown) => `$${params.push(v)}`;
  // $2 is typed timestamptz by its first use; a history entry's date is the same instant as ISO text.
  let isoParam: string | undefined;
  const iso = () => (isoParam ??= `${add(now)}::text`);
  const sets = [`"last_seen" = $2`];
  const firmwareEntries: string[] = [];
  if (decided.firmwareMoved) {
    const reported = row.reported_firmware_id;
    sets.push(`"current_firmware_id" = ${add(reported)}`);
    if (reported !== null) firmwareEntries.push(`jsonb_build_object('date', ${iso()}, 'firmware_id', ${add(reported)}::int)`);
  }
  const { update } = decided;
  // The report's time by the database's clock, as a rollout's telling of the device is dated: processes'
  // clocks may disagree, and a report made after the telling must not look older (rollouts/deviceStates.ts).
  if (update) {
    sets.push(`"update_state" = ${add(update.state)}`, `"update_firmware_id" = ${add(update.firmwareId)}`, `"update_changed" = now()`);
    if (update.message !== undefined) {
      sets.push(`"update_message" = ${add(update.message)}`);
      // The firmware history tells the failures too: an entry naming the firmware that failed, with the device's message.
      firmwareEntries.push(
        `jsonb_build_object('date', ${iso()}, 'firmware_id', ${add(update.firmwareId)}::int, 'state', 'failed', 'message', ${add(update.message)}::text)`,
      );
    }
  }
  if (firmwareEntries.length > 0) sets.push(`"firmware_history" = ${appended('"firmware_history"', `jsonb_build_array(${firmwareEntries.join(', ')})`)}`);

  let newId: number | undefined;
  const entries: AuditEntry[] = [];
  if (changes.newConfig) {
    const made = await tx.query<Row & { id: number }>(
      'INSERT INTO "config" ("team_id", "config", "author_id", "date") VALUES ($1, $2, NULL, $3) RETURNING *',
      [row.team_id, JSON.stringify(changes.newConfig.value), now],
    );
    newId = made.rows[0].id;
    // The configuration the device reported is an object of its team, made by the device.
    entries.push(objectEntry({ deviceId: token.deviceId }, 'create', mustGetCategory('config'), undefined, made.rows[0]));
  }
  if (changes.state !== row.config_state) sets.push(`"config_state" = ${add(changes.state)}`);
  if (changes.adopt) sets.push(`"config_id" = ${add(newId)}`);
  if (changes.synced) sets.push(`"last_config_sync" = $2`);
  if (decided.sent !== row.config_sent_id) sets.push(`"config_sent_id" = ${add(decided.sent)}::int`);
  if (changes.history) {
    const { configId, source } = changes.history;
    const entry = `jsonb_build_array(jsonb_build_object('config_id', ${add(configId === 'new' ? newId : configId)}::int, 'date', ${iso()}, 'source', ${add(source)}::text))`;
    sets.push(`"config_history" = ${appended('"config_history"', entry)}`);
  }
  const { rows: written } = await tx.query<{ name: string }>(`UPDATE "device" SET ${sets.join(', ')} WHERE "id" = $1 RETURNING "name"`, params);
  // The device is the actor of what its report changed for its users (its bookkeeping of what was sent is not an entry).
  const seen: AuditChanges = {};
  if (decided.firmwareMoved) seen.current_firmware_id = { before: row.current_firmware_id, after: row.reported_firmware_id };
  if (changes.state !== row.config_state) seen.config_state = { before: row.config_state, after: changes.state };
  if (changes.adopt) seen.config_id = { before: row.config_id, after: newId };
  // A failure is worth an entry (one INSERT in a transaction that writes anyway); the other states come and go with every update.
  if (update?.message !== undefined) {
    seen.update_state = { before: row.update_state, after: update.state };
    seen.update_message = { before: row.update_message, after: update.message };
  }
  if (Object.keys(seen).length > 0) {
    entries.push({ by: { deviceId: token.deviceId }, action: 'device_report', category: 'device', id: token.deviceId, name: written[0]?.name, team: row.team_id, changes: seen });
  }
  await audit(tx, entries);
  return { answer: answer(decided, pollSeconds), ended: update?.state === 'succeeded' || update?.state === 'failed' };
}

/**
 * Most check-ins of a fleet in use change nothing but last_seen: those read the device without a
 * transaction or lock and join the next batched last_seen write (lastSeen.ts). Answering from a read
 * taken just before a user's save is the same as the check-in arriving just before it; the next one
 * brings the new configuration. A check-in that changes more is done again under the row's lock.
 */
export async function checkin(
  db: Database,
  peek: ReturnType<typeof devicePeeker>,
  seen: LastSeenWriter,
  token: DeviceToken,
  report: CheckinBody,
  pollSeconds: number,
  updateEnded?: (deviceId: number) => void,
): Promise<CheckinAnswer> {
  const decided = plan(await peek({ token, report }), report);
  if (writesMore(decided)) {
    const recorded = await db.transaction((tx) => record(tx, token, report, pollSeconds));
    // Committed: a rollout's engine stepping now sees it.
    if (recorded.ended) updateEnded?.(token.deviceId);
    return recorded.answer;
  }
  await seen.touch(token.deviceId);
  return answer(decided, pollSeconds);
}
