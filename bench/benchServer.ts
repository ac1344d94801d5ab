/**
 * The server as `npm start` runs it, in a process of its own (so its memory is its own), on a demo
 * fleet seeded into a data dir kept between runs (PGlite) or into DATABASE_URL: shared by the
 * benchmarks that measure the real server (scale.ts, overload.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { resolve } from 'node:path';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { ensureAdmin } from '../server/auth/bootstrap';
import { seedDemo } from '../server/demo/seed';
import { embeddedDatabaseDir } from '../server/runtime/openConfiguredDatabase';
import { CSRF_HEADER } from '../src/csrf';

export interface BenchServerOptions {
  port: number;
  dataDir: string;
  devices: number;
  user: { username: string; password: string };
  databaseUrl?: string;
  /** More environment for the server (PUCS_MAX_INFLIGHT ...). */
  env?: NodeJS.ProcessEnv;
}

export const line = (label: string, value: string) => console.log(`${label.padEnd(46)} ${value}`);
export const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

/** The server's memory in kB: with PUCS_WORKERS, the primary's and its workers' together (peaks added: an upper bound). */
export function memory(pid: number): { rss: number; peak: number; processes: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  return children.map(memory).reduce((a, b) => ({ rss: a.rss + b.rss, peak: a.peak + b.peak, processes: a.processes + b.processes }), { rss: kb('VmRSS'), peak: kb('VmHWM'), processes: 1 });
}

/** The bench user and a demo fleet of `devices` (running it again adds nothing). */
export async function seed(opts: BenchServerOptions) {
  const t0 = performance.now();
  const db = await openDatabase(opts.databaseUrl ? { url: opts.databaseUrl } : { dataDir: embeddedDatabaseDir({ dataDir: opts.dataDir }) });
  await migrate(db);
  await ensureAdmin(db, { adminUser: opts.user.username, adminPassword: opts.user.password });
  const result = await seedDemo(db, { devices: opts.devices });
  await db.close();
  line(`seed (${result.total} devices, ${result.devices} added)`, `${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/** What `npm start` gives node (package.json: `node <flags> scripts/serve.mjs`): the figures are those of npm start. */
const npmStartArguments = (): string[] => (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start.split(/\s+/).slice(1);

export async function startServer(opts: BenchServerOptions): Promise<ChildProcess> {
  // BENCH_NODE_FLAGS: more flags for the server's node (--cpu-prof, to see where a request's time goes).
  const flags = (process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...flags, ...npmStartArguments()], {
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      PUCS_DATA_DIR: opts.dataDir,
      PUCS_ADMIN_USER: opts.user.username,
      PUCS_ADMIN_PASSWORD: opts.user.password,
      PUCS_SKIP_BUILD: '1',
      PUCS_DIST_DIR: resolve('dist'),
      NODE_ENV: '',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ok, fail) => {
    child.once('exit', (code) => fail(new Error(`server exited (${code})`)));
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('running at') && ok());
  });
  child.stdout!.resume();
  return child;
}

/** Signs in and returns the Cookie header value. */
export async function signIn(base: string, user: BenchServerOptions['user']): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...CSRF_HEADER },
    body: JSON.stringify(user),
  });
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}
