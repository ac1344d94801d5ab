/**
 * PUCS_WORKERS > 1 on PostgreSQL: several server processes on one port (node:cluster), since one
 * Node process uses one core. The primary does the start's one-time work (server/start.ts: build,
 * migration, first users, demo fleet; here the file store's cleaning), then serves nothing itself:
 * it forks the workers, prints the address once, replaces a worker that dies and stops them all
 * on SIGINT/SIGTERM. Each worker opens the database without migrating it and serves; the first
 * also runs the live demo, so that it runs once. What the processes must agree on goes through
 * PostgreSQL: sessions (NOTIFY), list totals, rate limits (server/auth/limitStore.ts).
 */
import cluster, { type Worker } from 'node:cluster';
import type { ServerConfig } from '../config';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/database';
import { registry } from '../registry';
import { FileStore } from '../files/store';
import { cleanStore } from '../files/cleanup';
import { liveDeviceCount, startLiveDemo, type LiveDemo } from '../demo/live';
import { ownMessages } from '../../src/messages';
import type { OpenedDatabase } from './openConfiguredDatabase';
import { listeningPort, stopOnSignals } from './serving';

/** A worker's place among the workers (0 runs the live demo), kept by the worker that replaces it. */
const WORKER_INDEX = 'PUCS_WORKER_INDEX';
/** A worker that dies is replaced after this long, doubled for each death in the last minute, up to a maximum. */
const RESTART_DELAY_MS = 500;
const RESTART_DELAY_MAX_MS = 30_000;
/** Workers still running this long after being told to stop are killed. */
const STOP_GRACE_MS = 10_000;

interface FromWorker {
  /** The worker could not start: why, in one line when it is known. */
  failed?: string;
}

export interface PrimaryOutput {
  say(line: string): void;
  /** The address and how to sign in, once the server listens on `port`. */
  announce(port: number): void;
}

export interface WorkerOutput {
  say(line: string): void;
  urlOf(port: number): string;
}

/** In the primary, once the database is ready: cleans the file store, forks the workers and watches them. */
export async function runPrimary(config: ServerConfig, opened: OpenedDatabase, out: PrimaryOutput): Promise<void> {
  const store = new FileStore(config.filesDir);
  await store.ensureDirs();
  await cleanStore(opened.db, registry, store);
  // The primary serves nothing: its connections would only sit idle.
  await opened.close();

  let started = false;
  let stopping = false;
  let failureTold = false;
  const listening = new Set<number>();
  const deaths: number[] = [];

  const stopAll = (code: number) => {
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
    if (stopping) {
      // A second Ctrl+C: do not wait.
      for (const w of alive) w.process.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    if (code === 0) out.say(ownMessages.stopping);
    if (alive.length === 0) process.exit(code);
    let left = alive.length;
    for (const w of alive) {
      w.once('exit', () => --left === 0 && process.exit(code));
      w.process.kill('SIGTERM');
    }
    setTimeout(() => {
      for (const w of alive) w.process.kill('SIGKILL');
      process.exit(code);
    }, STOP_GRACE_MS).unref();
  };

  const fork = (index: number) => {
    const worker = cluster.fork({ [WORKER_INDEX]: String(index) });
    worker.on('message', (message: FromWorker) => {
      if (!message.failed || (!started && failureTold)) return;
      // Before the start every worker fails alike: told once.
      failureTold = true;
      console.error(message.failed);
    });
    worker.once('listening', (address) => {
      listening.add(index);
      if (started || listening.size < config.workers) return;
      started = true;
      out.announce(address.port);
      out.say(ownMessages.serverProcesses(config.workers));
    });
    worker.once('exit', (code, signal) => {
      if (stopping) return;
      // A worker that cannot start is not one that died: the start failed.
      if (!started) return stopAll(1);
      const now = Date.now();
      deaths.push(now);
      while (deaths[0] <= now - 60_000) deaths.shift();
      const delay = Math.min(RESTART_DELAY_MAX_MS, RESTART_DELAY_MS * 2 ** (deaths.length - 1));
      out.say(ownMessages.serverProcessEnded(worker.process.pid ?? 0, signal ?? `exit code ${code}`, delay / 1000));
      setTimeout(() => !stopping && fork(index), delay);
    });
  };

  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));
  for (let i = 0; i < config.workers; i++) fork(i);
}

/** In a worker: opens the database, serves on the shared port until told to stop. */
export async function runWorker(config: ServerConfig, out: WorkerOutput): Promise<void> {
  let db: Database | undefined;
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    db = await openDatabase({ url: config.databaseUrl! });
    app = await buildApp({ db, config: { ...config, worker: true }, logger: 'warn' });
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    await db?.close().catch(() => {});
    const failed = (err as NodeJS.ErrnoException).code === 'EADDRINUSE' ? ownMessages.portInUse(config.port) : String((err as Error).stack ?? err);
    process.send?.({ failed } satisfies FromWorker, () => process.exit(1));
    return;
  }
  let live: LiveDemo | undefined;
  // Ctrl+C reaches every process of the terminal, and the primary then tells each worker too: stop once.
  const stopping = stopOnSignals({ app, db, live: () => live }, { again: 'ignore' });
  const port = listeningPort(app, config.port);
  if (config.demo && process.env[WORKER_INDEX] === '0') live = await startLiveDemo(app, out.urlOf(port), { count: liveDeviceCount(), log: out.say, stopping });
}
