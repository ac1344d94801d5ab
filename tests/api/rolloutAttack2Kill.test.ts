/**
 * A real server process killed (kill -9) in the middle of telling a phase's devices, on PostgreSQL
 * (issue 30, second attack; rolloutsProcesses.test.ts kills a transaction inside this process): the
 * test holds one device's row, so the server's chunk of targets waits inside its UPDATE; the server
 * dies there. After it, nothing of the chunk is stored (every device either told, with its kept
 * previous target and its one audit entry, or untouched), and a server started again tells the
 * devices once and brings the rollout to its end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase } from '../../server/db/database';
import { AUDIT_TABLE } from '../../server/audit/tables';
import { until } from './databaseHold';
import { actOk, draft, fleet, progress, report, rolloutWorld, type World } from './rolloutHelpers';

let w: World;
const temp = mkdtempSync(join(tmpdir(), 'pucs-rollout-kill-'));

beforeAll(async () => {
  if (!process.env.DATABASE_URL) return;
  w = await rolloutWorld();
  // A console already built: the server does not build one.
  const dist = join(temp, 'dist');
  mkdirSync(dist);
  writeFileSync(join(dist, 'index.html'), '<html></html>');
  const future = new Date(Date.now() + 24 * 3_600_000);
  utimesSync(join(dist, 'index.html'), future, future);
});
afterAll(async () => {
  await w?.t.close();
  rmSync(temp, { recursive: true, force: true });
});

interface Server {
  child: ChildProcess;
  exited: Promise<unknown>;
  output: () => string;
}

/** The real server on the test's database, one process, its engine ticking. */
function startServer(): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: w.t.url,
      PUCS_WORKERS: '1',
      PUCS_ROLLOUT_TICK_MS: '20',
      PORT: '0',
      HOST: '127.0.0.1',
      // The test app's data folder: its device CA signed the fleet's certificates.
      PUCS_DATA_DIR: resolve(w.t.config.dataDir),
      PUCS_FILES_DIR: w.t.config.filesDir,
      PUCS_DIST_DIR: join(temp, 'dist'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  return { child, exited: new Promise((resolve) => child.on('exit', resolve)), output: () => out };
}

/** Waits for `cond`, failing at once should the server have died. */
async function whileAlive(server: Server, cond: () => Promise<boolean>) {
  await until(async () => {
    if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
    return cond();
  });
}

interface Told {
  device: number;
  targeted: boolean;
  previous: number | null;
  target: number;
  entries: number;
}

async function devicesOf(id: number): Promise<Told[]> {
  const { rows } = await w.t.db.query<Told>(
    `SELECT "rd"."device_id" AS "device", "rd"."targeted", "rd"."previous_target_id" AS "previous", "d"."target_firmware_id" AS "target",
            (SELECT count(*)::int FROM ${AUDIT_TABLE} AS "a" WHERE "a"."category" = 'device' AND "a"."action" = 'rollout' AND "a"."object_id" = "d"."id") AS "entries"
       FROM "rollout_device" AS "rd" JOIN "device" AS "d" ON "d"."id" = "rd"."device_id" WHERE "rd"."rollout_id" = $1 ORDER BY 1`,
    [id],
  );
  return rows;
}

describe.runIf(process.env.DATABASE_URL)('a server killed while it tells a phase’s devices', () => {
  it('leaves the chunk untold; started again, it tells each device once and the rollout finishes', async () => {
    const devices = await fleet(w, 6);
    const id = await draft(w, { device_ids: devices.map((d) => d.id), phases: [{ count: 2 }, { percent: 100 }], advance: 'auto' });
    await actOk(w, id, 'start');
    // The test holds the last device's row: the server's chunk of phase 2 waits for it inside its UPDATE.
    const holder = await openDatabase({ url: w.t.url });
    let release!: () => void;
    let locked!: () => void;
    const held = new Promise<void>((resolve) => (locked = resolve));
    const holding = holder.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM "device" WHERE "id" = $1 FOR UPDATE', [devices[5].id]);
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await held;
    for (const d of devices.slice(0, 2)) await report(w, d, 'succeeded');

    const first = startServer();
    let waiting: number | undefined;
    await whileAlive(first, async () => {
      const { rows } = await w.t.db.query<{ pid: number }>(
        `SELECT "pid" FROM pg_stat_activity WHERE "datname" = current_database() AND "wait_event_type" = 'Lock' AND "query" LIKE '%UPDATE "device"%'`,
      );
      waiting = rows[0]?.pid;
      return waiting !== undefined;
    });
    first.child.kill('SIGKILL');
    await first.exited;
    release();
    await holding;
    await holder.close();
    // The dead server's session ends without a commit once its UPDATE gets the row.
    await until(async () => (await w.t.db.query('SELECT 1 FROM pg_stat_activity WHERE "pid" = $1', [waiting])).rows.length === 0);

    expect((await progress(w, id)).history.map((e) => `${e.event}:${e.phase}`)).toEqual(['start:0', 'phase_started:1', 'phase_ended:1', 'phase_started:2']);
    const untold = { targeted: false, previous: null, target: w.oldFw, entries: 0 };
    const toldDevice = { targeted: true, previous: w.oldFw, target: w.newFw, entries: 1 };
    expect(await devicesOf(id)).toEqual(devices.map((d, i) => ({ device: d.id, ...(i < 2 ? toldDevice : untold) })));

    const second = startServer();
    try {
      await whileAlive(second, async () => (await devicesOf(id)).every((d) => d.targeted));
      expect(await devicesOf(id)).toEqual(devices.map((d) => ({ device: d.id, ...toldDevice })));
      for (const d of devices.slice(2)) await report(w, d, 'succeeded');
      await whileAlive(second, async () => (await progress(w, id)).state === 'finished');
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
    expect((await progress(w, id)).history.map((e) => `${e.event}:${e.phase}`)).toEqual([
      'start:0',
      'phase_started:1',
      'phase_ended:1',
      'phase_started:2',
      'phase_ended:2',
      'finished:2',
    ]);
    expect((await devicesOf(id)).map((d) => d.entries)).toEqual(devices.map(() => 1));
  }, 180_000);
});
