/**
 * The calls behind the devices-in-group block (spec section 7): a device changes group through
 * PUT /api/device/{id} {group_id}, removing it is a change to null, and adding several devices is
 * one such call per device, in turn. Failures go to the error catalogue.
 */
import type { Identifier } from 'react-admin';
import { http } from '../../dataProvider/http';
import { reportError } from '../../dataProvider/errors';

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

/** Devices the group may take: not in it yet, sorted by name. */
export function addableDevices(devices: readonly DeviceSummary[], groupId: Identifier): DeviceSummary[] {
  return devices
    .filter((d) => String(d.group_id ?? '') !== String(groupId))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
}

/** Devices of the group's type and team (a group takes no other) outside the group. */
export async function fetchAddableDevices(group: GroupKey, signal?: AbortSignal): Promise<DeviceSummary[]> {
  const { json } = await http<{ json_list?: DeviceSummary[] } | null>('/full/device', {
    query: { type_id: group.type_id, team_id: group.team_id, fields: 'id,name,group_id,devices_group(name)' },
    signal,
  });
  return addableDevices(json?.json_list ?? [], group.id);
}

export async function setDeviceGroup(deviceId: Identifier, groupId: Identifier | null): Promise<void> {
  await http(`/device/${encodeURIComponent(String(deviceId))}`, { method: 'PUT', body: { group_id: groupId } });
}

/**
 * Moves the devices into the group one after another. The first failure is reported and stops
 * the rest; the answer says how many moved.
 */
export async function addDevicesToGroup(deviceIds: readonly Identifier[], groupId: Identifier): Promise<{ moved: number; ok: boolean }> {
  for (let i = 0; i < deviceIds.length; i++) {
    try {
      await setDeviceGroup(deviceIds[i], groupId);
    } catch (error) {
      reportError(error);
      return { moved: i, ok: false };
    }
  }
  return { moved: deviceIds.length, ok: true };
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
