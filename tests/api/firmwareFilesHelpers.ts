/**
 * Firmware file helpers for the API tests: a multipart body built by hand (as a browser sends it),
 * the SHA3-256 the console computes, and a firmware ready for its upload.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createOk } from './crudFixtures';
import type { Client } from './helpers';
import { CSRF_HEADER } from '../../src/csrf';

export const sha3 = (bytes: Buffer) => createHash('sha3-256').update(bytes).digest('hex');

/** One file part named `part`; the file name is sent as raw UTF-8, as browsers do. */
export function multipartBody(part: string, filename: string, bytes: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----pucs${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${part}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head, 'utf8'), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function uploader(app: FastifyInstance, cookie: string) {
  return (id: number, bytes: Buffer, filename = 'fw.bin', part = 'firmware') => {
    const { payload, headers } = multipartBody(part, filename, bytes);
    return app.inject({ method: 'POST', url: `/api/upload/firmware/${id}`, payload, headers: { ...headers, cookie, ...CSRF_HEADER } });
  };
}

let made = 0;

/** A firmware of the team announcing the hash of `bytes` (hashFirst), not uploaded yet. */
export async function firmwareFor(c: Client, team: number, type: number, bytes: Buffer | undefined): Promise<number> {
  made++;
  const body = { name: `fw${made}`, version: '1.0.0', team_id: team, type_id: type, ...(bytes ? { firmware_hash: sha3(bytes) } : {}) };
  return (await createOk(c, 'firmware', body)).id as number;
}

/** The files of the content-addressed store under `filesDir`. */
export function storeFiles(filesDir: string): string[] {
  const root = join(filesDir, 'sha3');
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((prefix) => readdirSync(join(root, prefix)));
}
