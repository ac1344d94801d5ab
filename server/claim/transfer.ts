/**
 * The move of a claimed device into the claimant's team, in the claim's transaction (the device
 * row already locked): what belongs to the old team is copied into the new one (type, target
 * firmware, configuration) or dropped (its group, documentation, histories, certificate and key,
 * its rollouts: server/rollouts/holds.ts);
 * the claimant becomes its owner and may put it in one of the team's groups.
 */
import type { Category } from '../../src/schemas/defineCategory';
import { disabledChoiceProblem } from '../../src/schemas/disabled';
import type { CategoryRow } from '../../src/schemas/index';
import { messages, ownMessages } from '../../src/messages';
import type { Queryable } from '../db/database';
import type { ServerRegistry } from '../crud/registry';
import type { SessionUser } from '../auth/sessionUser';
import type { Row } from '../crud/hooks';
import { memberTeamIds } from '../auth/sessionUser';
import { mapDbError } from '../crud/dbErrors';
import { insertRow, updateRow } from '../crud/rows';
import { audit } from '../audit/record';
import { objectEntry } from '../audit/changes';
import { setServerFields } from '../crud/serverFields';
import { badRequest, conflict } from '../http/errors';
import { lockHash } from '../files/references';
import { forgetDeviceKey } from '../certs/tables';
import { FORGOTTEN_UPDATE } from '../categories/device';
import { leaveRollouts } from '../rollouts/holds';

export interface ClaimChoice {
  teamId: number;
  typeId?: number;
  groupId?: number;
  targetFirmwareId?: number;
  copyFirmware: boolean;
}

type TypeRow = CategoryRow<'type'>;
type FirmwareRow = CategoryRow<'firmware'>;
type GroupRow = CategoryRow<'devices_group'>;

/** Fields that tie an object to its old team: never copied. */
const TEAM_BOUND = ['id', 'team_id', 'author_id', 'documents_collection_id'];

interface Move {
  tx: Queryable;
  registry: ServerRegistry;
  user: SessionUser;
  teamId: number;
}

/** The copy of `row` in the team: every declared field but the team-bound ones, the caller as author. */
async function copyInto({ tx, user, teamId }: Move, category: Category, row: Row, keep: Row = {}): Promise<number> {
  const values: Row = Object.fromEntries(Object.keys(category.fields).filter((f) => !TEAM_BOUND.includes(f) && f in row).map((f) => [f, row[f]]));
  setServerFields(category, user, values);
  Object.assign(values, keep, { team_id: teamId });
  const created = await insertRow(tx, category, values).catch((err: unknown) => {
    throw mapDbError(err, category, 'create', values);
  });
  await audit(tx, objectEntry(user, 'copy_for_claim', category, undefined, created));
  return created.id as number;
}

/** The device field's label, as the usual reference messages name it. */
const label = (move: Move, field: string) => move.registry.get('device').fields[field]?.label ?? field;

/** A reference the claimant chose (a row of `category`, R): one of the team's own objects, else the usual reference messages. */
async function chosen<R extends Row>(move: Move, category: Category, label: string, id: number): Promise<R> {
  const { rows } = await move.tx.query<R>(`SELECT * FROM "${category.key}" WHERE "id" = $1 AND "team_id" = ANY($2::int[]) FOR SHARE`, [
    id,
    memberTeamIds(move.user),
  ]);
  if (!rows[0]) throw badRequest(ownMessages.referenceNotFound(label));
  if (rows[0].team_id !== move.teamId) throw badRequest(ownMessages.referenceOtherTeam(label));
  return rows[0];
}

/** The device's type in the team: the chosen one, else the team's type of the same name, else a copy. */
async function typeInTeam(move: Move, device: Row, typeId: number | undefined): Promise<TypeRow | undefined> {
  const type = move.registry.get('type');
  if (typeId !== undefined) return chosen<TypeRow>(move, type, label(move, 'type_id'), typeId);
  const { rows: [old] } = await move.tx.query<TypeRow>('SELECT * FROM "type" WHERE "id" = $1', [device.type_id]);
  if (!old) return undefined;
  const { rows: [same] } = await move.tx.query<TypeRow>('SELECT * FROM "type" WHERE "team_id" = $1 AND "name" = $2', [move.teamId, old.name]);
  if (same) return same;
  const id = await copyInto(move, type, old);
  return (await move.tx.query<TypeRow>('SELECT * FROM "type" WHERE "id" = $1', [id])).rows[0];
}

/** A target firmware the device gets in the team: never a disabled one (the device form's rule). */
function refuseDisabled(move: Move, firmware: FirmwareRow): void {
  const disabled = disabledChoiceProblem(move.registry.get('device').fields.target_firmware_id, move.registry.get('firmware'), firmware);
  if (disabled !== undefined) throw badRequest(disabled);
}

/**
 * The device's target firmware copied into the team with the new type, file included: the store
 * is content-addressed and counts references by hash, so the copy shares the stored file, and the
 * hash's lock keeps a concurrent removal of the original's file from missing the copy.
 */
async function copiedFirmware(move: Move, firmwareId: unknown, typeId: number | null): Promise<number | null> {
  if (typeof firmwareId !== 'number') return null;
  const firmware = move.registry.get('firmware');
  const read = async () => (await move.tx.query<FirmwareRow>('SELECT * FROM "firmware" WHERE "id" = $1 FOR SHARE', [firmwareId])).rows[0];
  const first = await read();
  if (typeof first?.firmware_hash === 'string') await lockHash(move.tx, first.firmware_hash);
  const old = first && (await read());
  if (!old) return null;
  // A disabled target held from before targets were checked is not carried into the new team as one.
  refuseDisabled(move, old);
  // Locked like a chosen firmware: a disable racing this claim waits for it, and then finds the target.
  const { rows: [same] } = await move.tx.query<FirmwareRow>('SELECT * FROM "firmware" WHERE "team_id" = $1 AND "name" = $2 AND "version" = $3 FOR SHARE', [
    move.teamId,
    old.name,
    old.version,
  ]);
  if (same && same.type_id === typeId) {
    refuseDisabled(move, same);
    return same.id;
  }
  if (same) throw conflict(messages.firmwareNotUnique(old.name, old.version));
  return copyInto(move, firmware, old, { type_id: typeId, date: old.date });
}

/** The chosen group: one of the team's, of the device's type in the team (as on the device form). */
async function groupInTeam(move: Move, groupId: number, typeId: number | null): Promise<GroupRow> {
  const group = await chosen<GroupRow>(move, move.registry.get('devices_group'), label(move, 'group_id'), groupId);
  if (group.type_id !== typeId) throw badRequest(ownMessages.referenceMismatch(label(move, 'group_id'), label(move, 'type_id')));
  return group;
}

/**
 * A device in a group has the group's target firmware (spec section 4, 'Group choice'): a chosen
 * one that differs is refused as on the device form, and a disabled one (held from before targets
 * were checked) is not given to a device.
 */
async function groupTarget(move: Move, group: GroupRow, chosenFirmwareId: number | undefined): Promise<number | null> {
  if (chosenFirmwareId !== undefined && chosenFirmwareId !== group.target_firmware_id) throw badRequest(messages.individualFirmwareInGroup);
  if (group.target_firmware_id === null) return null;
  const { rows: [firmware] } = await move.tx.query<FirmwareRow>('SELECT * FROM "firmware" WHERE "id" = $1 FOR SHARE', [group.target_firmware_id]);
  if (firmware) refuseDisabled(move, firmware);
  return group.target_firmware_id;
}

async function copiedConfig(move: Move, configId: unknown): Promise<number | null> {
  if (typeof configId !== 'number') return null;
  const { rows: [old] } = await move.tx.query<CategoryRow<'config'>>('SELECT * FROM "config" WHERE "id" = $1', [configId]);
  return old ? copyInto(move, move.registry.get('config'), old) : null;
}

/** Moves the locked `device` into `choice.teamId`; a name taken in that team changes nothing (409). */
export async function moveDevice(tx: Queryable, registry: ServerRegistry, user: SessionUser, device: Row, choice: ClaimChoice): Promise<void> {
  const move: Move = { tx, registry, user, teamId: choice.teamId };
  const type = await typeInTeam(move, device, choice.typeId);
  const typeId = type?.id ?? null;
  const group = choice.groupId === undefined ? undefined : await groupInTeam(move, choice.groupId, typeId);
  let target: number | null = null;
  if (group !== undefined) {
    target = await groupTarget(move, group, choice.targetFirmwareId);
  } else if (choice.targetFirmwareId !== undefined) {
    const firmware = await chosen<FirmwareRow>(move, registry.get('firmware'), label(move, 'target_firmware_id'), choice.targetFirmwareId);
    if (firmware.type_id !== typeId) throw badRequest(ownMessages.referenceMismatch(label(move, 'target_firmware_id'), label(move, 'type_id')));
    refuseDisabled(move, firmware);
    target = firmware.id;
  } else if (choice.copyFirmware) {
    target = await copiedFirmware(move, device.target_firmware_id, typeId);
  }
  // Only a copy of the firmware it ran is the one it runs; a chosen or the group's firmware is still to be installed.
  const copied = group === undefined && choice.targetFirmwareId === undefined;
  const current = target !== null && copied && device.current_firmware_id === device.target_firmware_id ? target : null;
  const deviceCategory = registry.get('device');
  const configId = await copiedConfig(move, device.config_id);
  const values: Row = {
    team_id: choice.teamId,
    // Its owner is the claimant, not a user of the team it left (whose name the new team would see).
    author_id: user.id,
    type_id: typeId,
    group_id: group?.id ?? null,
    target_firmware_id: target,
    current_firmware_id: current,
    config_id: configId,
    // A new history: the copy is the new team's configuration, still to be sent (docs/DEVICE_API.md).
    config_state: configId === null ? null : 'waiting_to_be_send',
    config_history: [],
    config_sent_id: null,
    firmware_history: [],
    ...FORGOTTEN_UPDATE,
    documents_collection_id: null,
    icon: type?.icon ?? null,
    // The spent code's hash stays: its holder (a claim that lost the race) is told 409, not a wrong code.
    to_be_claimed: false,
  };
  const claimed = await updateRow(tx, deviceCategory, device.id as number, values).catch((err: unknown) => {
    throw mapDbError(err, deviceCategory, 'update', { ...device, ...values });
  });
  await forgetDeviceKey(tx, device.id as number);
  await leaveRollouts(tx, device.id as number);
  // In the team it left and the team it joined, each seeing only its own: the team it left what it
  // had (not who took it, nor where), the team it joined what it has now (not what the other team kept).
  await audit(tx, [
    { ...objectEntry(null, 'claim', deviceCategory, device, undefined), changes: undefined },
    objectEntry(user, 'claim', deviceCategory, undefined, claimed),
  ]);
}
