/**
 * The firmware status of a device (spec section 4 'Firmware status icon on a device'), one rule
 * for the device form and the devices table: neither a current nor a target firmware; the current
 * one differs from the target (an update is pending); both are the same (ok).
 */
import { ownMessages } from '../../messages';

export type FirmwareStatus = 'none' | 'pending' | 'ok';

type FirmwareId = number | string | null | undefined;

const isSet = (id: FirmwareId) => id !== null && id !== undefined && id !== '';

export function firmwareStatus(currentId: FirmwareId, targetId: FirmwareId): FirmwareStatus {
  if (!isSet(currentId) && !isSet(targetId)) return 'none';
  // Ids arrive as numbers from the API and as text from an address: compared as text.
  return isSet(currentId) && isSet(targetId) && String(currentId) === String(targetId) ? 'ok' : 'pending';
}

/** The words of each status: the icon's tooltip and its accessible name. */
export const firmwareStatusText: Readonly<Record<FirmwareStatus, string>> = {
  none: ownMessages.firmwareStatusNone,
  pending: ownMessages.firmwareStatusPending,
  ok: ownMessages.firmwareStatusOk,
};
