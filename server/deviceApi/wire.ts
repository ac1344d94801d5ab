/**
 * The device API's wire contract (docs/DEVICE_API.md), declared once: the server's routes and the
 * device client (server/simulator/deviceClient.ts) both read it. No imports, so a device-side program
 * can take it whole.
 */

export const DEVICE_API_PREFIX = '/device-api/v1';

/** The longest life of a token (exp - iat, seconds). */
export const MAX_TOKEN_LIFETIME_S = 300;

export const firmwareUrl = (id: number) => `${DEVICE_API_PREFIX}/firmware/${id}`;

export interface FirmwareReport {
  name: string;
  version: string;
}

/** A check-in's body, every key given (a device may leave any out: it means null). */
export interface CheckinBody {
  firmware: FirmwareReport | null;
  config_id: number | null;
  config: unknown;
}

export interface TargetFirmware {
  id: number;
  name: string;
  version: string;
  size: number;
  sha3_256: string;
  url: string;
}

export interface CheckinAnswer {
  target_firmware: TargetFirmware | null;
  config: { id: number; config: unknown } | null;
  poll_interval_s: number;
}
