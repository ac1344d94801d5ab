/**
 * Time to show page 1 of /devices with the demo fleet (BENCH_DEVICES, 2,000 by default), in a real
 * Chromium against the real server: from navigation start until the frame showing the first device
 * row is painted. Loaded again in the same tab (a reload), then in new tabs (a renderer process
 * that has run none of the console's code yet). With BENCH_BASE_DIST (another build of the
 * console, e.g. `npx vite build --outDir` at an earlier commit), that build is served beside this
 * one on the same database and both are reloaded in turn, so that their ratio holds on a machine
 * whose load changes during the run. Prints the figures with the goal beside them; asserts
 * nothing. Needs Chromium (PW_CHROMIUM_PATH, as for the e2e tests).
 */
import { chromium, type Browser } from '@playwright/test';
import { FIRST_ROW_GOAL, firstRowPainted, watchFirstRows } from './firstRowTiming';
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
const DEVICES = process.env.BENCH_DEVICES ? Number(process.env.BENCH_DEVICES) : undefined;
const BASE_DIST = process.env.BENCH_BASE_DIST ? resolve(process.env.BENCH_BASE_DIST) : undefined;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A signed-in page of its own (cookies, this browser's remembered reads) on the console at `address`. */
async function signedInPage(browser: Browser, address: string) {
  const context = await browser.newContext();
  await watchFirstRows(context);
  const page = await context.newPage();
  await page.goto(`${address}/login`);
  await page.getByLabel('Username').fill('bench');
  await page.getByLabel('Password').fill('bench-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${address}/`);
  return page;
}

async function main() {
  const root = resolve('.');
  const distDir = resolve(process.env.PUCS_DIST_DIR || 'dist');
  if (consoleBuildReason(root, distDir)) await buildConsole(root, distDir);

  const db = await openDatabase({});
  await migrate(db);
  const configFor = (dist: string) =>
    readConfig({ PUCS_DIST_DIR: dist, PUCS_FILES_DIR: mkdtempSync(join(tmpdir(), 'pucs-bench-files-')), PUCS_ADMIN_USER: 'bench', PUCS_ADMIN_PASSWORD: 'bench-password' });
  const config = configFor(distDir);
  await ensureAdmin(db, config);
  const seeded = await seedDemo(db, DEVICES ? { devices: DEVICES } : {});
  // This build, and the base build beside it on the same database when one is given.
  const apps = await Promise.all([config, ...(BASE_DIST ? [configFor(BASE_DIST)] : [])].map((c) => buildApp({ db, config: c })));
  const addresses = await Promise.all(apps.map((app) => app.listen({ port: 0, host: '127.0.0.1' })));

  const browser = await chromium.launch({
    executablePath: process.env.PW_CHROMIUM_PATH || undefined,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const pages = await Promise.all(addresses.map((address) => signedInPage(browser, address)));
    // A first load each: the browser's caches and the remembered read of the table, as a user returning has them.
    for (const [i, page] of pages.entries()) await firstRowPainted(page, addresses[i]);
    const times: number[][] = pages.map(() => []);
    for (let run = 0; run < RUNS; run++) {
      // In turn, the first one alternating: neither always follows the other.
      const order = run % 2 ? [...pages.keys()].reverse() : [...pages.keys()];
      for (const i of order) times[i].push(await firstRowPainted(pages[i], addresses[i]));
    }
    // The same, each load in a new tab of that browser: a new renderer process, which has run none of
    // the console's code yet (the browser's caches and the remembered read are there, as for a user
    // opening the console in a new tab).
    const newTab: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const tab = await pages[0].context().newPage();
      newTab.push(await firstRowPainted(tab, addresses[0]));
      await tab.close();
    }
    const calls: string[] = [];
    pages[0].on('request', (r) => r.url().includes('/api/') && calls.push(r.url()));
    await firstRowPainted(pages[0], addresses[0]);
    const rows = await pages[0].locator('table tbody tr').count();

    const label = `/devices first row (${seeded.total} devices, full page load, ${RUNS} runs)`;
    console.log(`${label}   median ${median(times[0]).toFixed(0)} ms, best ${Math.min(...times[0]).toFixed(0)} ms  ${FIRST_ROW_GOAL}`);
    if (BASE_DIST) {
      console.log(`  base build ${BASE_DIST}, loaded in turn   median ${median(times[1]).toFixed(0)} ms, best ${Math.min(...times[1]).toFixed(0)} ms`);
      console.log(`  this build against the base, medians   ${(median(times[0]) / median(times[1])).toFixed(2)}x`);
    }
    console.log(`  each load (ms)   ${times[0].map((t) => t.toFixed(0)).join(' ')}`);
    console.log(`/devices first row in a new tab (${RUNS} runs)   median ${median(newTab).toFixed(0)} ms, best ${Math.min(...newTab).toFixed(0)} ms  ${FIRST_ROW_GOAL}`);
    console.log(`rows shown ${rows}, API calls ${calls.length}`);
  } finally {
    await browser.close();
    for (const app of apps) await app.close();
    await db.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
