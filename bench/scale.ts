/**
 * The fleet at scale (issue 11): the server as `npm start` runs it, in a process of its own (so
 * its memory is its own), on a demo fleet of BENCH_DEVICES devices (default 2,000; 100,000 for the
 * big figures), on PGlite (a data dir kept between runs, BENCH_DATA_DIR) or on PostgreSQL
 * (DATABASE_URL: a database of its own, seeded here). Prints, and asserts nothing:
 * server RSS after start; single-request p50/p95 of page 1, of the page at offset 90,000 and of the
 * one in the middle of /devices (the console's fields), a search, a filter, current_user and the dashboard; requests/s
 * at 10 connections; CSV export time and the server's peak RSS; RSS after BENCH_LOAD_SECONDS of
 * load; with PW_CHROMIUM_PATH, the Chromium time to the first row of /devices (BENCH_ONLY=firstrow:
 * that figure alone, the others skipped, to measure it quickly; BENCH_ONLY=lastseen: the deep page by name and by
 * last seen alone; BENCH_ONLY=pageshare: page 1's requests/s
 * against current_user's, BENCH_ROUNDS times).
 */
import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildConsole, consoleBuildReason } from '../server/build';
import { listFields } from '../src/dataProvider/listQuery';
import { categories } from '../src/schemas';
import { DASHBOARD_PATH } from '../src/custom/dashboard/dashboardFigures';
import { line, mb, memory, seed as seedFleet, signIn as signInAt, startServer as startAt, type BenchServerOptions } from './benchServer';

const DEVICES = Number(process.env.BENCH_DEVICES || 2000);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS || 60);
const PORT = Number(process.env.BENCH_PORT || 8597);
const DATABASE_URL = process.env.DATABASE_URL;
const DATA_DIR = resolve(process.env.BENCH_DATA_DIR || join(tmpdir(), `pucs-bench-scale-${DEVICES}`));
const USER = { username: 'bench', password: 'bench password 1' };
const base = `http://127.0.0.1:${PORT}`;
const SERVER: BenchServerOptions = { port: PORT, dataDir: DATA_DIR, devices: DEVICES, user: USER, databaseUrl: DATABASE_URL };
const seed = () => seedFleet(SERVER);
const startServer = () => startAt(SERVER);
const signIn = () => signInAt(base, USER);

/** p95 (ms) of each single-request figure, by label: the ratios printed below. */
const p95s = new Map<string, number>();

async function single(label: string, url: string, cookie: string, runs = 40, goal = '') {
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < runs + 5; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    await res.arrayBuffer();
    status = res.status;
    if (i >= 5) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  p95s.set(label, at(0.95));
  line(`${label} (one at a time)`, `p50 ${at(0.5).toFixed(1)} ms  p95 ${at(0.95).toFixed(1)} ms${goal ? `  ${goal}` : ''}${status === 200 ? '' : `  status ${status}`}`);
}

async function load(label: string, url: string, cookie: string, seconds = SECONDS): Promise<number> {
  const r = await autocannon({ url, connections: 10, duration: seconds, headers: { cookie } });
  line(`${label} (10 connections)`, `${r.requests.average.toFixed(0)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  errors ${r.errors + r.non2xx}`);
  return r.requests.average;
}

const sharePrinted = (ratio: number) =>
  line('  page 1 req/s against current_user req/s', `${(100 * ratio).toFixed(0)}%  goal >= ${DATABASE_URL ? 40 : 25}% (same run)`);

/** Page 1 against the trivial call, interleaved BENCH_ROUNDS times (each ratio within its round). */
async function pageShare(page1: string, trivial: string, cookie: string) {
  const rounds = Number(process.env.BENCH_ROUNDS || 3);
  for (let i = 0; i < rounds; i++) sharePrinted((await load('page 1 of /devices', page1, cookie)) / (await load('GET /api/current_user', trivial, cookie)));
}

async function firstRow(cookie: string) {
  if (!process.env.PW_CHROMIUM_PATH) return line('Chromium first row of /devices', 'skipped (PW_CHROMIUM_PATH unset)');
  const { chromium } = await import('@playwright/test');
  const { FIRST_ROW_GOAL, firstRowPainted, watchFirstRows } = await import('./firstRowTiming');
  const browser = await chromium.launch({ executablePath: process.env.PW_CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext();
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: base }]);
    await watchFirstRows(context);
    const page = await context.newPage();
    const times: number[] = [];
    for (let i = 0; i < 5; i++) times.push(await firstRowPainted(page, base));
    times.sort((a, b) => a - b);
    line('Chromium first row of /devices (5 loads)', `median ${times[2].toFixed(0)} ms  best ${times[0].toFixed(0)} ms  ${FIRST_ROW_GOAL}`);
  } finally {
    await browser.close();
  }
}

async function main() {
  console.log(`PUCS scale bench: ${DEVICES} devices on ${DATABASE_URL ? 'PostgreSQL' : `PGlite (${DATA_DIR})`}`);
  if (process.env.PW_CHROMIUM_PATH && consoleBuildReason(resolve('.'), resolve('dist'))) await buildConsole(resolve('.'), resolve('dist'));
  await seed();
  const server = await startServer();
  try {
    const pid = server.pid as number;
    const started = memory(pid);
    line(`server RSS after start (${started.processes} process${started.processes > 1 ? 'es' : ''})`, mb(started.rss));
    const cookie = await signIn();
    if (process.env.BENCH_ONLY === 'firstrow') return await firstRow(cookie);
    const device = categories.find((c) => c.key === 'device');
    if (!device) throw new Error('no device category');
    const offset = Math.max(0, Math.min(90_000, DEVICES - 25));
    const page = (start: number, filter = '{}', sort = '["name","ASC"]') =>
      `${base}/api/full/device?fields=${encodeURIComponent(listFields(device).join(','))}&sort=${encodeURIComponent(sort)}` +
      `&range=${encodeURIComponent(`[${start},${start + 24}]`)}&filter=${encodeURIComponent(filter)}`;
    const urls: [string, string][] = [
      ['page 1 of /devices', page(0)],
      [`page at offset ${offset}`, page(offset)],
      // The deepest a page is read from either end (listPage.ts reads the far half backwards).
      [`page in the middle (offset ${Math.floor(DEVICES / 2) - 13})`, page(Math.floor(DEVICES / 2) - 13)],
      ['search "sensor 0123"', page(0, '{"q":"sensor 0123"}')],
      ['filter by type', page(0, '{"type_id":1}')],
      ['GET /api/current_user', `${base}/api/current_user`],
      [`GET /api${DASHBOARD_PATH}`, `${base}/api${DASHBOARD_PATH}`],
    ];
    if (process.env.BENCH_ONLY === 'pageshare') return await pageShare(urls[0][1], urls[5][1], cookie);
    const lastSeenOnly = process.env.BENCH_ONLY === 'lastseen';
    for (const [label, url] of lastSeenOnly ? [urls[1]] : urls) await single(label, url, cookie);
    // The console's order by last check-in (issue 28): a field rewritten by every check-in, sorted as deep as by name.
    const byLastSeen = `page at offset ${offset} by last seen, newest first`;
    await single(byLastSeen, page(offset, '{}', '["last_seen","DESC"]'), cookie, 40, 'goal < 50 ms p95, as by name');
    line('  its p95 against the same page by name', `${(p95s.get(byLastSeen)! / p95s.get(urls[1][0])!).toFixed(1)}x  goal about 1x`);
    if (lastSeenOnly) return;
    const rates = new Map<string, number>();
    for (const [label, url] of [urls[0], urls[1], urls[5], urls[6]]) rates.set(label, await load(label, url, cookie));
    sharePrinted(rates.get(urls[0][0])! / rates.get(urls[5][0])!);

    const t0 = performance.now();
    const csv = await (await fetch(`${base}/api/download/csv_export/device?sort=${encodeURIComponent('["name","ASC"]')}`, { headers: { cookie } })).text();
    line(`CSV export sorted by name (${csv.split('\n').length - 2} rows)`, `${((performance.now() - t0) / 1000).toFixed(1)} s, server peak RSS so far ${mb(memory(pid).peak)}`);

    const before = memory(pid).rss;
    await load(`${LOAD_SECONDS} s of page 1`, urls[0][1], cookie, LOAD_SECONDS);
    const after = memory(pid);
    line('server RSS before / after that load, peak', `${mb(before)} / ${mb(after.rss)}, peak ${mb(after.peak)}  goal after < 300 MB at 100,000 devices`);
    await firstRow(cookie);
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
