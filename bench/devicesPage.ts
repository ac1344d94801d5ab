/**
 * Time to show page 1 of /devices with the 2,000-device demo fleet, in a real Chromium against
 * the real server: from navigation start until the first device row is on screen. Prints the
 * figures; asserts nothing. Needs Chromium (PW_CHROMIUM_PATH, as for the e2e tests).
 */
import { chromium } from '@playwright/test';
import { performance } from 'node:perf_hooks';
import { join, resolve } from 'node:path';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { buildApp } from '../server/app';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { readConfig } from '../server/config';
import { seedDemo } from '../server/demo/seed';
import { ensureAdmin } from '../server/auth/bootstrap';
import { buildConsole, consoleBuildReason } from '../server/build';

const RUNS = Number(process.env.BENCH_RUNS || 5);
const ROW = 'table tbody tr a';

async function main() {
  const root = resolve('.');
  const distDir = resolve(process.env.PUCS_DIST_DIR || 'dist');
  if (consoleBuildReason(root, distDir)) await buildConsole(root, distDir);

  const db = await openDatabase({});
  await migrate(db);
  const config = readConfig({ PUCS_DIST_DIR: distDir, PUCS_FILES_DIR: mkdtempSync(join(tmpdir(), 'pucs-bench-files-')), PUCS_ADMIN_USER: 'bench', PUCS_ADMIN_PASSWORD: 'bench-password' });
  await ensureAdmin(db, config);
  await seedDemo(db);
  const app = await buildApp({ db, config });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  const browser = await chromium.launch({
    executablePath: process.env.PW_CHROMIUM_PATH || undefined,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${address}/login`);
    await page.getByLabel('Username').fill('bench');
    await page.getByLabel('Password').fill('bench-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${address}/`);

    const cold: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await page.goto(`${address}/devices`);
      await page.locator(ROW).first().waitFor();
      cold.push(performance.now() - t0);
    }
    const calls: string[] = [];
    page.on('request', (r) => r.url().includes('/api/') && calls.push(r.url()));
    await page.goto(`${address}/devices`);
    await page.locator(ROW).first().waitFor();
    const rows = await page.locator('table tbody tr').count();

    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    console.log(`/devices page 1 (full page load, ${RUNS} runs)   median ${median(cold).toFixed(0)} ms, best ${Math.min(...cold).toFixed(0)} ms`);
    console.log(`rows shown ${rows}, API calls ${calls.length}`);
  } finally {
    await browser.close();
    await app.close();
    await db.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
