/**
 * PUCS_WORKERS: `npm start` as several processes on one port, on this run's PostgreSQL (skipped on
 * the embedded database, which refuses more than one process: tested here too). Which process
 * answered a connection is read from /proc: the server's end of the connection is a socket that
 * one worker holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '../../server/config';
import { startupProblems } from '../../server/runtime/startupChecks';
import { ownMessages } from '../../src/messages';
import { createTestApp, createUser, type TestApp } from './helpers';
import { CSRF_HEADER } from '../../src/csrf';

const temp = mkdtempSync(join(tmpdir(), 'pucs-workers-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const start = (env: NodeJS.ProcessEnv) =>
  spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', PUCS_SKIP_BUILD: '1', PUCS_DIST_DIR: join(temp, 'dist'), PUCS_DATA_DIR: join(temp, 'data'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

describe('PUCS_WORKERS on the embedded database', () => {
  it('refuses more than one process with one line, and exits 1', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
      env: { ...process.env, DATABASE_URL: '', PUCS_WORKERS: '2', PUCS_DATA_DIR: join(temp, 'embedded') },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(r.stderr.trim()).toBe(ownMessages.workersNeedPostgres);
    expect(r.status).toBe(1);
    expect(existsSync(join(temp, 'embedded'))).toBe(false);
  });

  it('takes one process by default there, one per core on PostgreSQL, and refuses what is not a count', () => {
    expect(readConfig({}).workers).toBe(1);
    expect(startupProblems(readConfig({}))).toEqual([]);
    expect(readConfig({ DATABASE_URL: 'postgres://db/pucs' }).workers).toBe(availableParallelism());
    expect(startupProblems(readConfig({ DATABASE_URL: 'postgres://db/pucs', PUCS_WORKERS: '3' }))).toEqual([]);
    for (const [value, shown] of [['0', '0'], ['-1', '-1'], ['abc', 'NaN'], ['1.5', '1.5']]) {
      expect(startupProblems(readConfig({ DATABASE_URL: 'postgres://db/pucs', PUCS_WORKERS: value }))).toEqual([
        ownMessages.invalidSetting('PUCS_WORKERS', shown),
      ]);
    }
  });
});

/** The pids of the primary's workers (the primary has other children: tsx's esbuild). */
function workersOf(primary: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === primary && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('server/start.ts')) pids.push(Number(entry));
    } catch {
      /* ended meanwhile */
    }
  }
  return pids.sort();
}

/** The worker holding the server's end of our connection from `clientPort` to `serverPort`. */
function servingPid(serverPort: number, clientPort: number, workers: number[]): number | undefined {
  const port = (address: string) => Number.parseInt(address.split(':')[1], 16);
  const inode = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .find((cols) => cols.length > 9 && port(cols[1]) === serverPort && port(cols[2]) === clientPort)?.[9];
  return workers.find((pid) => {
    try {
      return readdirSync(`/proc/${pid}/fd`).some((fd) => readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`);
    } catch {
      return false;
    }
  });
}

interface Answer {
  status: number;
  body: string;
  cookie?: string;
  clientPort: number;
}

/** One call on `agent`'s one kept-alive connection, as the console makes it. */
function call(port: number, agent: Agent, method: string, path: string, opts: { cookie?: string; body?: unknown } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          ...CSRF_HEADER,
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        const clientPort = res.socket.localPort ?? 0;
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text, cookie: res.headers['set-cookie']?.[0]?.split(';')[0], clientPort }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe.skipIf(!process.env.DATABASE_URL)('PUCS_WORKERS=2 on PostgreSQL', () => {
  let t: TestApp;
  let server: ChildProcess;
  let output = '';
  let port: number;
  let workers: number[];
  /** A connection to each worker, by pid. */
  const pinned = new Map<number, Agent>();

  /** Opens connections until one is served by each of `wanted`; whether it got there. */
  async function pin(wanted: number[]): Promise<boolean> {
    for (let i = 0; i < 40 && wanted.some((pid) => !pinned.has(pid)); i++) {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const answer = await call(port, agent, 'GET', '/api/current_user');
      const pid = servingPid(port, answer.clientPort, wanted);
      if (pid !== undefined && !pinned.has(pid)) pinned.set(pid, agent);
      else agent.destroy();
    }
    return wanted.every((pid) => pinned.has(pid));
  }

  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.db, 'walker', 'walker password');
    server = start({ DATABASE_URL: t.url, PUCS_WORKERS: '2', PUCS_ADMIN_PASSWORD: 'admin password', PUCS_QR_INFO_PER_MINUTE: '4' });
    server.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    server.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    port = await new Promise<number>((resolve, reject) => {
      server.stdout!.on('data', () => {
        const m = /running at http:\/\/127\.0\.0\.1:(\d+)\n/.exec(output);
        if (m && output.includes(ownMessages.serverProcesses(2))) resolve(Number(m[1]));
      });
      server.on('exit', () => reject(new Error(`exited early:\n${output}`)));
    });
    workers = workersOf(server.pid!);
    if (!(await pin(workers))) throw new Error(`no connection reached each of the workers ${workers.join(', ')}`);
  }, 60_000);

  afterAll(async () => {
    for (const agent of pinned.values()) agent.destroy();
    server?.kill('SIGKILL');
    await t?.close();
  });

  it('serves from two worker processes on one port, and tells the address once', async () => {
    expect(workers).toHaveLength(2);
    expect(pinned.size).toBe(2);
    expect(output.match(/running at/g)).toHaveLength(1);
  });

  it('a sign-out in one process ends the session in the other', async () => {
    const [a, b] = workers.map((pid) => pinned.get(pid)!);
    const { cookie } = await call(port, a, 'POST', '/api/login', { body: { username: 'walker', password: 'walker password' } });
    expect(JSON.parse((await call(port, b, 'GET', '/api/current_user', { cookie })).body).username).toBe('walker');
    expect((await call(port, a, 'POST', '/api/logout', { cookie })).status).toBe(204);
    // The other process hears of it through NOTIFY: a few milliseconds, never a later request.
    await expect.poll(async () => (await call(port, b, 'GET', '/api/team', { cookie })).status, { timeout: 1_000 }).toBe(401);
    expect((await call(port, b, 'GET', '/api/current_user', { cookie })).body).toBe('');
  });

  it('counts failed sign-ins and public QR calls of every process against one limit', async () => {
    const [a, b] = workers.map((pid) => pinned.get(pid)!);
    // An account this address never signed in to (walker did sign in from here: a known address meets a delay, not a wall).
    for (let i = 0; i < 10; i++) {
      const answer = await call(port, i % 2 ? a : b, 'POST', '/api/login', { body: { username: 'stranger', password: 'wrong' } });
      expect(answer.status).toBe(401);
    }
    for (const agent of [a, b]) expect((await call(port, agent, 'POST', '/api/login', { body: { username: 'stranger', password: 'wrong' } })).status).toBe(429);
    for (let i = 0; i < 4; i++) expect((await call(port, i % 2 ? a : b, 'GET', '/api/execute_qr_code_action/unknown')).status).toBe(404);
    for (const agent of [a, b]) expect((await call(port, agent, 'GET', '/api/execute_qr_code_action/unknown')).status).toBe(429);
  });

  it('replaces a worker that dies', async () => {
    const [dead, alive] = workers;
    process.kill(dead, 'SIGKILL');
    pinned.get(dead)!.destroy();
    pinned.delete(dead);
    await expect.poll(() => workersOf(server.pid!).filter((pid) => pid !== dead), { timeout: 20_000, interval: 200 }).toHaveLength(2);
    workers = workersOf(server.pid!);
    expect(workers).toContain(alive);
    expect(output).toContain(ownMessages.serverProcessEnded(dead, 'SIGKILL', 0.5));
    const replacement = workers.find((pid) => pid !== alive)!;
    // Listening, not only started.
    await expect.poll(() => pin([replacement]), { timeout: 20_000 }).toBe(true);
  });

  it('stops every worker on SIGTERM and exits 0', async () => {
    for (const agent of pinned.values()) agent.destroy();
    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output.match(new RegExp(ownMessages.stopping.replace(/\./g, '\\.'), 'g'))).toHaveLength(1);
    for (const pid of workers) expect(existsSync(`/proc/${pid}`)).toBe(false);
  });
});
