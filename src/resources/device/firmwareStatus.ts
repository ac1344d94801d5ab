/**
 * The firmware status of a device (spec section 4 'Firmware status icon on a device'), one rule
 * for the device form, the devices table and the server's filter: the device schema's
 * `firmware_status` comparison (src/schemas/comparison.ts) of its current and target firmware:
 * neither is set ('none'); the current one differs from the target ('pending'); both are the same ('ok').
 */
import { ownMessages } from '../../messages';
import { device } from '../../schemas/device';
import { standing } from '../../schemas/comparison';

export type FirmwareStatus = 'none' | 'pending' | 'ok';

type FirmwareId = number | string | null | undefined;

const comparison = device.comparisons.firmware_status;

export const firmwareStatus = (currentId: FirmwareId, targetId: FirmwareId): FirmwareStatus =>
  comparison.values[standing(currentId, targetId)] as FirmwareStatus;

/** The words of each status: the icon's tooltip and its accessible name. */
export const firmwareStatusText: Readonly<Record<FirmwareStatus, string>> = {
  none: ownMessages.firmwareStatusNone,
  pending: ownMessages.firmwareStatusPending,
  ok: ownMessages.firmwareStatusOk,
};
