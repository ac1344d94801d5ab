/**
 * `npm start` end to end: fresh data folder, prebuilt console, sign-in, clean stop on SIGTERM; a user
 * who may read the checkout but not write it can start it (nothing is written into the checkout).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lockFilePath } from '../../server/runtime/pidLock';
import { ownMessages } from '../../src/messages';
import { CSRF_HEADER } from '../../src/csrf';

const temp = mkdtempSync(join(tmpdir(), 'pucs-server-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

it('starts on a fresh data folder, serves the console and the API, and stops cleanly', async () => {
  const dist = join(temp, 'dist');
  const dataDir = join(temp, 'data');
  mkdirSync(dist);
  writeFileSync(join(dist, 'index.html'), '<html><head><meta name="pucs-vendor-suffix" content=""><title>PUCS</title></head></html>');
  // Newer than any source, so start.ts does not rebuild it (a real build is not this test's business).
  const future = new Date(Date.now() + 24 * 3_600_000);
  utimesSync(join(dist, 'index.html'), future, future);

  // As `npm start` runs it: the server bundled by scripts/serve.mjs.
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      PUCS_DATA_DIR: dataDir,
      PUCS_DIST_DIR: dist,
      PUCS_ADMIN_USER: 'boss',
      PUCS_ADMIN_PASSWORD: 'boss password',
      PUCS_VENDOR_SUFFIX: ' Acme',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      // A bound, not a wait: a fresh embedded database's first start took 45 s on a machine at a load of 10.
      const timer = setTimeout(() => reject(new Error(`no URL printed:\n${out}`)), 120_000);
      child.stdout.on('data', () => {
        const m = /running at (http:\/\/\S+)\n.*Sign in/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      child.on('exit', () => reject(new Error(`exited early:\n${out}`)));
    });

    expect(out).toContain(ownMessages.adminCreated('boss', 'My team'));
    expect(out).toContain(ownMessages.signInSet('boss'));
    expect(out).not.toContain('boss password');
    expect(readFileSync(lockFilePath(dataDir), 'utf8').trim()).toBe(String(child.pid));

    const page = await fetch(`${url}/devices`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>PUCS Acme</title>');
    const login = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...CSRF_HEADER },
      body: JSON.stringify({ username: 'boss', password: 'boss password' }),
    });
    expect(login.status).toBe(204);
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
  expect(out).toContain(ownMessages.stopping);
  expect(existsSync(lockFilePath(dataDir))).toBe(false);
}, 180_000);

it('stops on SIGTERM while a client holds a big answer it never reads: its connection is closed once the grace is over', async () => {
  const folder = mkdtempSync(join(temp, 'stuck-'));
  const dist = join(folder, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<html><head><title>PUCS</title></head></html>');
  // Far more than the sockets' buffers take: its sending stops until the client reads.
  writeFileSync(join(dist, 'assets', 'big.bin'), Buffer.alloc(64 * 1024 * 1024, 7));
  const future = new Date(Date.now() + 24 * 3_600_000);
  utimesSync(join(dist, 'index.html'), future, future);
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    env: { ...process.env, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', PUCS_DATA_DIR: join(folder, 'data'), PUCS_DIST_DIR: dist, PUCS_ADMIN_PASSWORD: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const url = await new Promise<URL>((resolve, reject) => {
    child.stdout.on('data', () => {
      // The address, then the sign-in's two lines (the password it made, where to change it).
      const m = /running at (http:\/\/\S+)\n.*Sign in.*\n.*\n/.exec(out);
      if (m) resolve(new URL(m[1]));
    });
    child.on('exit', () => reject(new Error(`exited early:\n${out}`)));
  });
  // The password it made is changed where it can be while this server holds its embedded database: the
  // console (npm run user would refuse, issue 29).
  const generated = /with the password (\S+)\n/.exec(out)?.[1] ?? '';
  expect(out).toContain(ownMessages.signInGenerated('admin', generated));
  expect(ownMessages.signInGenerated('admin', generated)).toContain(ownMessages.changePassword);
  expect(out).not.toContain('npm run user');
  const socket = connect(Number(url.port), url.hostname);
  try {
    socket.write(`GET /assets/big.bin HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
    // The answer has begun; the client then reads no more, as a stalled phone or a stuck proxy.
    await new Promise<void>((resolve) => socket.once('data', () => (socket.pause(), resolve())));
    child.kill('SIGTERM');
    // Without a bound the server waits for that answer to end: forever.
    expect(await exited).toBe(0);
    expect(out).toContain(ownMessages.stopping);
  } finally {
    socket.destroy();
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}, 120_000);

/** Whether this test can run the server as a user who cannot write the checkout (root, with runuser). */
const asOtherUser = process.getuid?.() === 0 && spawnSync('runuser', ['--help']).status === 0;
const OTHER_USER = 'nobody';

/**
 * A checkout `user` may read but not write, made by the test rather than assumed: the one under
 * test may sit in a folder other users cannot enter (a home folder, a `mktemp -d` folder, mode 700).
 * What `npm start` runs is copied into a fresh folder under the temporary folder, with every parent
 * traversable; node_modules is linked when `user` can reach it where it is, hard-linked file by file
 * otherwise (its files are readable by all, as npm writes them), copied across file systems.
 */
function readableCheckout(folder: string, user: string): string {
  const checkout = join(folder, 'checkout');
  for (const part of ['package.json', 'tsconfig.json', 'scripts', 'server', 'src']) cpSync(join(process.cwd(), part), join(checkout, part), { recursive: true });
  // A clone made under umask 077 has files only its owner reads.
  execFileSync('chmod', ['-R', 'a+rX', folder]);
  const modules = realpathSync(join(process.cwd(), 'node_modules'));
  if (spawnSync('runuser', ['-u', user, '--', 'test', '-x', modules]).status === 0) symlinkSync(modules, join(checkout, 'node_modules'));
  else if (spawnSync('cp', ['-al', modules, join(checkout, 'node_modules')]).status !== 0) {
    rmSync(join(checkout, 'node_modules'), { recursive: true, force: true });
    execFileSync('cp', ['-a', modules, join(checkout, 'node_modules')]);
  }
  return checkout;
}

describe('npm start for another user', () => {
  it.skipIf(!asOtherUser)('starts for a user who may read the checkout but not write it', async () => {
    const temp = mkdtempSync(join(tmpdir(), 'pucs-readonly-'));
    const checkout = readableCheckout(temp, OTHER_USER);
    // What the user may write: its data, its build and its home, beside the checkout.
    const own = join(temp, 'own');
    mkdirSync(own, { mode: 0o777 });
    chmodSync(own, 0o777);
    const env = { ...process.env, PORT: '0', HOST: '127.0.0.1', PUCS_SKIP_BUILD: '1', DATABASE_URL: '', PUCS_DIST_DIR: join(own, 'dist'), PUCS_DATA_DIR: join(own, 'data'), HOME: own };
    const child = spawn('runuser', ['-u', OTHER_USER, '--', process.execPath, join(checkout, 'scripts', 'serve.mjs')], { cwd: own, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    try {
      await new Promise<void>((resolve) => {
        child.on('exit', () => resolve());
        child.stdout.on('data', () => out.includes('http://') && resolve());
      });
      expect(out).toContain(ownMessages.openingDatabase(join(own, 'data')).split('(')[0]);
      expect(out).toMatch(/http:\/\/127\.0\.0\.1:\d+/);
    } finally {
      child.kill('SIGTERM');
      rmSync(temp, { recursive: true, force: true });
    }
  }, 60_000);
});
