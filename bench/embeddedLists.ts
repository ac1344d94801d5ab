/**
 * The cost of the list answers that embed lists (issue 28 item 1): GET /api/full/firmware (each
 * firmware with its devices) and GET /api/full/type (each type with its firmwares, groups and
 * devices) on a demo fleet of BENCH_DEVICES devices (default 20,000), on PGlite (a data dir kept
 * between runs) or PostgreSQL (DATABASE_URL), the server as `npm start` runs it. The same run
 * measures twice: with the embedded lists cut at PUCS_MAX_LIST (10,000, as before the bound) and
 * with the default PUCS_MAX_EMBEDDED_LIST; beside each, a trivial signed-in call of the same server
 * as the baseline, since the machine is shared. Prints, and asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { line, seed, signIn, startServer, type BenchServerOptions } from './benchServer';

const DEVICES = Number(process.env.BENCH_DEVICES || 20_000);
const RUNS = Number(process.env.BENCH_RUNS || 12);
const PORT = Number(process.env.BENCH_PORT || 8603);
const DATABASE_URL = process.env.DATABASE_URL;
const DATA_DIR = resolve(process.env.BENCH_DATA_DIR || join(tmpdir(), `pucs-bench-embedded-${DEVICES}`));
const USER = { username: 'bench', password: 'bench password 1' };
const base = `http://127.0.0.1:${PORT}`;
const SERVER: BenchServerOptions = { port: PORT, dataDir: DATA_DIR, devices: DEVICES, user: USER, databaseUrl: DATABASE_URL, env: { PUCS_DIST_DIR: '/nonexistent-dist' } };

interface Figure {
  p50: number;
  p95: number;
  bytes: number;
}

/** One call at a time, RUNS times after two warm-ups: its median, 95th percentile and answer size. */
async function timed(path: string, cookie: string): Promise<Figure> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS + 2; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { cookie } });
    bytes = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    if (i >= 2) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p95: at(0.95), bytes };
}

const shown = (f: Figure) => `p50 ${f.p50.toFixed(1)} ms  p95 ${f.p95.toFixed(1)} ms  ${(f.bytes / 1024).toFixed(0)} KB`;

async function measure(label: string, env: NodeJS.ProcessEnv): Promise<Record<string, Figure>> {
  const server = await startServer({ ...SERVER, env: { ...SERVER.env, ...env } });
  try {
    const cookie = await signIn(base, USER);
    const figures: Record<string, Figure> = {};
    for (const path of ['/api/current_user', '/api/full/firmware', '/api/full/type']) {
      figures[path] = await timed(path, cookie);
      line(`${label}: GET ${path}`, shown(figures[path]));
    }
    return figures;
  } finally {
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
  }
}

async function main() {
  console.log(`PUCS embedded lists bench: ${DEVICES} devices on ${DATABASE_URL ? 'PostgreSQL' : `PGlite (${DATA_DIR})`}, ${RUNS} calls each`);
  await seed(SERVER);
  const before = await measure('cut at 10,000 (before)', { PUCS_MAX_EMBEDDED_LIST: '10000' });
  const after = await measure('bounded (default)', { PUCS_MAX_EMBEDDED_LIST: '' });
  for (const path of ['/api/full/firmware', '/api/full/type']) {
    const [b, a] = [before[path], after[path]];
    line(
      `GET ${path}, before -> after`,
      `p50 ${b.p50.toFixed(0)} -> ${a.p50.toFixed(0)} ms (${(b.p50 / a.p50).toFixed(1)}x less), ${(b.bytes / 1024).toFixed(0)} -> ${(a.bytes / 1024).toFixed(0)} KB (${(b.bytes / a.bytes).toFixed(1)}x less)  (goal: at most 100 objects a list, so a size and time that no longer follow the fleet: compare BENCH_DEVICES=2000)`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
