/**
 * Device certificates kept to their device and team: odd ids and other teams' devices answer the
 * unknown-id 404, racing first requests make one certificate, a device deleted meanwhile answers
 * 404, the sealed key does not open when altered, truncated or moved, an emptied secret file is
 * refused, a damaged or lost CA folder stops the start instead of a new CA replacing it, and so does
 * a given CA certificate that is no CA.
 */
import 'reflect-metadata';
import { createCipheriv, hkdfSync, randomBytes, webcrypto } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as x509 from '@peculiar/x509';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { SecretBox } from '../../server/certs/secretBox';
import { ownMessages } from '../../src/messages';
import { adminWithTeam, api, createTestApp, expectError, type Client, type TestApp } from './helpers';

let t: TestApp;
let dataDir: string;
let admin: Client;
let otherAdmin: Client;
let teamId: number;
let typeId: number;

const newDevice = async (name: string) => {
  const res = await admin.post('/api/device', { name, team_id: teamId, type_id: typeId, uid_for_type: name });
  expect(res.json(), res.body).toHaveProperty('id');
  return (res.json() as { id: number }).id;
};

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pucs-test-certs-safety-'));
  t = await createTestApp({ PUCS_DATA_DIR: dataDir });
  const owner = await adminWithTeam(t, 'certx_admin');
  admin = owner.client;
  teamId = owner.teamId;
  otherAdmin = (await adminWithTeam(t, 'certx_other')).client;
  typeId = ((await admin.post('/api/type', { name: 'certx type', team_id: teamId })).json() as { id: number }).id;
});

afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('odd ids and other teams\' devices', () => {
  it("answers odd ids and another team's admin exactly like an unknown device", async () => {
    const id = await newDevice('odd ids');
    const odd = ['1.0', '-1', '0x1', '1e3', '01', '99999999999999999999', '2147483648', '%20' + id, '..%2F' + id, `${id}%00`, `${id}abc`];
    for (const what of ['certificate', 'private_key']) {
      for (const raw of odd) await expectError(admin.get(`/api/download/${what}/${raw}`), 404, ownMessages.notFound);
      await expectError(otherAdmin.get(`/api/download/${what}/${id}`), 404, ownMessages.notFound);
    }
    const { rows } = await t.db.query('SELECT 1 FROM device_certificate WHERE device_id = $1', [id]);
    expect(rows).toHaveLength(0);
  });
});

describe('making a certificate', () => {
  it('makes one certificate and key for 20 racing first requests', async () => {
    const id = await newDevice('race of twenty');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => admin.get(`/api/download/${i % 2 ? 'certificate' : 'private_key'}/${id}`)));
    expect(answers.every((r) => r.statusCode === 200 && r.headers['cache-control'] === 'no-store')).toBe(true);
    expect(new Set(answers.map((r) => r.body)).size).toBe(2);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM device_certificate WHERE device_id = $1', [id]);
    expect(rows[0].n).toBe(1);
  });

  it('answers 404, leaving no row, for a device deleted after the access check', async () => {
    const id = await newDevice('deleted meanwhile');
    expect((await admin.del(`/api/device/${id}`)).statusCode).toBeLessThan(300);
    // What the route does after finding the device visible, the device being gone by then.
    await expect(t.app.certs.device(t.db, id, 'deleted meanwhile')).rejects.toMatchObject({ status: 404, description: ownMessages.notFound });
    const { rows } = await t.db.query('SELECT 1 FROM device_certificate WHERE device_id = $1', [id]);
    expect(rows).toHaveLength(0);
  });

  it("does not give one device's key for another when the sealed key is moved", async () => {
    const [a, b] = [await newDevice('sealed a'), await newDevice('sealed b')];
    for (const id of [a, b]) expect((await admin.get(`/api/download/certificate/${id}`)).statusCode).toBe(200);
    await t.db.query('UPDATE device_certificate SET private_key_sealed = (SELECT private_key_sealed FROM device_certificate WHERE device_id = $1) WHERE device_id = $2', [a, b]);
    await expectError(admin.get(`/api/download/private_key/${b}`), 500, ownMessages.deviceKeyUnreadable);
  });
});

describe('the sealed key', () => {
  const secret = 'a key-encryption secret of more than 32 characters';

  it('uses a fresh nonce each time and opens only unaltered, under its own device id', async () => {
    const box = await SecretBox.open(secret, dataDir);
    const [one, two] = [box.seal('key text', '7'), box.seal('key text', '7')];
    expect(one).not.toBe(two);
    expect(box.open(one, '7')).toBe('key text');
    expect(() => box.open(one, '8')).toThrow();
    const raw = Buffer.from(one.split(':')[1], 'base64');
    raw[raw.length - 1] ^= 1;
    expect(() => box.open(`v1:${raw.toString('base64')}`, '7')).toThrow();
  });

  it('refuses a shortened authentication tag', async () => {
    const box = await SecretBox.open(secret, dataDir);
    // A forger needs only 2^32 tries for a 4-byte tag: made here with the key to show it is refused.
    const key = Buffer.from(hkdfSync('sha256', secret, 'pucs', 'device private keys, aes-256-gcm', 32));
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: 4 }).setAAD(Buffer.from('7'));
    cipher.final();
    expect(() => box.open(`v1:${Buffer.concat([iv, cipher.getAuthTag()]).toString('base64')}`, '7')).toThrow();
  });

  it('refuses an empty key-encryption secret file rather than encrypting under it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pucs-empty-secret-'));
    try {
      writeFileSync(join(dir, 'key-encryption.secret'), '\n', { mode: 0o600 });
      await expect(SecretBox.open(undefined, dir)).rejects.toThrow(ownMessages.keySecretFileWeak);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a broken or lost CA folder', () => {
  /** The files of a folder and their texts ({} when it is missing). */
  const snapshot = (dir: string) =>
    existsSync(dir) ? Object.fromEntries(readdirSync(dir).map((name) => [name, readFileSync(join(dir, name), 'utf8')])) : {};

  /** A server makes its CA and a device certificate; breakIt damages the CA folder; a restart must stop, leaving the folder as it is. */
  const restartAfter = async (breakIt: (caDir: string) => void, message: (caDir: string) => string) => {
    const dir = mkdtempSync(join(tmpdir(), 'pucs-broken-ca-'));
    const made = await createTestApp({ PUCS_DATA_DIR: dir });
    try {
      const owner = await adminWithTeam(made, 'broken_ca');
      const type = ((await owner.client.post('/api/type', { name: 't', team_id: owner.teamId })).json() as { id: number }).id;
      const device = ((await owner.client.post('/api/device', { name: 'd', team_id: owner.teamId, type_id: type, uid_for_type: 'u' })).json() as { id: number }).id;
      expect((await owner.client.get(`/api/download/certificate/${device}`)).statusCode).toBe(200);
      const caDir = join(dir, 'ca');
      breakIt(caDir);
      const left = snapshot(caDir);
      await expect(buildApp({ db: made.db, config: made.config })).rejects.toThrow(message(caDir));
      expect(snapshot(caDir)).toEqual(left);
    } finally {
      await made.close();
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('stops the start when ca.key is missing', () => restartAfter((caDir) => unlinkSync(join(caDir, 'ca.key')), ownMessages.caFolderBroken));

  it('stops the start when ca.key is corrupt', () => restartAfter((caDir) => writeFileSync(join(caDir, 'ca.key'), 'not a key'), ownMessages.caFolderBroken));

  it('stops the start when the folder is gone while device certificates are stored', () =>
    restartAfter((caDir) => rmSync(caDir, { recursive: true }), (caDir) => ownMessages.caFolderMissing(caDir, 1)));
});

describe('a given CA', () => {
  it('stops the start when PUCS_CA_CERT is not a CA certificate', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pucs-leaf-ca-'));
    try {
      const keys = (await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
      const leaf = await x509.X509CertificateGenerator.createSelfSigned({
        serialNumber: '01',
        name: 'CN=not a CA',
        notBefore: new Date(Date.now() - 60_000),
        notAfter: new Date(Date.now() + 86_400_000),
        signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
        keys,
        extensions: [new x509.BasicConstraintsExtension(false, undefined, true)],
      });
      writeFileSync(join(dir, 'leaf.pem'), leaf.toString('pem'));
      writeFileSync(join(dir, 'leaf.key'), x509.PemConverter.encode(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey), 'PRIVATE KEY'));
      const config = { ...t.config, caCert: join(dir, 'leaf.pem'), caKey: join(dir, 'leaf.key') };
      await expect(buildApp({ db: t.db, config })).rejects.toThrow(ownMessages.caCertNotCa);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('where the key never shows', () => {
  it('is absent from the public QR info and the OpenAPI document', async () => {
    const id = await newDevice('public info');
    const key = (await admin.get(`/api/download/private_key/${id}`)).body;
    expect(key).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    const qr = ((await admin.post(`/api/device_qr_code/${id}`)).json() as { id: string }).id;
    const info = await api(t.app).get(`/api/execute_qr_code_action/${qr}`);
    expect(info.statusCode).toBe(200);
    expect(info.body).not.toContain('PRIVATE KEY');
    expect(info.body).not.toContain('v1:');
    const doc = await api(t.app).get('/api/openapi.json');
    expect(doc.body).not.toContain('BEGIN PRIVATE KEY');
  });
});
