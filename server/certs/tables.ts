/**
 * Device certificates live in a table of their own, not in the device row, so that no list, CSV,
 * expansion or public answer can ever carry a private key: those read category tables only.
 * Made by the migration after the category tables, like the sign-in tables (server/db/serverTables.ts
 * gathers them).
 */
import type { Queryable } from '../db/database';
import type { OwnTables } from '../db/ownTables';

export const CERTS_TABLES: OwnTables = {
  names: ['device_certificate'],
  ddl: `
CREATE TABLE IF NOT EXISTS device_certificate (
  device_id integer PRIMARY KEY REFERENCES device(id) ON DELETE CASCADE,
  certificate text NOT NULL,
  private_key_sealed text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
};

/**
 * Forgets the device's key (in the transaction moving it to another team): the team it left
 * downloaded it, so the device's new team gets a new one on its first download.
 */
export async function forgetDeviceKey(tx: Queryable, deviceId: number): Promise<void> {
  await tx.query('DELETE FROM device_certificate WHERE device_id = $1', [deviceId]);
}
