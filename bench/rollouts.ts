/**
 * A rollout over a big fleet (issue 30, Bench): BENCH_DEVICES (100,000) devices seeded by SQL
 * (bench/deviceCheckinsSeed.ts) on PostgreSQL (DATABASE_URL) or PGlite (fewer devices), a firmware
 * uploaded for them through /api, and a rollout over all of them made and started through /api in three
 * phases (0.1 %, 1 %, the rest) while the simulator's devices check in from another process
 * (bench/rolloutsDevices.ts). The app runs in this process with its own engine turned off
 * (PUCS_ROLLOUT_TICK_MS=0); this process runs the engine's tick itself (engineTick, the function the
 * server's loop calls, every BENCH_TICK_MS after the last ended, and at once when a device's update ends
 * while a phase is in its tail, as the loop does) so that each tick can be timed. Runs until BENCH_LAST_PHASE_TICKS ticks went by within the last phase (or BENCH_MAX_S in
 * all), then aborts the rollout. Prints, and asserts nothing:
 *   (a) per phase change, the time from the phase's end (its last device's report answered) to the next
 *       phase's target first answered to one of its devices by a check-in (goal < 2 s), split into the
 *       wait for the engine and the wait for a check-in;
 *   (b) the engine's cost per tick (ms), per phase with the phase's size, the ticks starting a phase apart;
 *   (c) GET /api/rollout/{id}/progress p50/p95 while the rollout runs (goal < 200 ms p95), beside GET
 *       /api/current_user's in the same run (the machine is shared: the ratio is the steadier figure);
 *   (d) while it runs, the devices table's first page as the console asks it (with its total): its p50/p95,
 *       how many of its totals were counted anew rather than answered from the count cache
 *       (server/crud/countCache.ts), and how many notifications of device changes this process received;
 *   (e) the abort, made while the devices go on checking in: its answer's time, its longest transaction
 *       (each transaction locking a rollout's row is timed, from its first statement to its commit: the
 *       engine is stopped by then, so these are the abort's), and the check-ins' p50/p95 while it runs
 *       beside those of the 10 s before it.
 * Each run starts from the same fleet: the bench team's rollouts are deleted and its devices put back
 * on the seed's firmware before the app starts (BENCH_DATA_DIR keeps the fleet's CA and key).
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { readConfig } from '../server/config';
import { buildApp } from '../server/app';
import { ensureAdmin } from '../server/auth/bootstrap';
import { openConfiguredDatabase } from '../server/runtime/openConfiguredDatabase';
import type { Database, Queryable } from '../server/db/database';
import { engineTick } from '../server/rollouts/loop';
import { ConsoleSession } from '../server/simulator/consoleSession';
import { listAll } from '../server/simulator/fleet';
import { uploadDemoFirmwares } from '../server/demo/liveFirmwares';
import { phaseSizes, type Phase } from '../src/schemas/rolloutPlan';
import { categories } from '../src/schemas/index';
import { listFields } from '../src/dataProvider/listQuery';
import { signIn } from './benchServer';
import { BENCH_TEAM, FIRMWARE, FLEET_FILE, KEY_FILE, seedFleet } from './deviceCheckinsSeed';

const ON_POSTGRES = Boolean(process.env.DATABASE_URL);
const DEVICES = Number(process.env.BENCH_DEVICES || (ON_POSTGRES ? 100_000 : 10_000));
const DATA_DIR = resolve(process.env.BENCH_DATA_DIR || `/tmp/pucs-bench-rollouts-${ON_POSTGRES ? 'pg' : 'pglite'}`);
const TICK_MS = Number(process.env.BENCH_TICK_MS || 1000);
/** Ticks wholly within the last phase before the run ends (the tick starting it tells its devices, and may last long). */
const LAST_PHASE_TICKS = Number(process.env.BENCH_LAST_PHASE_TICKS || 10);
const MAX_S = Number(process.env.BENCH_MAX_S || 300);
const PORT = Number(process.env.BENCH_PORT || 8598);
/** Check-ins a second of the devices beyond the first two phases (bench/rolloutsDevices.ts): the fleet's load, lighter on the embedded database. */
const RATE = process.env.BENCH_RATE || (ON_POSTGRES ? '300' : '20');
const USER = { username: 'bench', password: 'bench-password' };
const NEW_VERSION = '2.2.0';
/** The rollout's phases: a pilot of 0.1 %, then 1 %, then the rest (by count, so their sizes are the same each run). */
const PHASES: Phase[] = [{ count: Math.max(1, Math.round(DEVICES / 1000)) }, { count: Math.max(1, Math.round(DEVICES / 100)) }, { percent: 100 }];

const say = (line: string) => console.log(line);
const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
};

/** The fleet, and the bench team's devices back on the seed's firmware with no target and no update, no rollout. */
async function prepare(db: Database, config: ReturnType<typeof readConfig>) {
  const started = performance.now();
  const fleet = await seedFleet(db, config, DEVICES, say);
  const team = (await db.query<{ id: number }>('SELECT id FROM team WHERE name = $1', [BENCH_TEAM])).rows[0].id;
  const seedFirmware = (await db.query<{ id: number }>('SELECT id FROM firmware WHERE team_id = $1 AND version = $2', [team, FIRMWARE.version])).rows[0].id;
  await db.query('DELETE FROM rollout WHERE team_id = $1', [team]);
  await db.query(
    `UPDATE device SET target_firmware_id = NULL, current_firmware_id = $2, update_state = NULL, update_firmware_id = NULL, update_message = NULL, update_changed = NULL,
       firmware_history = jsonb_build_array(firmware_history -> 0)
     WHERE team_id = $1 AND (target_firmware_id IS NOT NULL OR current_firmware_id IS DISTINCT FROM $2 OR update_state IS NOT NULL)`,
    [team, seedFirmware],
  );
  await db.query(
    `INSERT INTO role (team_id, user_id, role_id) SELECT $1, id, 3 FROM "user" WHERE username = $2 ON CONFLICT (team_id, user_id) DO UPDATE SET role_id = 3`,
    [team, USER.username],
  );
  await db.exec('ANALYZE');
  say(`fleet ready: ${fleet.ids.length} devices of team ${team} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return { fleet, team };
}

/** The engine's ticks, timed, with the rollout's phase before and after each. */
interface Tick {
  ms: number;
  before: number;
  after: number;
  /** Date.now() when it ended. */
  at: number;
}

async function rolloutPhase(db: Database, id: number) {
  return (await db.query<{ phase: number; state: string }>('SELECT phase, state FROM rollout WHERE id = $1', [id])).rows[0];
}

function runEngine(app: FastifyInstance, id: number, stop: AbortSignal): { ticks: Tick[]; done: Promise<void> } {
  const ticks: Tick[] = [];
  const deps = { db: app.db, registry: app.registry };
  // As the server's loop does (server/rollouts/loop.ts): a device's update ended while the last tick found
  // a phase in its tail: the next tick at once (right after the one under way).
  let tail = new Set<number>();
  let ticking = false;
  const reportedDuringTick = new Set<number>();
  let woken = false;
  let wake = () => {};
  const unlisten = app.updateEnded.listen((deviceId) => {
    if (ticking) reportedDuringTick.add(deviceId);
    else if (tail.has(deviceId)) {
      woken = true;
      wake();
    }
  });
  const done = (async () => {
    while (!stop.aborted) {
      const before = (await rolloutPhase(app.db, id)).phase;
      const t0 = performance.now();
      ticking = true;
      reportedDuringTick.clear();
      tail = await engineTick(deps, (message) => say(`engine: ${message}`));
      ticking = false;
      const took = performance.now() - t0;
      ticks.push({ ms: took, before, after: (await rolloutPhase(app.db, id)).phase, at: Date.now() });
      if ([...reportedDuringTick].some((device) => tail.has(device)) || woken) {
        woken = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          stop.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, TICK_MS);
        wake = done;
        stop.addEventListener('abort', done, { once: true });
      });
      wake = () => {};
      woken = false;
    }
    unlisten();
  })();
  return { ticks, done };
}

/** A transaction that locked a rollout's row: when its first statement was sent and when it committed (Date.now()). */
interface Span {
  start: number;
  end: number;
}

/** Times every transaction of `db` that locks a rollout's row (server/rollouts/row.ts lockRollout): the rollouts' actions and steps. */
function timeRolloutTransactions(db: Database): Span[] {
  const spans: Span[] = [];
  const real = db.transaction.bind(db);
  db.transaction = async <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => {
    let start = 0;
    let locks = false;
    const result = await real((tx) => {
      start = Date.now();
      const query: Queryable['query'] = (sql, ...rest) => {
        if (/FROM "rollout" WHERE "id" = \$1 FOR UPDATE/.test(sql)) locks = true;
        return tx.query(sql, ...rest);
      };
      return fn(new Proxy(tx, { get: (target, prop) => (prop === 'query' ? query : (Reflect.get(target, prop) as unknown)) }));
    });
    if (locks) spans.push({ start, end: Date.now() });
    return result;
  };
  return spans;
}

/** The devices' totals counted anew (the count statements of a list page: server/crud/listCounts.ts) and the notifications of device changes received. */
function watchDeviceCounts(db: Database) {
  const seen = { counts: 0, notifications: 0 };
  const real = db.query.bind(db);
  db.query = ((sql: string, ...rest: unknown[]) => {
    if (/count\(\*\)::int AS n FROM "device"/.test(sql)) seen.counts++;
    return real(sql, ...(rest as [unknown[]]));
  }) as Database['query'];
  db.onChange((payload) => {
    if (payload.startsWith('rows:device')) seen.notifications++;
  });
  return seen;
}

/** The devices table's first page with its total, as the console asks for it. */
function devicesPage(base: string): string {
  const device = categories.find((c) => c.key === 'device')!;
  return `${base}/api/full/device?fields=${encodeURIComponent(listFields(device).join(','))}&sort=${encodeURIComponent('["name","ASC"]')}&range=${encodeURIComponent('[0,24]')}&filter=%7B%7D`;
}

/** GET progress, GET current_user and the devices table's first page one after the other, again and again, timed. */
function poll(base: string, cookie: string, id: number, stop: AbortSignal) {
  const times = { progress: [] as number[], progressPhase: [] as number[], currentUser: [] as number[], devicesPage: [] as number[], refused: 0 };
  const timed = async (url: string, into: number[]) => {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    const body = await res.text();
    if (!res.ok) times.refused++;
    else {
      into.push(performance.now() - t0);
      // The phase the progress answered: its figures per phase below.
      if (into === times.progress) times.progressPhase.push((JSON.parse(body) as { phase: number }).phase);
    }
  };
  const done = (async () => {
    while (!stop.aborted) {
      await timed(`${base}/api/rollout/${id}/progress`, times.progress);
      await timed(`${base}/api/current_user`, times.currentUser);
      await timed(devicesPage(base), times.devicesPage);
      await sleep(100, undefined, { signal: stop }).catch(() => {});
    }
  })();
  return { times, done };
}

async function main() {
  mkdirSync(DATA_DIR, { recursive: true });
  const config = readConfig({
    ...process.env,
    PUCS_DATA_DIR: DATA_DIR,
    PUCS_ROLLOUT_TICK_MS: '0',
    PUCS_ADMIN_USER: USER.username,
    PUCS_ADMIN_PASSWORD: USER.password,
    PUCS_DIST_DIR: '/nonexistent-dist',
  });
  say(`PUCS rollout bench: ${DEVICES} devices on ${ON_POSTGRES ? 'PostgreSQL' : `PGlite (${DATA_DIR})`}, phases ${phaseSizes(DEVICES, PHASES).join(' / ')}, engine tick every ${TICK_MS} ms`);
  const opened = await openConfiguredDatabase(config);
  const { db } = opened;
  await ensureAdmin(db, config);
  const { fleet, team } = await prepare(db, config);
  const spans = timeRolloutTransactions(db);
  const deviceCounts = watchDeviceCounts(db);
  const app = await buildApp({ db, config });
  await app.ready();
  const base = `http://127.0.0.1:${PORT}`;
  await app.listen({ host: '127.0.0.1', port: PORT });
  const stop = new AbortController();
  let devices: ReturnType<typeof spawn> | undefined;
  try {
    const session = await ConsoleSession.signIn(base, USER.username, USER.password);
    const types = await listAll<{ id: number }>(session, 'type', { team_id: team }, 'id');
    let firmware = (await listAll<{ id: number; version: string }>(session, 'firmware', { team_id: team }, 'id,version')).find((f) => f.version === NEW_VERSION);
    firmware ??= await session.json<{ id: number; version: string }>('POST', '/api/firmware', { name: FIRMWARE.name, version: NEW_VERSION, team_id: team, type_id: types[0].id });
    await uploadDemoFirmwares(session, team);

    const fast = PHASES.slice(0, 2).reduce((sum, p) => sum + ('count' in p ? p.count : 0), 0);
    devices = spawn(process.execPath, ['--import', 'tsx', 'bench/rolloutsDevices.ts', base, join(DATA_DIR, FLEET_FILE), join(DATA_DIR, KEY_FILE), String(fast), String(firmware.id)], {
      env: { ...process.env, BENCH_RATE: RATE },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    devices.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const ended = new Promise<number | null>((done) => devices!.on('exit', done));
    while (!out.includes('ready')) {
      if (devices.exitCode !== null) throw new Error(`the devices' process ended: ${out}`);
      await sleep(100);
    }
    say(out.trim());

    const rollout = await session.json<{ id: number }>('POST', '/api/rollout', {
      name: `Bench rollout ${new Date().toISOString().replace(/[:T]/g, '-').slice(0, 19)}`,
      team_id: team,
      firmware_id: firmware.id,
      device_filter: {},
      phases: PHASES,
      failure_threshold_percent: 20,
      advance: 'auto',
    });
    const t0 = performance.now();
    await session.json('PUT', `/api/rollout/${rollout.id}/state`, { action: 'start' });
    say(`start (takes ${DEVICES} devices, sets phase 1's targets): ${ms(performance.now() - t0)}`);
    const cookie = await signIn(base, USER);
    const engine = runEngine(app, rollout.id, stop.signal);
    const polling = poll(base, cookie, rollout.id, stop.signal);
    const watched = { ...deviceCounts, since: Date.now() };

    const began = Date.now();
    for (;;) {
      await sleep(1000);
      const { phase, state } = await rolloutPhase(db, rollout.id);
      const inLast = engine.ticks.filter((t) => t.before === PHASES.length && t.after === PHASES.length).length;
      const over = state !== 'running' || inLast >= LAST_PHASE_TICKS || Date.now() - began >= MAX_S * 1000;
      if (over) {
        say(`stopped at phase ${phase} (${state}) after ${((Date.now() - began) / 1000).toFixed(0)} s`);
        break;
      }
    }
    stop.abort();
    await Promise.all([engine.done, polling.done]);
    const churn = { counts: deviceCounts.counts - watched.counts, notifications: deviceCounts.notifications - watched.notifications, s: (Date.now() - watched.since) / 1000 };
    // The abort while the devices go on checking in, the engine stopped: the rollout's transactions from now on are the abort's.
    const { rows: toGive } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM rollout_device WHERE rollout_id = $1 AND targeted AND state <> 'succeeded'`, [rollout.id]);
    const abort = { start: Date.now(), end: 0, devices: toGive[0].n, held: 0 };
    await session.json('PUT', `/api/rollout/${rollout.id}/state`, { action: 'abort' });
    abort.end = Date.now();
    abort.held = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM rollout_device WHERE rollout_id = $1 AND holds', [rollout.id])).rows[0].n;
    devices.kill('SIGTERM');
    await ended;
    const seen = JSON.parse(out.trim().split('\n').at(-1)!) as { targetAt: [number, number][]; endedAt: [number, number][]; checkins: [number, number][] };
    report(fleet.ids, seen, engine.ticks, polling.times);
    const pages = polling.times.devicesPage;
    say(
      `(d) the devices table's first page while it runs: p50 ${ms(quantile(pages, 0.5))}  p95 ${ms(quantile(pages, 0.95))}  (${pages.length} pages); ` +
        `totals counted anew: ${churn.counts} (${(churn.counts / pages.length).toFixed(2)} a page); notifications of device changes: ${churn.notifications} (${(churn.notifications / churn.s).toFixed(1)}/s)`,
    );
    reportAbort(abort, spans, seen.checkins);
  } finally {
    stop.abort();
    if (devices && devices.exitCode === null) devices.kill('SIGTERM');
    await app.close();
    await opened.close();
  }
}

function report(ids: number[], seen: { targetAt: [number, number][]; endedAt: [number, number][] }, ticks: Tick[], times: ReturnType<typeof poll>['times']) {
  const sizes = phaseSizes(ids.length, PHASES);
  const sorted = [...ids].sort((a, b) => a - b);
  const phaseOf = new Map<number, number>();
  let k = 0;
  sizes.forEach((size, i) => sorted.slice(k, (k += size)).forEach((id) => phaseOf.set(id, i + 1)));
  const targetAt = new Map(seen.targetAt);
  const endedAt = new Map(seen.endedAt);
  const inPhase = (phase: number) => sorted.filter((id) => phaseOf.get(id) === phase);

  say('(a) phase end (its last device\'s report answered) -> the next phase\'s target first answered to one of its devices  goal < 2 s');
  for (let phase = 1; phase < sizes.length; phase++) {
    const ends = inPhase(phase).map((id) => endedAt.get(id));
    if (ends.some((t) => t === undefined)) {
      say(`  phase ${phase} -> ${phase + 1}: phase ${phase} did not end within the run (${ends.filter((t) => t !== undefined).length} of ${ends.length} devices reported its end)`);
      continue;
    }
    const end = Math.max(...(ends as number[]));
    const next = inPhase(phase + 1).map((id) => targetAt.get(id)).filter((t): t is number => t !== undefined);
    const started = ticks.find((t) => t.before === phase && t.after > phase);
    if (next.length === 0 || !started) {
      say(`  phase ${phase} -> ${phase + 1}: no device of phase ${phase + 1} was answered its target within the run`);
      continue;
    }
    const first = Math.min(...next);
    say(
      `  phase ${phase} (${sizes[phase - 1]} devices) -> ${phase + 1} (${sizes[phase]}): ${ms(first - end)}  ` +
        `(the tick starting it began ${ms(started.at - started.ms - end)} after the end and took ${ms(started.ms)}, its devices told in chunks; ` +
        `${next.length} of its ${sizes[phase]} devices answered it by the end of the run)`,
    );
  }

  say(`(b) the engine's cost per tick (every ${TICK_MS} ms, ${ticks.length} ticks)`);
  for (let phase = 1; phase <= sizes.length; phase++) {
    const during = ticks.filter((t) => t.before === phase && t.after === phase).map((t) => t.ms);
    if (during.length > 0) say(`  during phase ${phase} (${sizes[phase - 1]} devices): p50 ${ms(quantile(during, 0.5))}  p95 ${ms(quantile(during, 0.95))}  max ${ms(Math.max(...during))}  (${during.length} ticks)`);
    const starting = ticks.find((t) => t.before === phase - 1 && t.after === phase && phase > 1);
    if (starting) say(`  the tick ending phase ${phase - 1} and starting phase ${phase} (${sizes[phase - 1]} targets set): ${ms(starting.ms)}`);
  }

  const p95 = quantile(times.progress, 0.95);
  const base95 = quantile(times.currentUser, 0.95);
  say(
    `(c) GET /api/rollout/{id}/progress while it runs: p50 ${ms(quantile(times.progress, 0.5))}  p95 ${ms(p95)}  (${times.progress.length} calls answered, ${times.refused} of both calls not)  goal < 200 ms p95`,
  );
  for (let phase = 1; phase <= sizes.length; phase++) {
    const during = times.progress.filter((_, i) => times.progressPhase[i] === phase);
    if (during.length > 0) say(`    during phase ${phase}: p50 ${ms(quantile(during, 0.5))}  p95 ${ms(quantile(during, 0.95))}  (${during.length} calls)`);
  }
  say(`    GET /api/current_user in the same run: p50 ${ms(quantile(times.currentUser, 0.5))}  p95 ${ms(base95)}; progress p95 ${(p95 / base95).toFixed(1)}x its p95`);
}

function reportAbort(abort: { start: number; end: number; devices: number; held: number }, spans: Span[], checkins: [number, number][]) {
  const mine = spans.filter((t) => t.start >= abort.start && t.end <= abort.end).map((t) => t.end - t.start);
  say(
    `(e) abort (${abort.devices} devices told and not succeeded given their previous target back) while the devices check in: answered in ${ms(abort.end - abort.start)}, ` +
      `${mine.length} transactions, the longest ${ms(Math.max(...mine))}; devices still held after the answer: ${abort.held}`,
  );
  // A check-in overlapping the abort (answered after its start, sent before its end), and those answered in the 10 s before it.
  const during = checkins.filter(([at, took]) => at >= abort.start && at - took <= abort.end).map(([, took]) => took);
  const before = checkins.filter(([at]) => at >= abort.start - 10_000 && at < abort.start).map(([, took]) => took);
  const line = (values: number[]) => `p50 ${ms(quantile(values, 0.5))}  p95 ${ms(quantile(values, 0.95))}  max ${ms(Math.max(...values))}  (${values.length} check-ins)`;
  say(`    check-ins during the abort: ${line(during)}`);
  say(`    check-ins in the 10 s before it: ${line(before)}; p95 during ${(quantile(during, 0.95) / quantile(before, 0.95)).toFixed(1)}x before`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
