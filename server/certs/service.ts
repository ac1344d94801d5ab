/**
 * The server's certificate authority and the devices' certificates. A CA given by PUCS_CA_CERT and
 * PUCS_CA_KEY is read at start (a wrong path or key stops the start); else the CA is made in
 * PUCS_DATA_DIR/ca (ca.pem, ca.key) the first time one is needed and kept from then on; an existing
 * folder is read at start, so a damaged one stops the start rather than failing each download.
 * A device's certificate is made when first asked for: racing first requests insert with
 * ON CONFLICT DO NOTHING and all answer the row that won.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Queryable } from '../db/database';
import { detached } from '../db/clientGone';
import type { ServerConfig } from '../config';
import { notFoundError } from '../crud/access';
import { ApiError } from '../http/errors';
import { ownMessages } from '../../src/messages';
import { folderOnce } from './dataFiles';
import { SecretBox } from './secretBox';
import { createCaPem, createDevicePem, loadCa, type CertificateAuthority } from './x509';

export const CA_FOLDER = 'ca';
export const CA_COMMON_NAME = 'PUCS device CA';
const FOREIGN_KEY_VIOLATION = '23503';

export interface DeviceCredentials {
  certPem: string;
  /** Decrypted on demand: a certificate still downloads when the key-encryption secret changed. */
  keyPem(): Promise<string>;
}

export interface CertificateService {
  ca(): Promise<CertificateAuthority & { certPem: string }>;
  /**
   * The device's certificate and key, made on first call; the download calls it in its transaction,
   * which holds the device's row and writes the download's entry (routes.ts).
   */
  device(db: Queryable, deviceId: number, uid: string): Promise<DeviceCredentials>;
}

/** Memoises a start-once promise, forgetting a failure so that the next call tries again. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => (pending ??= detached(make).catch((err: unknown) => {
    pending = undefined;
    throw err;
  }));
}

async function caPem(config: ServerConfig): Promise<{ certPem: string; keyPem: string }> {
  if (config.caCert && config.caKey) {
    const [certPem, keyPem] = await Promise.all([readFile(config.caCert, 'utf8'), readFile(config.caKey, 'utf8')]);
    return { certPem, keyPem };
  }
  const files = await folderOnce(config.dataDir, CA_FOLDER, ['ca.pem', 'ca.key'], async () => {
    const made = await createCaPem(CA_COMMON_NAME);
    return { 'ca.pem': made.certPem, 'ca.key': made.keyPem };
  });
  return { certPem: files['ca.pem'], keyPem: files['ca.key'] };
}

/**
 * At start, a CA folder that exists must load, and a missing one must not be replaced while device
 * certificates signed by it are stored: a new CA would silently orphan every one of them.
 */
async function checkCaFolder(db: Queryable, config: ServerConfig, ca: () => Promise<unknown>): Promise<void> {
  const dir = join(config.dataDir, CA_FOLDER);
  const present = await stat(dir).then(
    () => true,
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return false;
      throw err;
    },
  );
  if (present) {
    await ca().catch((err: unknown) => {
      throw new Error(ownMessages.caFolderBroken(dir), { cause: err });
    });
    return;
  }
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM device_certificate');
  if (rows[0].n > 0) throw new Error(ownMessages.caFolderMissing(dir, rows[0].n));
}

export async function certificateService(config: ServerConfig, db: Queryable): Promise<CertificateService> {
  if (!config.caCert !== !config.caKey) throw new Error(ownMessages.caSettingsTogether);
  const ca = once(async () => {
    const { certPem, keyPem } = await caPem(config);
    return { ...(await loadCa(certPem, keyPem)), certPem };
  });
  const box = once(() => SecretBox.open(config.sessionSecret, config.dataDir));
  if (config.caCert) await ca();
  else await checkCaFolder(db, config, ca);

  const stored = async (db: Queryable, deviceId: number) => {
    const { rows } = await db.query<{ certificate: string; private_key_sealed: string }>(
      'SELECT certificate, private_key_sealed FROM device_certificate WHERE device_id = $1',
      [deviceId],
    );
    return rows[0];
  };

  return {
    ca,
    async device(db, deviceId, uid) {
      const context = String(deviceId);
      let row = await stored(db, deviceId);
      if (!row) {
        const made = await createDevicePem(await ca(), deviceId, uid);
        await db
          .query(
            'INSERT INTO device_certificate (device_id, certificate, private_key_sealed) VALUES ($1, $2, $3) ON CONFLICT (device_id) DO NOTHING',
            [deviceId, made.certPem, (await box()).seal(made.keyPem, context)],
          )
          .catch((err: unknown) => {
            // A foreign-key violation: the device was deleted after the access check; the 404 of an unknown device, not a 500.
            if ((err as { code?: unknown }).code !== FOREIGN_KEY_VIOLATION) throw err;
          });
        // Missing only when the device was deleted meanwhile.
        row = await stored(db, deviceId);
        if (!row) throw notFoundError();
      }
      const sealed = row.private_key_sealed;
      const keyPem = async () => {
        const opener = await box();
        try {
          return opener.open(sealed, context);
        } catch {
          throw new ApiError(500, ownMessages.deviceKeyUnreadable);
        }
      };
      return { certPem: row.certificate, keyPem };
    },
  };
}
