/**
 * A device proves who it is with a short-lived JWT signed ES256 by its private key (docs/DEVICE_API.md),
 * verified with the public key of its certificate: no session, no shared secret, nothing to issue.
 * Checking the token's form and claims needs no database, so `parseDeviceToken` runs first and the
 * signature is checked once the certificate has been read with the device (one query per call).
 * Every failure is the same 401: a caller learns nothing about which devices exist.
 */
import { createHash, KeyObject, verify, webcrypto } from 'node:crypto';
import { ownMessages } from '../../src/messages';
import { idFromText } from '../../src/schemas/kinds';
import { ApiError } from '../http/errors';
import { MAX_TOKEN_LIFETIME_S } from './wire';

/** The clock skew tolerated between device and server. */
export const CLOCK_LEEWAY_S = 30;

/** The token as the OpenAPI document's security scheme names it (server/openapi/document.ts). */
export const DEVICE_TOKEN_SCHEME = {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'JWT',
  description:
    'A JWT signed ES256 with the device\'s private key (`GET /api/download/private_key/{id}`): header `{"alg":"ES256","typ":"JWT"}`, ' +
    `claims \`sub\` (the device id as a decimal string), \`iat\` and \`exp\` (seconds, \`exp - iat\` at most ${MAX_TOKEN_LIFETIME_S}, ${CLOCK_LEEWAY_S} s clock leeway). docs/DEVICE_API.md.`,
};

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
  const deviceId = typeof sub === 'string' ? idFromText(sub) : undefined;
  if (deviceId === undefined) throw deviceUnauthorized();
  if (!isSeconds(iat) || !isSeconds(exp) || exp < iat || exp - iat > MAX_TOKEN_LIFETIME_S) throw deviceUnauthorized();
  if (exp + CLOCK_LEEWAY_S < now || iat - CLOCK_LEEWAY_S > now) throw deviceUnauthorized();
  const signature = Buffer.from(parts[2], 'base64url');
  if (signature.length !== 64) throw deviceUnauthorized();
  return { deviceId, signedPart: Buffer.from(`${parts[0]}.${parts[1]}`), signature };
}

/**
 * Parsed keys by certificate digest, most recently used last; null for a certificate whose key is not
 * P-256. A cached key costs several KB of the server's memory (measured: 20,000 keys decoded from DER
 * grew it by 150 MB; one imported from its point, as here, takes about 2.7 KB more), so the cache is
 * small and bounded, and memory stays flat whatever the fleet's size. A device found here costs a
 * signature check only (0.09 ms), one that is not an import of its key on top (0.08-0.2 ms): with a
 * fleet larger than the cache, every check-in (bench/deviceCheckins.ts).
 */
const keys = new Map<string, KeyObject | null>();
const KEY_CACHE_LIMIT = 5_000;

/** The DER of an ECDSA P-256 SubjectPublicKeyInfo up to its key: SEQUENCE(SEQUENCE(ecPublicKey, prime256v1), BIT STRING 0x04 ...). */
const P256_SPKI_HEAD = Buffer.from('3059301306072a8648ce3d020106082a8648ce3d030107034200', 'hex');

/** One DER element at `at`: where its content starts and where it ends (definite lengths only, as DER has). */
function derElement(der: Buffer, at: number): { tag: number; start: number; end: number } {
  const tag = der[at];
  let length = der[at + 1];
  let start = at + 2;
  if (length & 0x80) {
    const bytes = length & 0x7f;
    if (bytes === 0 || bytes > 3) throw new Error('unsupported DER length');
    length = 0;
    for (let i = 0; i < bytes; i++) length = length * 256 + der[start + i];
    start += bytes;
  }
  if (tag === undefined || start + length > der.length) throw new Error('truncated DER');
  return { tag, start, end: start + length };
}

/**
 * The subjectPublicKeyInfo of an X.509 certificate (RFC 5280 4.1: Certificate → tbsCertificate →
 * [0] version, serialNumber, signature, issuer, validity, subject, subjectPublicKeyInfo), found by
 * walking the DER: parsing the whole certificate with X509Certificate costs twice as much.
 */
function publicKeyInfo(certificatePem: string): Buffer {
  const der = Buffer.from(certificatePem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, ''), 'base64');
  const tbs = derElement(der, derElement(der, 0).start);
  let at = tbs.start;
  if (der[at] === 0xa0) at = derElement(der, at).end;
  for (let skip = 0; skip < 5; skip++) at = derElement(der, at).end;
  const spki = derElement(der, at);
  return der.subarray(at, spki.end);
}

const P256_IMPORT = { name: 'ECDSA', namedCurve: 'P-256' } as const;

/**
 * The certificate's P-256 public key, parsed once per certificate text while it stays in the cache.
 * Its point is imported as such (WebCrypto's raw form, which checks it lies on the curve): OpenSSL
 * decoding the same key as a DER SubjectPublicKeyInfo costs about twice as much (measured 390 against
 * 170 us with the signature check; a fleet larger than the cache pays it at every check-in).
 */
async function publicKeyOf(certificatePem: string): Promise<KeyObject | null> {
  const digest = createHash('sha256').update(certificatePem).digest('base64');
  let key = keys.get(digest);
  if (key !== undefined) {
    keys.delete(digest);
  } else {
    const spki = publicKeyInfo(certificatePem);
    const isP256 = spki.length === P256_SPKI_HEAD.length + 65 && spki.subarray(0, P256_SPKI_HEAD.length).equals(P256_SPKI_HEAD);
    key = isP256 ? KeyObject.from(await webcrypto.subtle.importKey('raw', spki.subarray(P256_SPKI_HEAD.length), P256_IMPORT, true, ['verify'])) : null;
    if (keys.size >= KEY_CACHE_LIMIT) keys.delete(keys.keys().next().value as string);
  }
  keys.set(digest, key);
  return key;
}

/** A 401 unless the token is signed by the key of `certificatePem` (null: the device has no certificate yet). */
export async function checkSignature(token: DeviceToken, certificatePem: string | null | undefined): Promise<void> {
  if (!certificatePem) throw deviceUnauthorized();
  let valid = false;
  try {
    const key = await publicKeyOf(certificatePem);
    valid = key !== null && verify('sha256', token.signedPart, { key, dsaEncoding: 'ieee-p1363' }, token.signature);
  } catch {
    valid = false;
  }
  if (!valid) throw deviceUnauthorized();
}
