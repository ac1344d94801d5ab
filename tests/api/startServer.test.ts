/**
 * `npm start` end to end: fresh data folder, prebuilt console, sign-in, clean stop on SIGTERM; a user
 * who may read the checkout but not write it can start it (nothing is written into the checkout).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
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
      const timer = setTimeout(() => reject(new Error(`no URL printed:\n${out}`)), 45_000);
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
}, 60_000);

/** Whether this test can run the server as a user who cannot write the checkout (root, with runuser). */
const asOtherUser = process.getuid?.() === 0 && spawnSync('runuser', ['--help']).status === 0;

describe('npm start for another user', () => {
  it.skipIf(!asOtherUser)('starts for a user who may read the checkout but not write it', async () => {
    const temp = mkdtempSync(join(tmpdir(), 'pucs-readonly-'));
    chmodSync(temp, 0o777);
    const env = { ...process.env, PORT: '0', HOST: '127.0.0.1', PUCS_SKIP_BUILD: '1', DATABASE_URL: '', PUCS_DIST_DIR: join(temp, 'dist'), PUCS_DATA_DIR: join(temp, 'data'), HOME: temp };
    const child = spawn('runuser', ['-u', 'nobody', '--', process.execPath, join(process.cwd(), 'scripts', 'serve.mjs')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    try {
      await new Promise<void>((resolve) => {
        child.on('exit', () => resolve());
        child.stdout.on('data', () => out.includes('http://') && resolve());
      });
      expect(out).toContain(ownMessages.openingDatabase(join(temp, 'data')).split('(')[0]);
      expect(out).toMatch(/http:\/\/127\.0\.0\.1:\d+/);
    } finally {
      child.kill('SIGTERM');
      rmSync(temp, { recursive: true, force: true });
    }
  }, 60_000);
});
