/**
 * The fleet of bench/deviceCheckins.ts, made by direct SQL because enrolling 100,000 devices through
 * the console's API (a certificate made with a fresh key pair each, about 8 ms) would take longer than
 * the bench itself. Idempotent: the team 'bench-checkins' is found or made and only what is missing is
 * added, so a second run starts at once.
 *
 * All bench devices share ONE key pair (bench-device.key.pem in the data dir): the load generator then
 * signs with one parsed key. Each device still gets a certificate row of its own (CN = its id, its uid
 * in the SAN, its own serial, signed by the server's CA, the key sealed for that device as the server
 * seals it), so the server parses and caches one certificate per device exactly as with a real fleet.
 * A certificate is made from a template: its serial, subject and SAN are replaced and it is signed
 * again with the CA key: about 1 ms a device (sealing and insert included) instead of about 8 ms for a
 * certificate and key pair made by server/certs/x509.ts.
 */
// Before @peculiar/x509, as in server/certs/x509.ts.
import 'reflect-metadata';
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign, webcrypto } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import { Certificate, GeneralName, Name, SubjectAlternativeName, id_ce_subjectAltName, id_ce_subjectKeyIdentifier } from '@peculiar/asn1-x509';
import * as x509 from '@peculiar/x509';
import type { Database } from '../server/db/database';
import type { ServerConfig } from '../server/config';
import { CA_FOLDER, certificateService } from '../server/certs/service';
import { SecretBox } from '../server/certs/secretBox';
import { createDevicePem } from '../server/certs/x509';

export const BENCH_TEAM = 'bench-checkins';
export const KEY_FILE = 'bench-device.key.pem';
export const FLEET_FILE = 'bench-fleet.json';
/** What every bench device runs and holds: the product's configuration, already synchronized. */
export const FIRMWARE = { name: 'core', version: '2.1.0' };
export const CONFIG = { rate: 5, mode: 'eco', report_every_s: 60, thresholds: { temperature: [-10, 45], humidity: [10, 90] }, ntp: ['pool.ntp.org'] };
const BATCH = 2_000;

/** What the load generator needs: the device ids and the report each one sends. */
export interface FleetFile {
  ids: number[];
  report: { firmware: typeof FIRMWARE; config_id: number; config: typeof CONFIG };
}

const one = async (db: Database, sql: string, params: unknown[] = []) => (await db.query<{ id: number }>(sql, params)).rows[0]?.id;

async function findOrInsert(db: Database, table: string, where: string, insert: string, params: unknown[]): Promise<number> {
  return (await one(db, `SELECT id FROM ${table} WHERE ${where}`, params)) ?? (await one(db, `${insert} RETURNING id`, params))!;
}

/** Certificates for many devices with one public key, from a template re-signed by the CA key. */
function certificateMaker(templatePem: string, caKeyPem: string) {
  const caKey = createPrivateKey(caKeyPem);
  const cert = AsnConvert.parse(new x509.X509Certificate(templatePem).rawData, Certificate);
  const tbs = cert.tbsCertificate;
  const san = tbs.extensions!.find((e) => e.extnID === id_ce_subjectAltName)!;
  return (deviceId: number, uid: string): string => {
    const serial = new Uint8Array(randomBytes(16));
    // Positive with a non-zero first byte: a leading 0x00 would be an invalid (non-minimal) DER integer.
    serial[0] = 0x40 | (serial[0] & 0x3f);
    tbs.serialNumber = serial.buffer;
    tbs.subject = AsnConvert.parse(new x509.Name(`CN=${deviceId}`).toArrayBuffer(), Name);
    const names = new SubjectAlternativeName([new GeneralName({ uniformResourceIdentifier: `urn:pucs:uid:${encodeURIComponent(uid)}` })]);
    san.extnValue = new OctetString(AsnConvert.serialize(names));
    cert.signatureValue = new Uint8Array(sign('sha256', Buffer.from(AsnConvert.serialize(tbs)), caKey)).buffer;
    const der = Buffer.from(AsnConvert.serialize(cert)).toString('base64');
    return `-----BEGIN CERTIFICATE-----\n${der.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
  };
}

export async function seedFleet(db: Database, config: ServerConfig, count: number, log: (line: string) => void): Promise<FleetFile> {
  const teamId = await findOrInsert(db, 'team', 'name = $1', 'INSERT INTO team (name) VALUES ($1)', [BENCH_TEAM]);
  const typeId = await findOrInsert(db, 'type', 'team_id = $1 AND name = $2', 'INSERT INTO type (team_id, name) VALUES ($1, $2)', [teamId, 'bench-type']);
  const firmwareId = await findOrInsert(
    db,
    'firmware',
    'team_id = $1 AND type_id = $2 AND name = $3 AND version = $4',
    'INSERT INTO firmware (team_id, type_id, name, version) VALUES ($1, $2, $3, $4)',
    [teamId, typeId, FIRMWARE.name, FIRMWARE.version],
  );
  const configText = JSON.stringify(CONFIG);
  const configId = await findOrInsert(db, 'config', 'team_id = $1 AND config = $2', 'INSERT INTO config (team_id, config, date) VALUES ($1, $2, now())', [teamId, configText]);

  const history = JSON.stringify([{ config_id: configId, date: new Date().toISOString(), source: 'device' }]);
  await db.query(
    `INSERT INTO device (name, team_id, type_id, uid_for_type, current_firmware_id, firmware_history, config_id, config_state, last_config_sync, config_history, date)
     SELECT 'bench-' || lpad(g::text, 6, '0'), $1, $2, 'bench-' || lpad(g::text, 6, '0'), $3, jsonb_build_array(jsonb_build_object('date', now()::text, 'firmware_id', $3::int)),
       $4, 'synchronized', now(), $5::jsonb, now()
     FROM generate_series(1, $6::int) g
     ON CONFLICT DO NOTHING`,
    [teamId, typeId, firmwareId, configId, history, count],
  );

  // A new CA or a new shared key orphans the certificates made before: they are made again.
  const keyFile = join(config.dataDir, KEY_FILE);
  if (!existsSync(join(config.dataDir, CA_FOLDER)) || !existsSync(keyFile)) {
    await db.query('DELETE FROM device_certificate WHERE device_id IN (SELECT id FROM device WHERE team_id = $1)', [teamId]);
  }
  if (!existsSync(keyFile)) {
    writeFileSync(keyFile, generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, { mode: 0o600 });
  }
  const keyPem = readFileSync(keyFile, 'utf8');
  const ca = await (await certificateService(config, db)).ca();
  const box = await SecretBox.open(config.sessionSecret, config.dataDir);
  // The template: a certificate as the server makes one, but for the shared key.
  const template = new x509.X509Certificate((await createDevicePem(ca, 0, 'template')).certPem);
  const spki = createPublicKey(keyPem).export({ type: 'spki', format: 'der' });
  const publicKey = await webcrypto.subtle.importKey('spki', spki, { name: 'ECDSA', namedCurve: 'P-256' }, true, ['verify']);
  const templateWithKey = await x509.X509CertificateGenerator.create({
    serialNumber: '01',
    subject: 'CN=0',
    issuer: ca.certificate.subject,
    notBefore: template.notBefore,
    notAfter: template.notAfter,
    signingAlgorithm: ca.algorithm,
    publicKey,
    signingKey: ca.privateKey,
    extensions: [
      ...template.extensions.filter((e) => e.type !== id_ce_subjectKeyIdentifier),
      await x509.SubjectKeyIdentifierExtension.create(publicKey),
    ],
  });
  const make = certificateMaker(templateWithKey.toString('pem'), readFileSync(join(config.dataDir, CA_FOLDER, 'ca.key'), 'utf8'));

  const missing = (
    await db.query<{ id: number; uid: string }>(
      `SELECT d.id, d.uid_for_type AS uid FROM device d LEFT JOIN device_certificate c ON c.device_id = d.id
       WHERE d.team_id = $1 AND c.device_id IS NULL ORDER BY d.id LIMIT $2`,
      [teamId, count],
    )
  ).rows;
  const started = performance.now();
  for (let i = 0; i < missing.length; i += BATCH) {
    const batch = missing.slice(i, i + BATCH);
    await db.query(
      'INSERT INTO device_certificate (device_id, certificate, private_key_sealed) SELECT * FROM unnest($1::int[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING',
      [batch.map((d) => d.id), batch.map((d) => make(d.id, d.uid)), batch.map((d) => box.seal(keyPem, String(d.id)))],
    );
    if ((i / BATCH) % 10 === 9) log(`  certificates ${i + batch.length}/${missing.length} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  const ids = (await db.query<{ id: number }>('SELECT id FROM device WHERE team_id = $1 ORDER BY id LIMIT $2', [teamId, count])).rows.map((r) => r.id);
  log(`fleet: ${ids.length} devices (${missing.length} certificates made now), team ${teamId}, firmware ${firmwareId}, config ${configId}`);
  const fleet: FleetFile = { ids, report: { firmware: FIRMWARE, config_id: configId, config: CONFIG } };
  writeFileSync(join(config.dataDir, FLEET_FILE), JSON.stringify(fleet));
  return fleet;
}
