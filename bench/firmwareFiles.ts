/**
 * Firmware file transfer (npm run bench): the real server as a child process on PGlite, a 1 GiB
 * file (BENCH_UPLOAD_MB) generated as it is sent, never whole in memory. Prints upload MB/s with
 * the server's RSS before and at its peak (VmRSS of /proc/<pid>/status, polled), download MB/s,
 * and node:crypto's SHA3-256 MB/s on this machine for comparison. It prints figures, asserts nothing.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CSRF_HEADER } from '../src/csrf';

const MIB = 2 ** 20;
const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB || 1024);
const base = randomBytes(MIB);

/** Chunk i of the file: the same random MiB, numbered so that no two chunks are equal. */
function chunk(i: number): Buffer {
  base.writeUInt32LE(i, 0);
  return base;
}

const mbps = (bytes: number, ms: number) => `${(bytes / MIB / (ms / 1000)).toFixed(0)} MB/s`;
const line = (label: string, value: string) => console.log(`${label.padEnd(44)} ${value}`);
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

function nodeSha3(mb: number): void {
  const hash = createHash('sha3-256');
  const t0 = performance.now();
  for (let i = 0; i < mb; i++) hash.update(base);
  hash.digest();
  line(`node:crypto sha3-256 (${mb} MiB)`, mbps(mb * MIB, performance.now() - t0));
}

function fileHash(): string {
  const hash = createHash('sha3-256');
  for (let i = 0; i < SIZE_MB; i++) hash.update(chunk(i));
  return hash.digest('hex');
}

async function startServer(dataDir: string, dist: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    env: { ...process.env, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', PUCS_DATA_DIR: dataDir, PUCS_DIST_DIR: dist, PUCS_ADMIN_USER: 'bench', PUCS_ADMIN_PASSWORD: 'bench-password' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', () => reject(new Error(`server exited:\n${out}`)));
  });
  return { child, url };
}

async function json(url: string, headers: Record<string, string>, method: string, body?: unknown) {
  const res = await fetch(url, { method, headers: { ...headers, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown> & { id: number };
}

/** Streams the multipart upload, writing each chunk as the socket takes it. */
function upload(url: string, headers: Record<string, string>): Promise<number> {
  const boundary = 'benchboundary';
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="firmware"; filename="bench.bin"\r\n\r\n`);
    let i = 0;
    const pump = () => {
      while (i < SIZE_MB) if (!req.write(Buffer.from(chunk(i++)))) return void req.once('drain', pump);
      req.end(`\r\n--${boundary}--\r\n`);
    };
    pump();
  });
}

async function main() {
  nodeSha3(256);
  const hash = fileHash();
  const temp = mkdtempSync(join(tmpdir(), 'pucs-bench-files-'));
  const dist = join(temp, 'dist');
  mkdirSync(dist);
  writeFileSync(join(dist, 'index.html'), '<html><head><title>PUCS</title></head></html>');
  const future = new Date(Date.now() + 24 * 3_600_000);
  utimesSync(join(dist, 'index.html'), future, future);
  const { child, url } = await startServer(join(temp, 'data'), dist);
  try {
    const login = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...CSRF_HEADER },
      body: JSON.stringify({ username: 'bench', password: 'bench-password' }),
    });
    const headers = { cookie: (login.headers.get('set-cookie') ?? '').split(';')[0], ...CSRF_HEADER };
    const team = ((await json(`${url}/api/current_user`, headers, 'GET')).teams as { id: number }[])[0].id;
    const type = await json(`${url}/api/type`, headers, 'POST', { name: 'bench', team_id: team });
    const fw = await json(`${url}/api/firmware`, headers, 'POST', { name: 'bench', version: '1.0.0', team_id: team, type_id: type.id, firmware_hash: hash });

    const pid = child.pid!;
    const before = rssMb(pid);
    let peak = before;
    const poll = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
    const t0 = performance.now();
    const status = await upload(`${url}/api/upload/firmware/${fw.id}`, headers);
    const uploadMs = performance.now() - t0;
    clearInterval(poll);
    if (status !== 200) throw new Error(`upload answered ${status}`);
    line(`upload ${SIZE_MB} MiB (streamed, SHA3-256, fsync)`, mbps(SIZE_MB * MIB, uploadMs));
    line('server RSS before / peak during upload', `${before.toFixed(0)} / ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB)`);

    const t1 = performance.now();
    const res = await fetch(`${url}/api/download/firmware/${fw.id}`, { headers });
    let received = 0;
    for await (const part of res.body!) received += (part as Uint8Array).length;
    line(`download ${SIZE_MB} MiB`, `${mbps(received, performance.now() - t1)}${received === SIZE_MB * MIB ? '' : ` (only ${received} bytes!)`}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(temp, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
