/**
 * What a visitor meets first (issues 11 item 7 and 28 item 8), in a real Chromium against the real
 * server, each run in a fresh browser context (nothing cached, as for a first visit):
 * - the sign-in page: time from navigation until its form is visible (desktop, no throttling);
 * - the public QR page of a device waiting to be claimed: the JavaScript it loads (gzip of each
 *   script response, summed), and the time until its main content (label, claim status, what to do
 *   next) is visible on a throttled phone: Lighthouse's mobile preset, DevTools 'Slow 4G' with a
 *   4x CPU slowdown.
 * Each is measured interleaved, run by run, with the floor of the machine: a static HTML form with
 * a password field served from this process, timed the same way (the machine is shared, so the
 * ratio to that floor is the figure that travels). Prints the figures; asserts nothing. Needs
 * Chromium (PW_CHROMIUM_PATH, as for the e2e tests).
 */
import { chromium, request as apiRequest, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import { ensureAdmin } from '../server/auth/bootstrap';
import { buildConsole, consoleBuildReason } from '../server/build';
import { messages, ownMessages } from '../src/messages';
import { CSRF_HEADER } from '../src/csrf';

const RUNS = Number(process.env.BENCH_RUNS || 5);
const ADMIN = { username: 'bench', password: 'bench-password' };
const HEADERS = CSRF_HEADER;

/** Lighthouse's mobile preset as DevTools applies it (Slow 4G; bytes per second for CDP). */
const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.4 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (0.675 * 1024 * 1024 * 0.9) / 8,
};
const CPU_SLOWDOWN = 4;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const summary = (xs: number[]) => `median ${median(xs).toFixed(0)} ms, best ${Math.min(...xs).toFixed(0)} ms, worst ${Math.max(...xs).toFixed(0)} ms`;

/** A device of the admin's team with a QR code and provisioning, waiting to be claimed: the QR page's fullest answer. */
async function seedQrDevice(baseURL: string): Promise<string> {
  const api = await apiRequest.newContext({ baseURL, extraHTTPHeaders: HEADERS });
  const ok = async <T>(response: Promise<import('@playwright/test').APIResponse>): Promise<T> => {
    const r = await response;
    if (!r.ok()) throw new Error(`${r.url()}: ${r.status()} ${await r.text()}`);
    return (r.status() === 204 ? undefined : await r.json()) as T;
  };
  await ok(api.post('/api/login', { data: ADMIN }));
  const teams = await ok<{ json_list: { id: number }[] }>(api.get('/api/get_teams_where_user_is_admin/'));
  const teamId = teams.json_list[0].id;
  const type = await ok<{ id: number }>(api.post('/api/type', { data: { name: 'Bench sensor', team_id: teamId } }));
  const device = await ok<{ id: number }>(
    api.post('/api/device', {
      data: { name: 'Bench device 1', team_id: teamId, type_id: type.id, uid_for_type: 'SN-0001', provisioning: { wifi: { ssid: 'bench' }, region: 'eu' } },
    }),
  );
  const qr = await ok<{ id: string }>(api.post(`/api/device_qr_code/${device.id}`, { data: {} }));
  await ok(api.put(`/api/set_device_claimed_status/${device.id}`, { data: { to_be_claimed: true } }));
  await api.dispose();
  return qr.id;
}

/**
 * Records, in the page, when an element matching `selector` is first in the document along with
 * `text` (when given): milliseconds since the navigation started, on the page's own clock.
 */
async function watchFor(page: Page, selector: string, text = ''): Promise<() => Promise<number>> {
  await page.addInitScript(
    ({ selector, text }) => {
      const w = window as unknown as { __shownAt?: number };
      new MutationObserver((_, observer) => {
        if (document.querySelector(selector) && document.body.textContent?.includes(text)) {
          w.__shownAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    },
    { selector, text },
  );
  return () => page.evaluate(() => (window as unknown as { __shownAt: number }).__shownAt);
}

/** The floor: a static page with a sign-in form (the same labels), as small as such a page gets. */
const STATIC_FORM = `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>${messages.productName}</title></head><body>
<form><label for="u">${ownMessages.username}</label><input id="u" autocomplete="username">
<label for="p">${ownMessages.password}</label><input id="p" type="password" autocomplete="current-password">
<button type="submit">${ownMessages.signIn}</button></form></body></html>`;

async function serveStaticForm(): Promise<{ url: string; close: () => void }> {
  const server = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }).end(STATIC_FORM));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

/** Milliseconds until the sign-in form (its fields and button) is in the page at `url`. */
async function timeForm(page: Page, url: string): Promise<number> {
  const shownAt = await watchFor(page, 'form button[type=submit]');
  await page.goto(url, { waitUntil: 'commit' });
  await page.getByLabel(ownMessages.username).waitFor();
  await page.getByRole('button', { name: ownMessages.signIn }).waitFor();
  return shownAt();
}

/** The sign-in page and the static form, one after the other in each run. */
async function timeSignInForm(browser: Browser, baseURL: string, staticUrl: string) {
  const times = { signIn: [] as number[], floor: [] as number[] };
  for (let i = 0; i < RUNS; i++) {
    for (const [key, url] of [['floor', staticUrl], ['signIn', `${baseURL}/login`]] as const) {
      const context = await browser.newContext();
      times[key].push(await timeForm(await context.newPage(), url));
      await context.close();
    }
  }
  return times;
}

/** The QR page's main content: the device label and, since nobody is signed in, the sign-in hint. */
async function waitForQrContent(page: Page): Promise<void> {
  await page.getByRole('img', { name: ownMessages.qrLabelAlt }).waitFor();
  await page.getByText(messages.loginToClaim).waitFor();
}

async function throttled(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return page;
}

const PHONE = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true };

async function qrPage(browser: Browser, baseURL: string, qrId: string, staticUrl: string) {
  const times: number[] = [];
  const floor: number[] = [];
  let scripts: { url: string; gzip: number; sent: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    const still = await browser.newContext(PHONE);
    floor.push(await timeForm(await throttled(still), staticUrl));
    await still.close();
    const context = await browser.newContext({ baseURL, ...PHONE });
    const page = await throttled(context);
    const bodies: Promise<{ url: string; gzip: number; sent: number }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        const url = new URL(response.url()).pathname;
        // sent: the body as it crossed the network (the server's brotli copy).
        bodies.push(Promise.all([response.body(), response.request().sizes()]).then(([body, sizes]) => ({ url, gzip: gzipSync(body).length, sent: sizes.responseBodySize })));
      }
    });
    const shownAt = await watchFor(page, `img[alt="${ownMessages.qrLabelAlt}"]`, messages.loginToClaim);
    await page.goto(`/qr?id=${qrId}`, { waitUntil: 'commit' });
    await waitForQrContent(page);
    times.push(await shownAt());
    // Whatever else the page fetches once shown (a prefetch) counts too.
    await page.waitForLoadState('networkidle');
    scripts = await Promise.all(bodies);
    await context.close();
  }
  return { times, floor, scripts };
}

async function main() {
  const root = resolve('.');
  const distDir = resolve(process.env.PUCS_DIST_DIR || 'dist');
  if (consoleBuildReason(root, distDir)) await buildConsole(root, distDir);

  const db = await openDatabase({});
  await migrate(db);
  const config = readConfig({
    PUCS_DIST_DIR: distDir,
    PUCS_FILES_DIR: mkdtempSync(join(tmpdir(), 'pucs-bench-files-')),
    PUCS_ADMIN_USER: ADMIN.username,
    PUCS_ADMIN_PASSWORD: ADMIN.password,
  });
  await ensureAdmin(db, config);
  const app = await buildApp({ db, config });
  const baseURL = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await chromium.launch({
    executablePath: process.env.PW_CHROMIUM_PATH || undefined,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const staticForm = await serveStaticForm();
  const ratio = (xs: number[], floor: number[]) => `${(median(xs) / median(floor)).toFixed(1)}x`;
  try {
    const qrId = await seedQrDevice(baseURL);
    const signIn = await timeSignInForm(browser, baseURL, staticForm.url);
    console.log(`sign-in form visible (desktop, fresh context, ${RUNS} runs)   ${summary(signIn.signIn)}`);
    console.log(`  static HTML form, same runs interleaved (the floor)  ${summary(signIn.floor)}`);
    console.log(`  sign-in form / static form                           ${ratio(signIn.signIn, signIn.floor)}   goal within 3x`);
    const qr = await qrPage(browser, baseURL, qrId, staticForm.url);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const sum = (key: 'gzip' | 'sent') => kb(qr.scripts.reduce((total, s) => total + s[key], 0));
    console.log(`QR page JS (gzip of each script loaded, summed)        ${sum('gzip')} in ${qr.scripts.length} scripts (${sum('sent')} sent)   goal < 150 KB`);
    for (const s of [...qr.scripts].sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(s.gzip).padStart(9)}  (${kb(s.sent)} sent)  ${s.url}`);
    console.log(`QR page content visible (Slow 4G, ${CPU_SLOWDOWN}x CPU, ${RUNS} runs)     ${summary(qr.times)}   goal < 1500 ms median`);
    console.log(`  static HTML form, same profile, interleaved          ${summary(qr.floor)}`);
    console.log(`  QR page / static form                                ${ratio(qr.times, qr.floor)}`);
  } finally {
    staticForm.close();
    await browser.close();
    await app.close();
    await db.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
