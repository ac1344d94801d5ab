/**
 * The demo's firmwares are rows without files, so the device API would announce no target firmware.
 * Before the live devices start, each enabled firmware of their team without a file gets a small one,
 * uploaded through /api as a user would (its SHA3-256 announced first): the devices then download,
 * verify and install their targets for real.
 */
import { createHash } from 'node:crypto';
import type { ConsoleSession } from '../simulator/consoleSession';
import { listAll } from '../simulator/fleet';

const FILE_BYTES = 64 * 1024;

interface FirmwareRow {
  id: number;
  name: string;
  version: string;
  filename: string | null;
  is_disabled: number | null;
}

/** A file that says which firmware it is, the same on every run. */
export function demoFirmwareBytes(name: string, version: string): Buffer<ArrayBuffer> {
  const line = Buffer.from(`PUCS demo firmware ${name} ${version}\n`);
  return Buffer.concat(Array.from({ length: Math.ceil(FILE_BYTES / line.length) }, () => line)).subarray(0, FILE_BYTES);
}

/** Uploads the missing files; answers how many. */
export async function uploadDemoFirmwares(session: ConsoleSession, teamId: number): Promise<number> {
  const firmwares = await listAll<FirmwareRow>(session, 'firmware', { team_id: teamId }, 'id,name,version,filename,is_disabled');
  const missing = firmwares.filter((f) => !f.filename && !f.is_disabled);
  for (const f of missing) {
    const bytes = demoFirmwareBytes(f.name, f.version);
    await session.json('PUT', `/api/firmware/${f.id}`, { firmware_hash: createHash('sha3-256').update(bytes).digest('hex') });
    await session.upload(`/api/upload/firmware/${f.id}`, 'firmware', `${f.name}-${f.version}.bin`, bytes);
  }
  return missing.length;
}
