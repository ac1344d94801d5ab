/**
 * What the devices table's bulk actions need to know of the selected devices, and what they will
 * do, in words, before doing it (the in-page confirmation): a group and a firmware belong to one
 * type and team, so the devices must share theirs; moving says how many leave which group and how
 * many join, and which of them lose their own target firmware to the group's: a device in a group
 * follows its group's target firmware (the schema's `follows` of target_firmware_id, the rule the
 * server applies), so setting one is refused with the spec's message. The reads and writes go
 * through the data provider, the writes as batch calls (src/batch.ts); the buttons say what changed (useObjectCalls).
 */
import type { DataProvider, Identifier } from 'react-admin';
import { mustGetCategory } from '../../schemas';
import type { Row } from '../../dataProvider/listQuery';
import { ownMessages } from '../../messages';
import { fetchSelectedRows } from '../list/selectedRows';
import { optionFields, optionLabel, type OptionRow } from '../dropdown/picker';

export interface DeviceFacts {
  id: Identifier;
  name: string;
  team_id: Identifier;
  type_id: Identifier;
  group_id: Identifier | null;
  groupName: string;
  target_firmware_id: Identifier | null;
}

/** A group a selection moves to: its target firmware (null: none) and that firmware's label. */
export interface GroupChoice {
  id: Identifier;
  name: string;
  target_firmware_id: Identifier | null;
  firmwareLabel: string;
}

const device = () => mustGetCategory('device');

export async function fetchDeviceFacts(dataProvider: DataProvider, ids: readonly Identifier[]): Promise<DeviceFacts[]> {
  const rows = await fetchSelectedRows(dataProvider, device(), ids, ['name', 'team_id', 'type_id', 'group_id', 'target_firmware_id', 'devices_group(name)']);
  return rows.map((row: Row) => ({
    id: row.id,
    name: String(row.name ?? row.id),
    team_id: row.team_id as Identifier,
    type_id: row.type_id as Identifier,
    group_id: (row.group_id as Identifier | null | undefined) ?? null,
    groupName: String((row.group as { name?: unknown } | null | undefined)?.name ?? ''),
    target_firmware_id: (row.target_firmware_id as Identifier | null | undefined) ?? null,
  }));
}

/** The one team and type of the devices, or why there is none. */
export function commonTypeAndTeam(devices: readonly DeviceFacts[]): { team_id: Identifier; type_id: Identifier } | { problem: string } {
  const teams = new Set(devices.map((d) => String(d.team_id)));
  const types = new Set(devices.map((d) => String(d.type_id)));
  if (teams.size > 1) return { problem: ownMessages.severalTeamsSelected(teams.size) };
  if (types.size > 1) return { problem: ownMessages.severalTypesSelected(types.size) };
  return { team_id: devices[0].team_id, type_id: devices[0].type_id };
}

const count = (n: number) => ownMessages.countOf(n, device());

/**
 * A move to `group`, or out of every group (null: the device's group emptied, as the device form
 * and 'Delete from the group' do): 'N devices will leave X' per current group, 'M devices will join
 * Y', those in no group whose own target firmware the group's replaces (spec section 4, 'Group
 * choice'), and those already there, left unchanged. `title` names the run (its progress dialog).
 */
export function movePlan(devices: readonly DeviceFacts[], group: GroupChoice | null): { moving: DeviceFacts[]; lines: string[]; title: string } {
  const target = group === null ? '' : String(group.id);
  const moving = devices.filter((d) => String(d.group_id ?? '') !== target);
  const leaving = new Map<string, number>();
  for (const d of moving) if (d.group_id !== null) leaving.set(d.groupName, (leaving.get(d.groupName) ?? 0) + 1);
  const lines = [...leaving].map(([name, n]) => ownMessages.willLeave(count(n), name));
  if (group !== null && moving.length > 0) lines.push(ownMessages.willJoin(count(moving.length), group.name));
  const losing = group === null ? [] : moving.filter((d) => d.group_id === null && d.target_firmware_id !== null && String(d.target_firmware_id) !== String(group.target_firmware_id ?? ''));
  if (group !== null && losing.length > 0) {
    lines.push(group.target_firmware_id === null ? ownMessages.loseOwnFirmwareToNone(count(losing.length)) : ownMessages.loseOwnFirmware(count(losing.length), group.firmwareLabel));
  }
  const staying = devices.length - moving.length;
  if (staying > 0) lines.push(group === null ? ownMessages.alreadyInNoGroup(count(staying)) : ownMessages.alreadyIn(count(staying), group.name));
  const title = group === null ? ownMessages.leavingGroups(count(moving.length)) : ownMessages.willJoin(count(moving.length), group.name);
  return { moving, lines, title };
}

/** Names shown of the devices a refusal is about; the rest are counted. */
const NAMES_SHOWN = 5;

/**
 * The spec's refusal of an individual firmware for devices in a group, naming some of them, or
 * undefined when none is: read from the declaration of target_firmware_id (follows its group).
 */
export function firmwareRefusal(devices: readonly DeviceFacts[]): string | undefined {
  const follows = device().fields.target_firmware_id.follows;
  if (!follows?.message) return undefined;
  const inGroup = devices.filter((d) => d.group_id !== null);
  if (inGroup.length === 0) return undefined;
  return `${follows.message}\n${ownMessages.inGroupDevices(inGroup.slice(0, NAMES_SHOWN).map((d) => d.name), inGroup.length)}`;
}

export const firmwarePlan = (devices: readonly DeviceFacts[], firmwareLabel: string) => ownMessages.willGetFirmware(count(devices.length), firmwareLabel);

/** One batch call (PUT /api/batch/device) with the changed field only, through the data provider; failures are thrown for the run to show. */
export async function setTargetFirmware(dataProvider: DataProvider, deviceIds: readonly Identifier[], firmwareId: Identifier): Promise<void> {
  await dataProvider.updateMany(device().key, { ids: [...deviceIds], data: { target_firmware_id: firmwareId }, meta: { report: false } });
}

/** The group a selection moves to, with its target firmware's label (the move question says who loses their own); failures are thrown. */
export async function fetchGroupChoice(dataProvider: DataProvider, id: Identifier): Promise<GroupChoice> {
  const groups = mustGetCategory('devices_group');
  const firmwares = mustGetCategory('firmware');
  const { data } = await dataProvider.getOne<Row>(groups.key, { id, meta: { full: false, fields: ['name', 'target_firmware_id'], report: false } });
  const firmwareId = (data.target_firmware_id as Identifier | null | undefined) ?? null;
  if (firmwareId === null) return { id, name: String(data.name ?? id), target_firmware_id: null, firmwareLabel: '' };
  const firmware = await dataProvider.getOne<Row>(firmwares.key, { id: firmwareId, meta: { full: false, fields: optionFields(firmwares), report: false } });
  return { id, name: String(data.name ?? id), target_firmware_id: firmwareId, firmwareLabel: optionLabel(firmwares, firmware.data as OptionRow) };
}
