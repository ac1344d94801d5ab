/**
 * Heavy reads beside a light one (issue 28 item 1): the server as `npm start` runs it on the demo
 * fleet (BENCH_DEVICES, default 20,000; PGlite in BENCH_DATA_DIR, or DATABASE_URL). For 0, 4 and 8
 * clients looping heavy calls (the full firmware and type lists, each client waiting out a 503's
 * Retry-After as a client should), one signed-in user asks the light GET /api/current_user one
 * call after another for BENCH_HEAVY_SECONDS (10). Prints, and asserts nothing: the light call's
 * p50/p95 with the goal beside it and its ratio to the run's own 0-client baseline (the machine is
 * shared: take the ratios), and how the heavy calls were answered (200s and 503s).
 */
import { performance } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { line, seed, signIn, startServer, type BenchServerOptions } from './benchServer';

const DEVICES = Number(process.env.BENCH_DEVICES || 20_000);
const SECONDS = Number(process.env.BENCH_HEAVY_SECONDS || 10);
const PORT = Number(process.env.BENCH_PORT || 8599);
const USER = { username: 'bench', password: 'bench password 1' };
const SERVER: BenchServerOptions = {
  port: PORT,
  dataDir: resolve(process.env.BENCH_DATA_DIR || join(tmpdir(), `pucs-bench-heavy-${DEVICES}`)),
  devices: DEVICES,
  user: USER,
  databaseUrl: process.env.DATABASE_URL,
};
const base = `http://127.0.0.1:${PORT}`;
const HEAVY = ['/api/full/firmware', '/api/full/type'];
const LIGHT = '/api/current_user';

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Loops heavy calls until `stop`, counting answers by status. */
async function heavyClient(cookie: string, first: number, stop: () => boolean, statuses: Map<number, number>) {
  for (let i = first; !stop(); i++) {
    const res = await fetch(`${base}${HEAVY[i % HEAVY.length]}`, { headers: { cookie } }).catch(() => undefined);
    const status = res?.status ?? 0;
    await res?.arrayBuffer();
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const retryAfter = Number(res?.headers.get('retry-after') ?? 0);
    if (retryAfter > 0 && !stop()) await new Promise((ok) => setTimeout(ok, retryAfter * 1000));
  }
}

/** The light call's times (ms) one after another for SECONDS while `heavyClients` loop heavy calls. */
async function phase(cookie: string, heavyClients: number) {
  const until = performance.now() + SECONDS * 1000;
  const stop = () => performance.now() >= until;
  const statuses = new Map<number, number>();
  const clients = Array.from({ length: heavyClients }, (_, i) => heavyClient(cookie, i, stop, statuses));
  const times: number[] = [];
  const lightStatuses = new Map<number, number>();
  while (!stop()) {
    const t0 = performance.now();
    const res = await fetch(`${base}${LIGHT}`, { headers: { cookie } });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    lightStatuses.set(res.status, (lightStatuses.get(res.status) ?? 0) + 1);
  }
  await Promise.all(clients);
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), count: times.length, statuses, lightStatuses };
}

const byStatus = (m: Map<number, number>) => [...m].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join('  ') || 'none';

async function main() {
  console.log(`PUCS heavy reads bench: ${SECONDS} s per phase on ${DEVICES} devices, ${SERVER.databaseUrl ? 'PostgreSQL' : `PGlite (${SERVER.dataDir})`}`);
  await seed(SERVER);
  const server = await startServer(SERVER);
  try {
    const cookie = await signIn(base, USER);
    let baseline = 0;
    for (const clients of [0, 4, 8]) {
      const r = await phase(cookie, clients);
      if (clients === 0) baseline = r.p95;
      line(
        `${LIGHT} beside ${clients} heavy clients`,
        `p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms (goal < 100 ms p95; ${(r.p95 / baseline).toFixed(1)}x the 0-client p95)  ${r.count} calls, ${byStatus(r.lightStatuses)}`,
      );
      if (clients > 0) line(`  heavy calls answered`, byStatus(r.statuses));
    }
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
