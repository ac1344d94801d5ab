/**
 * Browser tests against the built console and the real server (`npm run test:e2e` builds first).
 * The server starts on a fixed port with a fresh data directory, so every run begins with only
 * the first administrator and their team.
 */
import { defineConfig } from '@playwright/test';
import { ADMIN, E2E_PORT } from './tests/e2e/settings';

const baseURL = `http://127.0.0.1:${E2E_PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // The machine has two cores shared with the server; one browser at a time is steadier.
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Bounds, not waits: a passing test takes what it takes. On a machine at a load of 18-20 (CI beside
  // other work) a page's answer took more than 10 s: two tests failed waiting for what did come.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL,
    // A failed test keeps its trace (each action's DOM, the network, the console) and a screenshot of
    // the end. Not the trace's screencast: it had the browser capture and encode every frame of every
    // test, passed or not. Measured on lists and objectDevice (16 tests, one worker, quiet machine):
    // 2.1 -> 1.4 min, Chromium's GPU process 55 -> 5 s of CPU, its browser process 40 -> 21 s.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    // One browser context and page for the tests of a worker, reset by Playwright between tests
    // (cookies, storage, cache, routes, other pages), but not what a test grants or sets on the context
    // (permissions: ask for them with test.use; eslint refuses the calls). No new context and browser
    // process to start for each test: two files' 16 tests 137 -> 113 s. A test that sets its own
    // context options (test.use: viewport, locale, permissions...) gets a context of its own.
    reuseContext: true,
    launchOptions: {
      // Debian's Chromium where Playwright cannot download its own (see ../shared/STACK.md).
      executablePath: process.env.PW_CHROMIUM_PATH || undefined,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'PUCS_DATA_DIR="$(mktemp -d -t pucs-e2e-XXXXXX)" exec node scripts/serve.mjs',
    url: `${baseURL}/api/current_user`,
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      PUCS_ADMIN_USER: ADMIN.username,
      PUCS_ADMIN_PASSWORD: ADMIN.password,
      PUCS_VENDOR_SUFFIX: '',
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
