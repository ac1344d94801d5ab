/**
 * Benchmarks with their own command (npm run bench); they print figures, they assert nothing.
 * On a fresh in-memory database: migration time, demo seed time (2,000 devices), then the
 * server under load from autocannon on loopback: the device list the console reads, one page
 * of the full device list, and the full form of a type with its lists.
 */
import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { buildApp } from '../server/app';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '../server/config';
import { seedDemo } from '../server/demo/seed';
import { ensureAdmin } from '../server/auth/bootstrap';
import { CSRF_HEADER } from '../src/csrf';

const DURATION_S = Number(process.env.BENCH_SECONDS || 5);

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const result = await fn();
  console.log(`${label.padEnd(44)} ${(performance.now() - t0).toFixed(0).padStart(7)} ms`);
  return result;
}

async function load(title: string, url: string, cookie: string) {
  const r = await autocannon({ url, connections: 10, duration: DURATION_S, headers: { cookie } });
  console.log(
    `${title.padEnd(44)} ${r.requests.average.toFixed(0).padStart(7)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  errors ${r.errors + r.non2xx}`,
  );
}

async function main() {
  const db = await timed('open in-memory PGlite', () => openDatabase({}));
  await timed('migrate (all categories)', () => migrate(db));
  const config = readConfig({ PUCS_DIST_DIR: '/nonexistent', PUCS_FILES_DIR: mkdtempSync(join(tmpdir(), 'pucs-bench-files-')), PUCS_ADMIN_USER: 'bench', PUCS_ADMIN_PASSWORD: 'bench-password' });
  await ensureAdmin(db, config);
  await timed('seed demo fleet (2,000 devices)', () => seedDemo(db));
  const app = await buildApp({ db, config });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${address}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...CSRF_HEADER },
    body: JSON.stringify({ username: 'bench', password: 'bench-password' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const type = await db.query<{ id: number }>('SELECT id FROM type ORDER BY id LIMIT 1');

  await timed('GET /api/device (all, id,name,team_id) once', () =>
    fetch(`${address}/api/device?fields=id,name,team_id`, { headers: { cookie } }).then((r) => r.text()),
  );
  await load('GET /api/device?fields=id,name,team_id', `${address}/api/device?fields=id,name,team_id`, cookie);
  const page1 = `range=${encodeURIComponent('[0,24]')}&sort=${encodeURIComponent('["name","ASC"]')}&filter=%7B%7D`;
  await load('GET /api/full/device page 1 (console table)', `${address}/api/full/device?${page1}`, cookie);
  await load('GET /api/full/device (all fields)', `${address}/api/full/device`, cookie);
  await load(`GET /api/full/type/{id} (lists)`, `${address}/api/full/type/${type.rows[0].id}`, cookie);
  await timed('GET /api/dashboard once', () => fetch(`${address}/api/dashboard`, { headers: { cookie } }).then((r) => r.text()));
  await load('GET /api/dashboard (home page figures)', `${address}/api/dashboard`, cookie);
  console.log(`${'peak RSS'.padEnd(44)} ${(process.resourceUsage().maxRSS / 1024).toFixed(0).padStart(7)} MB`);
  await app.close();
  await db.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
