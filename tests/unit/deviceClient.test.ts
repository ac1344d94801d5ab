// @vitest-environment node
/**
 * The device token (server/simulator/deviceClient.ts) as the device API checks it: the header and claims
 * of the contract, and an ES256 signature that the public key of the device's certificate verifies;
 * the key and certificate are made by the server's own code, as the console hands them out.
 */
import { createPublicKey, generateKeyPairSync, verify, X509Certificate } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { signDeviceJwt } from '../../server/simulator/deviceClient';
import { MAX_TOKEN_LIFETIME_S } from '../../server/deviceApi/wire';
import { createCaPem, createDevicePem, loadCa } from '../../server/certs/x509';

let device: { certPem: string; keyPem: string };

beforeAll(async () => {
  const ca = await createCaPem('test CA');
  device = await createDevicePem(await loadCa(ca.certPem, ca.keyPem), 42, 'uid-42');
});

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

const verifies = (jwt: string, publicKey: ReturnType<typeof createPublicKey>) => {
  const [header, claims, signature] = jwt.split('.');
  return verify('sha256', Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
};

describe('signDeviceJwt', () => {
  it('signs header {alg: ES256, typ: JWT} and claims sub, iat, exp with at most 300 s between them', () => {
    const now = Date.UTC(2026, 10, 23, 12, 0, 0, 750);
    const jwt = signDeviceJwt(42, device.keyPem, now);
    const parts = jwt.split('.');
    expect(parts).toHaveLength(3);
    expect(parts.every((p) => /^[A-Za-z0-9_-]+$/.test(p))).toBe(true);
    expect(decode(parts[0])).toEqual({ alg: 'ES256', typ: 'JWT' });
    const claims = decode(parts[1]);
    expect(claims).toEqual({ sub: '42', iat: Math.floor(now / 1000), exp: Math.floor(now / 1000) + MAX_TOKEN_LIFETIME_S });
    expect(Number(claims.exp) - Number(claims.iat)).toBeLessThanOrEqual(300);
    expect(Buffer.from(parts[2], 'base64url')).toHaveLength(64);
  });

  it('is verified by the public key of the device certificate, and by no other key', () => {
    const jwt = signDeviceJwt(42, device.keyPem);
    expect(verifies(jwt, new X509Certificate(device.certPem).publicKey)).toBe(true);
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey;
    expect(verifies(jwt, other)).toBe(false);
  });

  it('covers the claims: a token whose claims are changed no longer verifies', () => {
    const [header, , signature] = signDeviceJwt(42, device.keyPem).split('.');
    const forged = Buffer.from(JSON.stringify({ sub: '43', iat: 0, exp: 300 })).toString('base64url');
    expect(verifies(`${header}.${forged}.${signature}`, new X509Certificate(device.certPem).publicKey)).toBe(false);
  });
});
