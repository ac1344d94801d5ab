/**
 * GET /device-api/v1/firmware/{id}: a device fetches the file of its own target firmware, and only
 * that one (any other id is the 404 of an unknown one), with the Range, If-Range, ETag and HEAD of
 * the console's download (server/files/download.ts), so an update resumes over a bad network.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFoundError } from '../crud/access';
import { sendStoredFile } from '../files/download';
import type { FileCategory } from '../files/references';
import { checkSignature, deviceUnauthorized, type DeviceToken } from './auth';

const READ = `
SELECT c."certificate", f."filename", f."firmware_hash", f."is_disabled"
FROM "device" d
LEFT JOIN "device_certificate" c ON c."device_id" = d."id"
LEFT JOIN "firmware" f ON f."id" = d."target_firmware_id" AND f."id" = $2
WHERE d."id" = $1`;

interface Read {
  certificate: string | null;
  filename: string | null;
  firmware_hash: string | null;
  is_disabled: number | null;
}

export async function sendTargetFirmware(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, token: DeviceToken, id: number | undefined): Promise<FastifyReply> {
  const { rows } = await app.db.query<Read>(READ, [token.deviceId, id ?? null], 'pucs_device_firmware_read');
  const row = rows[0];
  if (!row) throw deviceUnauthorized();
  await checkSignature(token, row.certificate);
  if (id === undefined || row.firmware_hash === null || row.is_disabled === 1) throw notFoundError();
  return sendStoredFile(app, request, reply, app.registry.get('firmware') as FileCategory, { filename: row.filename, firmware_hash: row.firmware_hash });
}
