/**
 * Check-ins per second of a large fleet (issue 10): the real server in a process of its own (PGlite,
 * or PostgreSQL when DATABASE_URL is set), a fleet of BENCH_DEVICES (100,000) seeded by SQL, then
 * BENCH_CONCURRENCY (200) devices checking in for BENCH_SECONDS (60) through the real HTTP device API
 * from a load generator in another process. Prints the rate of check-ins answered 2xx and their
 * p50/p95/p99 (refused ones, 503, apart), each beside its goal (issue 28), errors and the server's
 * RSS (start, peak, end: memory must not grow over the run); asserts nothing.
 * With BENCH_RATE, an open load at that fixed rate instead (the goal's form: 1,500/s, p95 of each
 * check-in timed from when it was due; BENCH_WARMUP_S, the first seconds' check-ins sent but not counted).
 * The data dir (BENCH_DATA_DIR) is kept, so a second run reuses the fleet.
 * The devices check in one after another through the fleet, so in a run shorter than a pass over it
 * no device checks in twice: the server's public-key cache misses every time, as in the first poll
 * interval after a start (the costliest one).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { readConfig } from '../server/config';
import { openConfiguredDatabase } from '../server/runtime/openConfiguredDatabase';
import { FLEET_FILE, KEY_FILE, seedFleet } from './deviceCheckinsSeed';

const DEVICES = Number(process.env.BENCH_DEVICES || 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS || 60);
const ON_POSTGRES = Boolean(process.env.DATABASE_URL);
// The CA and sealed keys of the fleet live here and must match its database: one dir per engine.
const DATA_DIR = resolve(process.env.BENCH_DATA_DIR || `/tmp/pucs-bench-checkins-${ON_POSTGRES ? 'pg' : 'pglite'}`);

/** Issue 28's goals for this bench, printed beside the figures. */
const GOAL = ON_POSTGRES ? 'goal >= 1,500/s, p95 < 50 ms' : 'goal >= 500/s, none unanswered';
/** BENCH_RATE: an open load at that many check-ins a second (deviceCheckinsLoad.ts) instead of BENCH_CONCURRENCY devices at once. */
const RATE = Number(process.env.BENCH_RATE || 0);

const say = (line: string) => console.log(line);
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

const freePort = () =>
  new Promise<number>((done, fail) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
    s.on('error', fail);
  });

/** A process and its children's children (the server's workers with PUCS_WORKERS > 1), from /proc (Linux). */
function processTree(pid: number): number[] {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
  return [pid, ...children.flatMap(processTree)];
}

/** Resident memory of a process and its children in MB. */
function rssMb(pid: number): number {
  return processTree(pid).reduce((sum, p) => {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
    return sum + (kb ? Number(kb[1]) / 1024 : NaN);
  }, 0);
}

/** CPU seconds (user + system) a process and its children have used so far. */
function cpuSeconds(pid: number): number {
  return processTree(pid).reduce((sum, p) => {
    const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return sum + (Number(fields[11]) + Number(fields[12])) / 100;
  }, 0);
}

/** `node --import tsx <script>`: one process (not tsx's wrapper), so its pid is the one to measure. */
const runTs = (script: string, args: string[], env: NodeJS.ProcessEnv, nodeFlags: string[] = []) =>
  spawn(process.execPath, [...nodeFlags, '--import', 'tsx', script, ...args], { env, stdio: ['ignore', 'pipe', 'inherit'] });

// BENCH_CPU_PROF=<dir>: the server writes a CPU profile there when it stops (open it in Chrome's DevTools).
const PROFILE_DIR = process.env.BENCH_CPU_PROF;

function waitForLine(child: ChildProcess, pattern: RegExp): Promise<void> {
  return new Promise((done, fail) => {
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (pattern.test(seen)) done();
    });
    child.on('exit', (code) => fail(new Error(`server exited (${code}) before it was ready:\n${seen}`)));
  });
}

async function seed() {
  mkdirSync(DATA_DIR, { recursive: true });
  const config = readConfig({ ...process.env, PUCS_DATA_DIR: DATA_DIR });
  const started = performance.now();
  const opened = await openConfiguredDatabase(config);
  try {
    const fleet = await seedFleet(opened.db, config, DEVICES, say);
    if (ON_POSTGRES) await opened.db.exec('ANALYZE');
    say(`seeding (or checking) ${fleet.ids.length} devices took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await opened.close();
  }
}

async function main() {
  const config = readConfig(process.env);
  say(`engine ${ON_POSTGRES ? 'PostgreSQL' : 'PGlite'}, ${config.workers} server process(es), PUCS_MAX_INFLIGHT ${config.maxInflight}, data dir ${DATA_DIR}, load average ${load()}`);
  await seed();

  const port = Number(process.env.BENCH_PORT) || (await freePort());
  const server = runTs('server/start.ts', [], {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUCS_DATA_DIR: DATA_DIR,
    PUCS_SKIP_BUILD: '1',
    PUCS_ADMIN_USER: 'bench',
    PUCS_ADMIN_PASSWORD: 'bench-password',
  }, PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${resolve(PROFILE_DIR)}`] : []);
  try {
    await waitForLine(server, /running at/);
    const pid = server.pid!;
    const rss = { start: rssMb(pid), peak: 0 };
    rss.peak = rss.start;
    const sampler = setInterval(() => (rss.peak = Math.max(rss.peak, rssMb(pid))), 250);
    // Whether memory settles or keeps growing: the RSS every 10 s of the run.
    const timeline: number[] = [];
    const timelineSampler = setInterval(() => timeline.push(rssMb(pid)), 10_000);

    const generator = runTs('bench/deviceCheckinsLoad.ts', [`http://127.0.0.1:${port}`, join(DATA_DIR, FLEET_FILE), join(DATA_DIR, KEY_FILE)], process.env);
    const cpuAtStart = cpuSeconds(pid);
    let generatorCpu = 0;
    const generatorSampler = setInterval(() => (generatorCpu = cpuSeconds(generator.pid!)), 1000);
    let out = '';
    generator.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((done) => generator.on('exit', done));
    clearInterval(sampler);
    clearInterval(timelineSampler);
    clearInterval(generatorSampler);
    const end = rssMb(pid);
    const serverCpu = cpuSeconds(pid) - cpuAtStart;
    if (code !== 0) throw new Error(`load generator exited with ${code}: ${out}`);
    const r = JSON.parse(out.trim().split('\n').at(-1)!) as Record<string, number> & { statuses: Record<string, number>; firstSeconds: number[] };
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    say(
      `check-ins answered 2xx: ${r.perSecond.toFixed(0)}/s  p50 ${ms(r.p50)}  p95 ${ms(r.p95)}  p99 ${ms(r.p99)}  (${GOAL})  ` +
        `(${r.checkins} in ${SECONDS} s, ${RATE ? `open loop: ${RATE} sent a second whatever the answers, each timed from when it was due` : `${process.env.BENCH_CONCURRENCY || 200} devices at once, each waiting for its answer`})`,
    );
    say(
      `refused 503: ${r.refused} (${(r.refused / SECONDS).toFixed(0)}/s, not in the rate)  unanswered within 10 s: ${r.timeouts} (counted at 10 s in the percentiles)  ` +
        `statuses ${JSON.stringify(r.statuses)}  errors ${r.errors}` +
        (RATE ? `  sent late by the load generator, p95 ${ms(r.sentLateP95)} (in the latencies)` : ''),
    );
    const perCheckin = (cpu: number) => ((cpu / r.checkins) * 1000).toFixed(2);
    say(
      `CPU: server ${serverCpu.toFixed(1)} s (${perCheckin(serverCpu)} ms a check-in), ` +
        `load generator at least ${generatorCpu.toFixed(1)} s (${perCheckin(generatorCpu)} ms a check-in), over ${SECONDS} s on 2 shared cores`,
    );
    say(`check-ins answered 2xx in each of the first seconds: ${r.firstSeconds.join(', ')}`);
    say(`server RSS start ${rss.start.toFixed(0)} MB, peak ${rss.peak.toFixed(0)} MB, end ${end.toFixed(0)} MB; load average ${load()}`);
    say(`server RSS every 10 s (MB): ${timeline.map((mb) => mb.toFixed(0)).join(', ')}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((done) => (server.exitCode !== null ? done(null) : server.on('exit', done)));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
