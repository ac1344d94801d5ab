/**
 * What a serving process does on SIGINT and SIGTERM, and the port it listens on: the process of
 * `npm start`, or a worker of PUCS_WORKERS (cluster.ts). Stopping closes the live demo, then the
 * server (requests in flight end, within STOP_GRACE_MS), then the database, and exits 0.
 */
import type { FastifyInstance } from 'fastify';
import type { LiveDemo } from '../demo/live';

export interface Serving {
  app: FastifyInstance;
  db: { close(): Promise<void> };
  /** The live demo once started (it starts after the server listens). */
  live(): LiveDemo | undefined;
}

export interface StopRules {
  /** Said when the stop begins. */
  announce?: () => void;
  /** A second signal while stopping: 'exit' at once (a second Ctrl+C), or 'ignore' (a worker, told by the terminal and by the primary). */
  again: 'exit' | 'ignore';
}

/** How long a stop waits for the answers under way before it closes their connections. */
export const STOP_GRACE_MS = 10_000;

/**
 * Closes the server: the answers under way may end within `graceMs`, then every connection still
 * open is closed. Fastify's close waits for each of them, and a client that never reads a big
 * answer (or keeps an idle connection that an answer ended after the close began) held the stop
 * forever, or for the 72 s of a kept-alive connection.
 */
export async function closeBounded(app: FastifyInstance, graceMs: number): Promise<void> {
  const closing = app.close().catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), graceMs)));
  if ((await Promise.race([closing, late])) === 'late') app.server.closeAllConnections();
  clearTimeout(timer);
  await closing;
}

/** Sets the stop on the signals; answers whether a stop has begun (a start then says nothing of running). */
export function stopOnSignals(serving: Serving, rules: StopRules): () => boolean {
  let stopping = false;
  const stop = async () => {
    if (stopping) {
      if (rules.again === 'exit') process.exit(1);
      return;
    }
    stopping = true;
    rules.announce?.();
    await serving.live()?.stop();
    await closeBounded(serving.app, STOP_GRACE_MS);
    await serving.db.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  return () => stopping;
}

/** The port the server listens on (the configured one, or the one the system chose for port 0). */
export function listeningPort(app: FastifyInstance, configured: number): number {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : configured;
}
