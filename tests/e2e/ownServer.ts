/**
 * A server of a spec's own (own data directory and port), for the states only devices make
 * (last_seen, a reported firmware): the spec creates its objects through the API, stops the
 * server, writes the device-reported fields in the database, and starts it again on the same data.
 * Started as playwright.config.ts starts the shared one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { ADMIN } from './settings';

export const START_TIMEOUT_MS = 120_000;

/** env: settings of the spec's own (the public QR page's contact link, for one). */
export function startServer(port: number, dataDir: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn('npx', ['tsx', 'server/start.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUCS_DATA_DIR: dataDir,
      PUCS_ADMIN_USER: ADMIN.username,
      PUCS_ADMIN_PASSWORD: ADMIN.password,
      PUCS_VENDOR_SUFFIX: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: stopping it reaches the node process under npx and tsx.
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + START_TIMEOUT_MS;
    const exited = () => reject(new Error(`the server stopped while starting:\n${output}`));
    child.once('exit', exited);
    const poll = async () => {
      try {
        await fetch(`http://127.0.0.1:${port}/api/current_user`);
        child.off('exit', exited);
        resolve(child);
      } catch {
        if (Date.now() <= deadline) setTimeout(() => void poll(), 250);
        else {
          child.off('exit', exited);
          process.kill(-child.pid!, 'SIGKILL');
          reject(new Error(`the server did not answer within ${START_TIMEOUT_MS} ms:\n${output}`));
        }
      }
    };
    void poll();
  });
}

/** SIGTERM to its process group; resolves once the server closed its database and exited. */
export function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    process.kill(-child.pid!, 'SIGTERM');
  });
}
