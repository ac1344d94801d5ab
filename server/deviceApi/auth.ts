/**
 * A device proves who it is with a short-lived JWT signed ES256 by its private key (docs/DEVICE_API.md),
 * verified with the public key of its certificate: no session, no shared secret, nothing to issue.
 * Checking the token's form and claims needs no database, so `parseDeviceToken` runs first and the
 * signature is checked once the certificate has been read with the device (one query per call).
 * Every failure is the same 401: a caller learns nothing about which devices exist.
 */
import { createHash, verify, X509Certificate, type KeyObject } from 'node:crypto';
import { ownMessages } from '../../src/messages';
import { ApiError } from '../http/errors';
import { MAX_TOKEN_LIFETIME_S } from './wire';

/** The clock skew tolerated between device and server. */
export const CLOCK_LEEWAY_S = 30;
/** Parsed public keys kept; beyond it the oldest goes (a fleet's worth, far below its memory). */
const KEY_CACHE_LIMIT = 200_000;
const MAX_DEVICE_ID = 2 ** 31 - 1;

export const deviceUnauthorized = () => new ApiError(401, ownMessages.deviceUnauthorized, { 'WWW-Authenticate': 'Bearer' });

export interface DeviceToken {
  deviceId: number;
  signedPart: Buffer;
  signature: Buffer;
}

function decodeJson(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const isSeconds = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** The token of an `Authorization: Bearer` header with valid form and claims at `nowMs`, or a 401. */
export function parseDeviceToken(authorization: string | undefined, nowMs = Date.now()): DeviceToken {
  const match = /^Bearer +(\S+)$/i.exec(authorization ?? '');
  const parts = match ? match[1].split('.') : [];
  if (parts.length !== 3 || !parts.every((p) => BASE64URL.test(p))) throw deviceUnauthorized();
  const header = decodeJson(parts[0]);
  const claims = decodeJson(parts[1]);
  if (!header || !claims || header.alg !== 'ES256' || (header.typ !== undefined && header.typ !== 'JWT')) throw deviceUnauthorized();
  const { sub, iat, exp } = claims;
  const now = Math.floor(nowMs / 1000);
  if (typeof sub !== 'string' || !/^[1-9][0-9]{0,9}$/.test(sub) || Number(sub) > MAX_DEVICE_ID) throw deviceUnauthorized();
  if (!isSeconds(iat) || !isSeconds(exp) || exp < iat || exp - iat > MAX_TOKEN_LIFETIME_S) throw deviceUnauthorized();
  if (exp + CLOCK_LEEWAY_S < now || iat - CLOCK_LEEWAY_S > now) throw deviceUnauthorized();
  const signature = Buffer.from(parts[2], 'base64url');
  if (signature.length !== 64) throw deviceUnauthorized();
  return { deviceId: Number(sub), signedPart: Buffer.from(`${parts[0]}.${parts[1]}`), signature };
}

/** Parsed keys by certificate digest; null for a certificate whose key is not P-256 (checked once, when parsed). */
const keys = new Map<string, KeyObject | null>();

/** The certificate's P-256 public key, parsed once per certificate text (the map is keyed by its digest, not the whole PEM). */
function publicKeyOf(certificatePem: string): KeyObject | null {
  const digest = createHash('sha256').update(certificatePem).digest('base64');
  let key = keys.get(digest);
  if (key === undefined) {
    const parsed = new X509Certificate(certificatePem).publicKey;
    key = parsed.asymmetricKeyDetails?.namedCurve === 'prime256v1' ? parsed : null;
    if (keys.size >= KEY_CACHE_LIMIT) keys.delete(keys.keys().next().value as string);
    keys.set(digest, key);
  }
  return key;
}

/** A 401 unless the token is signed by the key of `certificatePem` (null: the device has no certificate yet). */
export function checkSignature(token: DeviceToken, certificatePem: string | null | undefined): void {
  if (!certificatePem) throw deviceUnauthorized();
  let valid = false;
  try {
    const key = publicKeyOf(certificatePem);
    valid = key !== null && verify('sha256', token.signedPart, { key, dsaEncoding: 'ieee-p1363' }, token.signature);
  } catch {
    valid = false;
  }
  if (!valid) throw deviceUnauthorized();
}
