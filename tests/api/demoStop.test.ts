/**
 * `npm run demo` stopped (SIGTERM) while its live devices enrol, after the server listens and before
 * it says it runs: it stops, and says nothing of running (neither 'running at' nor that the server
 * goes on without its live devices), even when the stop lasts (a client holds an answer unread).
 */
import { expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ownMessages } from '../../src/messages';

/** A port free now, for the server to listen on (its address is printed only once the live devices run). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Whether something accepts connections on `port`. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

it('stopped while its live devices enrol, it stops without saying it runs', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'pucs-demo-stop-'));
  const dist = join(folder, 'dist');
  mkdirSync(dist);
  writeFileSync(join(dist, 'index.html'), '<html><head><title>PUCS</title></head></html>');
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'big.bin'), Buffer.alloc(64 * 1024 * 1024, 7));
  const future = new Date(Date.now() + 24 * 3_600_000);
  utimesSync(join(dist, 'index.html'), future, future);
  const port = await freePort();
  // Enough live devices that their enrolment (a key and certificate each, then a first check-in) outlasts the signal's way.
  const child = spawn(process.execPath, ['scripts/serve.mjs', '--devices', '200'], {
    env: { ...process.env, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', PUCS_DEMO: '1', PUCS_DEMO_LIVE: '200', PUCS_DATA_DIR: join(folder, 'data'), PUCS_DIST_DIR: dist },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  try {
    while (!(await accepts(port))) {
      if (child.exitCode !== null) throw new Error(`exited early:\n${out}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
    // A client that stopped reading a big answer: the stop lasts its grace (server/runtime/serving.ts), the live demo's calls fail meanwhile.
    const reader = connect(port, '127.0.0.1');
    reader.write(`GET /assets/big.bin HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await new Promise<void>((resolve) => reader.once('data', () => (reader.pause(), resolve())));
    expect(out, 'the live devices had all enrolled before the signal: the test needs more of them').not.toContain(ownMessages.serverRunning(`http://127.0.0.1:${port}`));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(out).toContain(ownMessages.stopping);
    expect(out).not.toContain(ownMessages.serverRunning(`http://127.0.0.1:${port}`));
    expect(out).not.toContain('(the server goes on)');
    reader.destroy();
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(folder, { recursive: true, force: true });
  }
}, 120_000);
