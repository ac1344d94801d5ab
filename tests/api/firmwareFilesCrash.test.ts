/**
 * A server killed (SIGKILL) in the middle of a firmware upload leaves nothing half-written: after a
 * restart on the same data folder the temporary file is gone, the firmware has no file, and an
 * unreferenced store file is removed; the upload then succeeds. The real server, over HTTP.
 */
import { afterAll, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CSRF_HEADER } from '../../src/csrf';

const temp = mkdtempSync(join(tmpdir(), 'pucs-crash-'));
const dataDir = join(temp, 'data');
const dist = join(temp, 'dist');
const filesDir = join(dataDir, 'files');
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const sha3 = (b: Buffer) => createHash('sha3-256').update(b).digest('hex');

interface Server {
  child: ChildProcess;
  url: string;
  exited: Promise<unknown>;
}

async function startServer(): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      PUCS_DATA_DIR: dataDir,
      PUCS_DIST_DIR: dist,
      PUCS_ADMIN_USER: 'boss',
      PUCS_ADMIN_PASSWORD: 'boss password',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise((r) => child.on('exit', r));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', () => reject(new Error(`exited early:\n${out}`)));
  });
  return { child, url, exited };
}

async function signIn(url: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...CSRF_HEADER },
    body: JSON.stringify({ username: 'boss', password: 'boss password' }),
  });
  expect(res.status).toBe(204);
  return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0], ...CSRF_HEADER };
}

async function call(url: string, headers: Record<string, string>, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, { method, headers: { ...headers, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return (await res.json()) as Record<string, unknown> & { id: number };
}

const tmpFiles = () => readdirSync(join(filesDir, 'tmp'));

/** Sends an upload that never ends, until the server has written `bytes` of it to its temporary file. */
async function uploadUntilOnDisk(url: string, headers: Record<string, string>, id: number, bytes: number) {
  const boundary = 'crashboundary';
  const req = request(`${url}/api/upload/firmware/${id}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  req.on('error', () => {}); // the server dies under it
  req.write(`--${boundary}\r\nContent-Disposition: form-data; name="firmware"; filename="big.bin"\r\n\r\n`);
  const chunk = randomBytes(1 << 20);
  for (let sent = 0; sent < 512; sent++) {
    const written = tmpFiles().reduce((n, f) => n + statSync(join(filesDir, 'tmp', f)).size, 0);
    if (written >= bytes) return req;
    if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
  }
  throw new Error('the server never wrote the upload to its temporary file');
}

it('a kill -9 during an upload leaves the old state, cleaned at the next start', async () => {
  mkdirSync(dist);
  writeFileSync(join(dist, 'index.html'), '<html><head><title>PUCS</title></head></html>');
  const future = new Date(Date.now() + 24 * 3_600_000);
  utimesSync(join(dist, 'index.html'), future, future);

  let server = await startServer();
  const headers = await signIn(server.url);
  const me = await call(server.url, headers, 'GET', '/api/current_user');
  const team = (me.teams as { id: number }[])[0].id;
  const type = await call(server.url, headers, 'POST', '/api/type', { name: 'board', team_id: team });
  const bytes = randomBytes(100_000);
  const fw = await call(server.url, headers, 'POST', '/api/firmware', { name: 'fw', version: '1.0.0', team_id: team, type_id: type.id, firmware_hash: sha3(bytes) });

  const upload = await uploadUntilOnDisk(server.url, headers, fw.id, 8 << 20);
  server.child.kill('SIGKILL');
  await server.exited;
  upload.destroy();
  expect(tmpFiles()).not.toEqual([]);
  const orphan = 'ab'.padEnd(64, '0');
  mkdirSync(join(filesDir, 'sha3', 'ab'), { recursive: true });
  writeFileSync(join(filesDir, 'sha3', 'ab', orphan), 'left by a crash');

  server = await startServer();
  try {
    expect(tmpFiles()).toEqual([]);
    expect(existsSync(join(filesDir, 'sha3', 'ab', orphan))).toBe(false);
    const again = await signIn(server.url);
    expect(await call(server.url, again, 'GET', `/api/firmware/${fw.id}`)).toMatchObject({ filename: null, size: null, firmware_hash: sha3(bytes) });

    const form = new FormData();
    form.append('firmware', new Blob([bytes]), 'fw.bin');
    const res = await fetch(`${server.url}/api/upload/firmware/${fw.id}`, { method: 'POST', headers: again, body: form });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ filename: 'fw.bin', size: bytes.length });
    const got = await fetch(`${server.url}/api/download/firmware/${fw.id}`, { headers: again });
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}, 120_000);
