/**
 * The calls behind the devices-in-group block (spec section 7), through the data provider: a
 * device changes group through PUT /api/device/{id} {group_id}, removing it is a change to null
 * (its failure goes to the error catalogue), and moving several devices is the batch call of that
 * change (src/batch.ts), a batch at a time (as bulk actions run them, src/resources/list/runInTurn.ts).
 * Whoever runs them says the devices and groups changed (useObjectCalls), so every screen showing them reads them again.
 */
import type { DataProvider, Identifier } from 'react-admin';
import { reportError } from '../../dataProvider/errors';
import { ownMessages } from '../../messages';

/** What a change of group touches: the devices, and the groups' lists of them. */
export const GROUP_MOVE_TOUCHES = ['device', 'devices_group'] as const;

export interface DeviceSummary {
  id: Identifier;
  name: string;
  group_id?: Identifier | null;
  /** The device's current group, expanded. */
  group?: { name?: string } | null;
}

export interface GroupKey {
  id: Identifier;
  type_id: Identifier;
  team_id: Identifier;
}

/** The device is in the group already (the dialog shows it, not to be chosen). */
export const isInGroup = (device: DeviceSummary, groupId: Identifier): boolean => String(device.group_id ?? '') === String(groupId);

/** Chosen devices that will leave another group: the first `max` named with it ('Dev 1 (North)'), and how many more. */
export function leavingOtherGroups(chosen: Iterable<DeviceSummary>, groupId: Identifier, max = 10): { names: string[]; more: number } {
  const leaving = [...chosen].filter((d) => d.group_id !== null && d.group_id !== undefined && !isInGroup(d, groupId));
  const names = leaving.slice(0, max).map((d) => ownMessages.deviceInGroup(d.name, String(d.group?.name ?? d.group_id)));
  return { names, more: leaving.length - names.length };
}

/** The rows from the last one clicked to this one, either way (a shift-click's range). */
export function rangeBetween<T>(rows: readonly T[], anchor: number, index: number): T[] {
  return rows.slice(Math.min(anchor, index), Math.max(anchor, index) + 1);
}

export interface CandidatePage {
  /** The first `limit` devices matching, by name. */
  devices: DeviceSummary[];
  /** How many match in all. */
  total: number;
}

/**
 * Devices of the group's type and team (a group takes no other) whose name or unique ID holds
 * `text`: the first `limit` by name, searched and paged by the server, since a type may hold tens
 * of thousands of devices.
 */
export async function fetchCandidateDevices(dataProvider: DataProvider, group: GroupKey, text: string, limit: number, signal?: AbortSignal): Promise<CandidatePage> {
  const q = text.trim();
  const page = await dataProvider.getList('device', {
    filter: { type_id: group.type_id, team_id: group.team_id, ...(q === '' ? {} : { q }) },
    sort: { field: 'name', order: 'ASC' },
    pagination: { page: 1, perPage: limit },
    meta: { fields: ['id', 'name', 'group_id', 'devices_group(name)'], report: false },
    signal,
  });
  return { devices: page.data as unknown as DeviceSummary[], total: page.total ?? page.data.length };
}

/** Failures are thrown for the caller (a run in turn shows its own). */
export async function setDeviceGroup(dataProvider: DataProvider, deviceId: Identifier, groupId: Identifier | null): Promise<void> {
  await dataProvider.update('device', { id: deviceId, data: { group_id: groupId }, previousData: { id: deviceId }, meta: { report: false } });
}

/** Many devices to the group (null: out of their groups) in one batch call (PUT /api/batch/device); failures are thrown. */
export async function setDevicesGroup(dataProvider: DataProvider, deviceIds: readonly Identifier[], groupId: Identifier | null): Promise<void> {
  await dataProvider.updateMany('device', { ids: [...deviceIds], data: { group_id: groupId }, meta: { report: false } });
}

/** Takes one device out of its group; reports a failure. */
export async function removeDeviceFromGroup(dataProvider: DataProvider, deviceId: Identifier): Promise<boolean> {
  try {
    await setDeviceGroup(dataProvider, deviceId, null);
    return true;
  } catch (error) {
    reportError(error);
    return false;
  }
}
