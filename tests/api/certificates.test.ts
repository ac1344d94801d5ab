/**
 * Device certificates and keys (issue 8, item 6): who may download them, that they are a real
 * client certificate of the server's CA with its key, made once, kept over a restart, and that
 * the key is stored encrypted and shown nowhere else.
 */
import { execFileSync } from 'node:child_process';
import { createPrivateKey, createPublicKey, sign, verify, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createCaPem } from '../../server/certs/x509';
import { ownMessages } from '../../src/messages';
import { adminWithTeam, api, createTestApp, createUser, expectError, memberOf, ROLE, signIn, type Client, type TestApp } from './helpers';

let t: TestApp;
let dataDir: string;
let admin: Client;
let member: Client;
let stranger: Client;
let deviceId: number;
let teamId: number;
const UID = 'AA:BB/ü 01';

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version']);
    return true;
  } catch {
    return false;
  }
})();

/** Each admin's type for their devices (a device needs one). */
const typeOf = new Map<Client, number>();

async function newDevice(c: Client, team: number, name: string, uid: string): Promise<number> {
  if (!typeOf.has(c)) typeOf.set(c, ((await c.post('/api/type', { name: `type ${team}`, team_id: team })).json() as { id: number }).id);
  const res = await c.post('/api/device', { name, team_id: team, type_id: typeOf.get(c), uid_for_type: uid });
  expect(res.json(), res.body).toHaveProperty('id');
  return (res.json() as { id: number }).id;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pucs-test-certs-'));
  t = await createTestApp({ PUCS_DATA_DIR: dataDir });
  const owner = await adminWithTeam(t, 'cert_admin');
  admin = owner.client;
  member = await memberOf(t, 'cert_member', [owner.teamId], ROLE.USER);
  const strangerId = await createUser(t.db, 'cert_stranger', 'correct horse battery');
  stranger = api(t.app, await signIn(t.app, 'cert_stranger', 'correct horse battery'));
  expect(strangerId).toBeGreaterThan(0);
  teamId = owner.teamId;
  deviceId = await newDevice(admin, teamId, 'cert device', UID);
});

afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const pemOf = async (c: Client, what: string, id: number) => {
  const res = await c.get(`/api/download/${what}/${id}?r=1`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res;
};

describe('certificate downloads', () => {
  it('answers PEM attachments to admins of the device team, never cached', async () => {
    const cert = await pemOf(admin, 'certificate', deviceId);
    expect(cert.headers['content-disposition']).toBe(`attachment; filename="device-${deviceId}.crt.pem"`);
    expect(cert.body).toMatch(/^-----BEGIN CERTIFICATE-----/);
    const key = await pemOf(admin, 'private_key', deviceId);
    expect(key.headers['content-disposition']).toBe(`attachment; filename="device-${deviceId}.key.pem"`);
    expect(key.body).toMatch(/^-----BEGIN PRIVATE KEY-----/);
  });

  it('refuses plain members (403), and answers non-members, unknown ids and the signed-out like an unknown device', async () => {
    for (const what of ['certificate', 'private_key']) {
      await expectError(member.get(`/api/download/${what}/${deviceId}`), 403, ownMessages.certificateAdminsOnly);
      await expectError(stranger.get(`/api/download/${what}/${deviceId}`), 404, ownMessages.notFound);
      await expectError(admin.get(`/api/download/${what}/999999`), 404, ownMessages.notFound);
      await expectError(admin.get(`/api/download/${what}/abc`), 404, ownMessages.notFound);
      expect((await api(t.app).get(`/api/download/${what}/${deviceId}`)).statusCode).toBe(401);
    }
  });

  it('gives the CA certificate to any signed-in user', async () => {
    const res = await stranger.get('/api/download/ca_certificate');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(new X509Certificate(res.body).ca).toBe(true);
    expect((await api(t.app).get('/api/download/ca_certificate')).statusCode).toBe(401);
  });
});

describe('the device certificate', () => {
  it('is a client certificate of the CA for the device, and the key is its own', async () => {
    const caPem = (await stranger.get('/api/download/ca_certificate')).body;
    const certPem = (await pemOf(admin, 'certificate', deviceId)).body;
    const keyPem = (await pemOf(admin, 'private_key', deviceId)).body;
    const cert = new X509Certificate(certPem);
    const ca = new X509Certificate(caPem);
    expect(cert.verify(ca.publicKey)).toBe(true);
    expect(cert.checkIssued(ca)).toBe(true);
    expect(cert.subject).toBe(`CN=${deviceId}`);
    expect(cert.subjectAltName).toBe(`URI:urn:pucs:uid:${encodeURIComponent(UID)}`);
    expect(cert.keyUsage).toEqual(['1.3.6.1.5.5.7.3.2']);
    expect(cert.ca).toBe(false);
    expect(cert.publicKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    expect(new Date(cert.validTo).getTime() - Date.now()).toBeGreaterThan(9.9 * 365 * 24 * 3600 * 1000);

    const data = Buffer.from('device says hello');
    const signature = sign('sha256', data, createPrivateKey(keyPem));
    expect(verify('sha256', data, cert.publicKey, signature)).toBe(true);
    expect(createPublicKey(keyPem).export({ format: 'pem', type: 'spki' })).toBe(cert.publicKey.export({ format: 'pem', type: 'spki' }));

    if (hasOpenssl) {
      const dir = mkdtempSync(join(tmpdir(), 'pucs-openssl-'));
      try {
        writeFileSync(join(dir, 'ca.pem'), caPem);
        writeFileSync(join(dir, 'cert.pem'), certPem);
        const out = execFileSync('openssl', ['verify', '-purpose', 'sslclient', '-CAfile', join(dir, 'ca.pem'), join(dir, 'cert.pem')], { encoding: 'utf8' });
        expect(out).toContain(': OK');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('is made once: later and racing requests answer the same certificate and key', async () => {
    const id = await newDevice(admin, teamId, 'racing device', 'RACE');
    const certs = await Promise.all(Array.from({ length: 6 }, (_, i) => admin.get(`/api/download/${i % 2 ? 'certificate' : 'private_key'}/${id}`)));
    expect(certs.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(certs.filter((_, i) => i % 2).map((r) => r.body)).size).toBe(1);
    expect(new Set(certs.filter((_, i) => i % 2 === 0).map((r) => r.body)).size).toBe(1);
    expect((await pemOf(admin, 'certificate', id)).body).toBe(certs[1].body);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM device_certificate WHERE device_id = $1', [id]);
    expect(rows[0].n).toBe(1);
  });

  it('keeps the private key encrypted at rest and out of the device form and CSV', async () => {
    const { rows } = await t.db.query<{ private_key_sealed: string }>('SELECT private_key_sealed FROM device_certificate WHERE device_id = $1', [deviceId]);
    expect(rows[0].private_key_sealed).not.toContain('PRIVATE KEY');
    const keyBody = (await pemOf(admin, 'private_key', deviceId)).body.replace(/-----[^-]+-----|\s/g, '');
    expect(rows[0].private_key_sealed).not.toContain(keyBody.slice(0, 40));
    const full = await admin.get(`/api/full/device/${deviceId}`);
    expect(full.statusCode).toBe(200);
    expect(full.body).not.toContain('PRIVATE KEY');
    const csv = await admin.get('/api/download/csv_export/device');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain('PRIVATE KEY');
  });

  it('keeps the CA with its key file private, and both the CA and the device keys over a restart', async () => {
    expect(statSync(join(dataDir, 'ca', 'ca.key')).mode & 0o077).toBe(0);
    expect(statSync(join(dataDir, 'key-encryption.secret')).mode & 0o077).toBe(0);
    const before = await Promise.all(['certificate', 'private_key'].map(async (w) => (await pemOf(admin, w, deviceId)).body));
    const caBefore = (await admin.get('/api/download/ca_certificate')).body;
    const again = await buildApp({ db: t.db, config: t.config });
    try {
      const cookie = await signIn(again, 'cert_admin', 'correct horse battery');
      const client = api(again, cookie);
      expect((await client.get('/api/download/ca_certificate')).body).toBe(caBefore);
      const after = await Promise.all(['certificate', 'private_key'].map(async (w) => (await pemOf(client, w, deviceId)).body));
      expect(after).toEqual(before);
    } finally {
      await again.close();
    }
  });

  it('still answers the certificate, but a clear error for the key, under another key-encryption secret', async () => {
    const other = await buildApp({ db: t.db, config: { ...t.config, sessionSecret: 'another secret of more than 32 characters' } });
    try {
      const client = api(other, await signIn(other, 'cert_admin', 'correct horse battery'));
      expect((await client.get(`/api/download/certificate/${deviceId}`)).statusCode).toBe(200);
      await expectError(client.get(`/api/download/private_key/${deviceId}`), 500, ownMessages.deviceKeyUnreadable);
    } finally {
      await other.close();
    }
  });

  it('is removed with its device', async () => {
    const id = await newDevice(admin, teamId, 'short-lived', 'GONE');
    await pemOf(admin, 'certificate', id);
    expect((await admin.del(`/api/device/${id}`)).statusCode).toBeLessThan(300);
    const { rows } = await t.db.query('SELECT 1 FROM device_certificate WHERE device_id = $1', [id]);
    expect(rows).toHaveLength(0);
  });
});

describe('a given CA', () => {
  it('signs the device certificates when PUCS_CA_CERT and PUCS_CA_KEY name its PEM files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pucs-given-ca-'));
    const made = await createCaPem('Given CA');
    writeFileSync(join(dir, 'given.pem'), made.certPem);
    writeFileSync(join(dir, 'given.key'), made.keyPem);
    const other = await createTestApp({ PUCS_DATA_DIR: join(dir, 'data'), PUCS_CA_CERT: join(dir, 'given.pem'), PUCS_CA_KEY: join(dir, 'given.key') });
    try {
      const owner = await adminWithTeam(other, 'given_admin');
      const id = await newDevice(owner.client, owner.teamId, 'd', 'U');
      const cert = new X509Certificate((await pemOf(owner.client, 'certificate', id)).body);
      expect(cert.checkIssued(new X509Certificate(made.certPem))).toBe(true);
      expect((await owner.client.get('/api/download/ca_certificate')).body).toBe(made.certPem);
    } finally {
      await other.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops the start when only one of the two is set, or the key is not the certificate\'s', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pucs-given-ca-'));
    try {
      const [one, two] = await Promise.all([createCaPem('One'), createCaPem('Two')]);
      writeFileSync(join(dir, 'one.pem'), one.certPem);
      writeFileSync(join(dir, 'two.key'), two.keyPem);
      await expect(buildApp({ db: t.db, config: { ...t.config, caCert: join(dir, 'one.pem') } })).rejects.toThrow(ownMessages.caSettingsTogether);
      await expect(buildApp({ db: t.db, config: { ...t.config, caCert: join(dir, 'one.pem'), caKey: join(dir, 'two.key') } })).rejects.toThrow(
        ownMessages.caKeyMismatch,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
