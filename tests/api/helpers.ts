/**
 * API test helpers: a fresh, migrated database per call (a copy of the run's template, globalSetup.ts:
 * PGlite's folder, or a database on the PostgreSQL server of DATABASE_URL), the real app on it, and small clients that
 * sign in and call it with inject like a browser would (cookie + X-Requested-With).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect, inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app';
import { readConfig, type ServerConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/database';
import { hashPassword } from '../../server/auth/password';
import { usernameKey } from '../../server/auth/usernameKey';
import { ROLE } from '../../src/schemas/role';
import { CSRF_HEADER } from '../../src/csrf';
import { databaseUrl } from './databaseUrl';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: ServerConfig;
  /** The database's postgres:// address (PostgreSQL only): another process would connect there. */
  url?: string;
  close(): Promise<void>;
}

async function freshDatabase(): Promise<{ db: Database; url?: string; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(join(inject('pgliteCopies'), 'db-'));
    cpSync(inject('pgliteTemplate'), dir, { recursive: true });
    const db = await openDatabase({ dataDir: dir });
    return { db, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `pucs_test_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ url });
  await admin.exec(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  const own = databaseUrl(url, name);
  const db = await openDatabase({ url: own });
  return {
    db,
    url: own,
    drop: async () => {
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

export async function createTestApp(env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const { db, url, drop } = await freshDatabase();
  // A files folder of its own: the app cleans its store at start, so it must never be a real one.
  const filesDir = mkdtempSync(join(tmpdir(), 'pucs-test-files-'));
  // No rollout engine unless a test asks for one (PUCS_ROLLOUT_TICK_MS): its ticks would add statements to any test's counts.
  const config = readConfig({ PUCS_DIST_DIR: '/nonexistent-dist', PUCS_FILES_DIR: filesDir, PUCS_ROLLOUT_TICK_MS: '0', ...env });
  const app = await buildApp({ db, config });
  await app.ready();
  return {
    app,
    db,
    config,
    url,
    async close() {
      await app.close();
      await db.close();
      await drop();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

export async function createUser(
  db: Database,
  username: string,
  password: string,
  opts: { serverAdmin?: boolean } = {},
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO "user" (username, username_key, password_hash, is_server_admin) VALUES ($1, $2, $3, $4) RETURNING id',
    [username, usernameKey(username), await hashPassword(password), opts.serverAdmin === true],
  );
  return rows[0].id;
}

/** A team with the given members: [userId, role] pairs (role 3 = admin). */
export async function createTeam(db: Database, name: string, members: [number, number][]): Promise<number> {
  const { rows } = await db.query<{ id: number }>('INSERT INTO team (name) VALUES ($1) RETURNING id', [name]);
  for (const [userId, role] of members) {
    await db.query('INSERT INTO role (team_id, user_id, role_id) VALUES ($1, $2, $3)', [rows[0].id, userId, role]);
  }
  return rows[0].id;
}

export { ROLE };

/** Signs in through POST /api/login and returns the Cookie header value. */
export async function signIn(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    headers: CSRF_HEADER,
    payload: { username, password },
  });
  if (res.statusCode !== 204) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'pucs_session');
  if (!cookie) throw new Error('no session cookie');
  return `${cookie.name}=${cookie.value}`;
}

export interface Client {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  del(url: string): Promise<LightMyRequestResponse>;
}

/** A client that calls the app as the console does; cookie undefined = signed out. */
export function api(app: FastifyInstance, cookie?: string): Client {
  const headers = { ...CSRF_HEADER, ...(cookie ? { cookie } : {}) };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
  return {
    get: (url) => call('GET', url),
    post: (url, body) => call('POST', url, body ?? {}),
    put: (url, body) => call('PUT', url, body ?? {}),
    del: (url) => call('DELETE', url),
  };
}

/** A signed-in user with a team of their own where they are admin. */
export async function adminWithTeam(t: TestApp, username: string, teamName = `${username}_team`) {
  const password = 'correct horse battery';
  const userId = await createUser(t.db, username, password);
  const teamId = await createTeam(t.db, teamName, [[userId, ROLE.ADMIN]]);
  const cookie = await signIn(t.app, username, password);
  return { userId, teamId, cookie, client: api(t.app, cookie), password };
}

/** A new user with the given role in each of `teams`, signed in. */
export async function memberOf(t: TestApp, username: string, teams: number[], role: number = ROLE.ADMIN): Promise<Client> {
  const password = 'correct horse battery';
  const userId = await createUser(t.db, username, password);
  for (const team of teams) await t.db.query('INSERT INTO role (team_id, user_id, role_id) VALUES ($1, $2, $3)', [team, userId, role]);
  return api(t.app, await signIn(t.app, username, password));
}

/** The Description of an error answer (spec section 8). */
export const description = (res: { json(): unknown }) => (res.json() as { Description?: string }).Description;

/** The call answers `status` with the Description `text`. */
export async function expectError(res: Promise<{ statusCode: number; json(): unknown }>, status: number, text: string): Promise<void> {
  const r = await res;
  expect(description(r)).toBe(text);
  expect(r.statusCode).toBe(status);
}

/** How many queries `fn` sends to the app's database (the app calls t.db.query at call time). */
export async function queriesDuring(t: TestApp, fn: () => Promise<unknown>): Promise<number> {
  const query = t.db.query.bind(t.db);
  let n = 0;
  t.db.query = ((sql: string, params?: unknown[], prepared?: string) => {
    n++;
    return query(sql, params, prepared);
  }) as typeof t.db.query;
  try {
    await fn();
  } finally {
    t.db.query = query;
  }
  return n;
}
