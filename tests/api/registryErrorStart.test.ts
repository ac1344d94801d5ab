/**
 * A schema mistake stops `npm start` and `npm run user` with the registry check's one line and a
 * non-zero exit, before the database is touched: never a stack trace. The scripts run unchanged;
 * tests/fixtures/brokenRegistry/ makes the registry import a device category with a reference to
 * a category that does not exist, as an integrator's typo would.
 */
import { afterAll, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const temp = mkdtempSync(join(tmpdir(), 'pucs-registry-error-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const line = "Schema error in device.site_id: 'ref' names an unknown category 'sitee'";

function run(script: string, args: string[] = []): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', './tests/fixtures/brokenRegistry/register.mjs', script, ...args], {
    env: { ...process.env, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', PUCS_DATA_DIR: temp, PUCS_DIST_DIR: join(temp, 'dist') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

it('npm start prints the schema error as one line and exits 1, having built and opened nothing', async () => {
  const { code, stdout, stderr } = await run('server/start.ts');
  expect(stderr).toBe(`${line}\n`);
  expect(stdout).toBe('');
  expect(code).toBe(1);
  expect(existsSync(join(temp, 'dist'))).toBe(false);
  expect(readdirSync(temp)).toEqual([]);
}, 60_000);

it('npm run user prints the same line and exits 1', async () => {
  const { code, stdout, stderr } = await run('server/cli/user.ts', ['list']);
  expect(stderr).toBe(`${line}\n`);
  expect(stdout).toBe('');
  expect(code).toBe(1);
}, 60_000);
