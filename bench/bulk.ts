/**
 * Time of the console's bulk actions on DEVICES devices (default 2,000; issue 27 item 7: under 5 s
 * on the embedded database): set the target firmware, move into a group and delete, each sent as
 * the console sends it, BATCH_MAX ids per PUT or DELETE /api/batch/device (server/batch/), on an
 * in-memory PGlite (or DATABASE_URL). Prints the figures; asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import { ensureAdmin } from '../server/auth/bootstrap';
import { CSRF_HEADER } from '../src/csrf';
import { BATCH_MAX, batchPath } from '../src/batch';

const DEVICES = Number(process.env.DEVICES || 2000);

async function main() {
  const db = await openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : {});
  await migrate(db);
  const config = readConfig({ PUCS_DIST_DIR: '/nonexistent-dist', PUCS_FILES_DIR: mkdtempSync(join(tmpdir(), 'pucs-bench-files-')), PUCS_ADMIN_USER: 'bench', PUCS_ADMIN_PASSWORD: 'bench-password' });
  await ensureAdmin(db, config);
  const app = await buildApp({ db, config });
  await app.ready();
  const headers: Record<string, string> = { ...CSRF_HEADER };
  const login = await app.inject({ method: 'POST', url: '/api/login', headers, payload: { username: 'bench', password: 'bench-password' } });
  const session = login.cookies.find((c) => c.name === 'pucs_session')!;
  headers.cookie = `${session.name}=${session.value}`;
  const call = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as { id: number };
  };
  const team = (await call('POST', '/api/team', { name: `bulk bench ${Date.now()}` })).id;
  const type = (await call('POST', '/api/type', { name: 'bulk bench', team_id: team })).id;
  const firmware = (name: string) => call('POST', '/api/firmware', { name, version: '1.0.0', team_id: team, type_id: type });
  const own = (await firmware('own fw')).id;
  const group = (await call('POST', '/api/devices_group', { name: 'bench group', team_id: team, type_id: type, target_firmware_id: (await firmware('group fw')).id })).id;
  const ids: number[] = [];
  for (let i = 0; i < DEVICES; i++) ids.push((await call('POST', '/api/device', { name: `bench ${i}`, team_id: team, type_id: type, uid_for_type: `B-${i}` })).id);

  /** The console's way: one call per BATCH_MAX ids, in turn. */
  const timed = async (label: string, method: 'PUT' | 'DELETE', body: object) => {
    const t0 = performance.now();
    for (let start = 0; start < ids.length; start += BATCH_MAX) await call(method, batchPath('device'), { ids: ids.slice(start, start + BATCH_MAX), ...body });
    console.log(`${`${label}, ${DEVICES} devices`.padEnd(48)} ${((performance.now() - t0) / 1000).toFixed(2)} s`);
  };
  await timed('batch set target firmware', 'PUT', { data: { target_firmware_id: own } });
  await timed('batch move into a group', 'PUT', { data: { group_id: group } });
  await timed('batch delete', 'DELETE', {});
  await app.close();
  await db.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
