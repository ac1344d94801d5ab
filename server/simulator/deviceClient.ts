/**
 * A device's side of /device-api/v1 (docs/DEVICE_API.md), needing only node:crypto and the wire contract: the ES256
 * token a device signs with its private key, a check-in and a firmware download. The fleet simulator
 * and the tests share it, so what they exercise is what a device maker would write.
 *
 * Node's own fetch keeps connections alive and reuses them (its global undici agent), which is what a
 * load of many check-ins needs; the undici package would be a dependency for nothing more.
 */
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { DEVICE_API_PREFIX, MAX_TOKEN_LIFETIME_S, type CheckinAnswer, type CheckinBody, type UpdateReport } from '../deviceApi/wire';

export type { CheckinAnswer, FirmwareReport, TargetFirmware } from '../deviceApi/wire';

/** What a device reports; a missing key means null. */
export type CheckinReport = Partial<Omit<CheckinBody, 'update'>> & { update?: UpdateReport | null };

/** An answer: `ok` (a 2xx) with the call's body, or the status with the error's body (`{Description}` as JSON, else the text). */
export type DeviceResult<T> = { ok: true; status: number; body: T } | { ok: false; status: number; body: unknown };

export interface FirmwareDownload {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/**
 * A token for `deviceId`: header {alg: ES256, typ: JWT}, claims sub (the id as a decimal string), iat
 * and exp = iat + 300 s, signed as JOSE wants it (raw r||s, not DER). `privateKey` is the PKCS#8 PEM
 * the console downloads, or a key already parsed from it (a fleet parses each key once).
 */
export function signDeviceJwt(deviceId: number, privateKey: string | KeyObject, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const header = base64url(JSON.stringify({ alg: 'ES256', typ: 'JWT' }));
  const claims = base64url(JSON.stringify({ sub: String(deviceId), iat, exp: iat + MAX_TOKEN_LIFETIME_S }));
  const key = typeof privateKey === 'string' ? createPrivateKey(privateKey) : privateKey;
  const signature = sign('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' });
  return `${header}.${claims}.${base64url(signature)}`;
}

const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });

async function errorBody(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** POST {baseUrl}/device-api/v1/checkin with the report. */
export async function checkin(baseUrl: string, jwt: string, report: CheckinReport, signal?: AbortSignal): Promise<DeviceResult<CheckinAnswer>> {
  const res = await fetch(`${baseUrl}${DEVICE_API_PREFIX}/checkin`, {
    method: 'POST',
    headers: { ...bearer(jwt), 'content-type': 'application/json' },
    body: JSON.stringify(report),
    signal,
  });
  if (res.ok) return { ok: true, status: res.status, body: (await res.json()) as CheckinAnswer };
  return { ok: false, status: res.status, body: await errorBody(res) };
}

/** GET the device's target firmware file `id` as a response whose body is still to be read (a device streams it). */
export function firmwareResponse(baseUrl: string, jwt: string, id: number, range?: string, signal?: AbortSignal): Promise<Response> {
  return fetch(`${baseUrl}${DEVICE_API_PREFIX}/firmware/${id}`, {
    headers: { ...bearer(jwt), ...(range ? { range } : {}) },
    signal,
  });
}

/** GET the device's target firmware file `id`; `range` is a Range header value (`bytes=0-1023`). */
export async function downloadFirmware(baseUrl: string, jwt: string, id: number, range?: string, signal?: AbortSignal): Promise<FirmwareDownload> {
  const res = await firmwareResponse(baseUrl, jwt, id, range, signal);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}
