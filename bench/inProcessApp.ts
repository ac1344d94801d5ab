/**
 * The app in this process, on an in-memory PGlite (or DATABASE_URL), with a signed-in server
 * administrator: what the benches of one call's cost (typeCascade.ts, bulk.ts) start from, so that
 * they time the call and not a network.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import { ensureAdmin } from '../server/auth/bootstrap';
import { CSRF_HEADER } from '../src/csrf';

export type Call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => Promise<{ id: number }>;

export async function inProcessApp(): Promise<{ call: Call; close: () => Promise<void> }> {
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
  const call: Call = async (method, url, payload) => {
    const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as { id: number };
  };
  return {
    call,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}
