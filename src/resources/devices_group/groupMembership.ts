/**
 * The calls behind the devices-in-group block (spec section 7): a device changes group through
 * PUT /api/device/{id} {group_id}, removing it is a change to null (its failure goes to the error
 * catalogue), and adding several devices is one such call per device, in turn (the Add devices
 * dialog runs them as bulk actions do, src/resources/list/runInTurn.ts).
 */
import type { Identifier } from 'react-admin';
import { http } from '../../dataProvider/http';
import { reportError } from '../../dataProvider/errors';
import { fetchListPage } from '../../dataProvider/listQuery';
import { mustGetCategory } from '../../schemas';
import { ownMessages } from '../../messages';

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
export async function fetchCandidateDevices(group: GroupKey, text: string, limit: number, signal?: AbortSignal): Promise<CandidatePage> {
  const q = text.trim();
  const page = await fetchListPage(
    mustGetCategory('device'),
    { filter: { type_id: group.type_id, team_id: group.team_id, ...(q === '' ? {} : { q }) }, sort: { field: 'name', order: 'ASC' }, range: [0, limit - 1] },
    { fields: ['id', 'name', 'group_id', 'devices_group(name)'], signal },
  );
  return { devices: page.data as unknown as DeviceSummary[], total: page.total };
}

export async function setDeviceGroup(deviceId: Identifier, groupId: Identifier | null): Promise<void> {
  await http(`/device/${encodeURIComponent(String(deviceId))}`, { method: 'PUT', body: { group_id: groupId } });
}

/** Takes one device out of its group; reports a failure. */
export async function removeDeviceFromGroup(deviceId: Identifier): Promise<boolean> {
  try {
    await setDeviceGroup(deviceId, null);
    return true;
  } catch (error) {
    reportError(error);
    return false;
  }
}
