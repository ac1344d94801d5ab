/**
 * Overload (issue 12 item 5): the server as `npm start` runs it on the demo fleet (BENCH_DEVICES,
 * default 2,000; PGlite in BENCH_DATA_DIR, or DATABASE_URL), then BENCH_OVERLOAD_SECONDS (20) at
 * BENCH_CONNECTIONS (200) keep-alive connections asking page 1 of /api/full/device signed in.
 * Prints, and asserts nothing: requests/s (all answers and 200s), p50/p99, how many answers were 503
 * (shed) or other errors, the server's RSS during (its highest sample) and after the load, and the
 * time a normal request (the same page, then a sign-in) takes to answer once the load stops, and
 * how long until the page answers 200 again (asked again at once after a 503).
 */
import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { line, mb, memory, seed, signIn, startServer, type BenchServerOptions } from './benchServer';
import { CSRF_HEADER } from '../src/csrf';

const DEVICES = Number(process.env.BENCH_DEVICES || 2000);
const SECONDS = Number(process.env.BENCH_OVERLOAD_SECONDS || 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 200);
const PORT = Number(process.env.BENCH_PORT || 8598);
const USER = { username: 'bench', password: 'bench password 1' };
const SERVER: BenchServerOptions = {
  port: PORT,
  dataDir: resolve(process.env.BENCH_DATA_DIR || join(tmpdir(), `pucs-bench-overload-${DEVICES}`)),
  devices: DEVICES,
  user: USER,
  databaseUrl: process.env.DATABASE_URL,
};
const base = `http://127.0.0.1:${PORT}`;
const page1 = `${base}/api/full/device?range=${encodeURIComponent('[0,24]')}`;

/** Milliseconds until `call` answers, and its status. */
async function timed(call: () => Promise<Response>): Promise<string> {
  const t0 = performance.now();
  const res = await call();
  await res.arrayBuffer();
  return `${(performance.now() - t0).toFixed(0)} ms (status ${res.status})`;
}

async function main() {
  console.log(`PUCS overload bench: ${CONNECTIONS} connections for ${SECONDS} s on ${DEVICES} devices, ${SERVER.databaseUrl ? 'PostgreSQL' : `PGlite (${SERVER.dataDir})`}`);
  await seed(SERVER);
  const server = await startServer(SERVER);
  try {
    const pid = server.pid as number;
    const cookie = await signIn(base, USER);
    line('server RSS before the load', mb(memory(pid).rss));
    let highest = 0;
    const sampler = setInterval(() => (highest = Math.max(highest, memory(pid).rss)), 250);
    const statuses = new Map<number, number>();
    const r = await new Promise<autocannon.Result>((ok, fail) => {
      const run = autocannon({ url: page1, connections: CONNECTIONS, duration: SECONDS, headers: { cookie } }, (err, result) => (err ? fail(err) : ok(result)));
      run.on('response', (_client, status) => statuses.set(status, (statuses.get(status) ?? 0) + 1));
    });
    clearInterval(sampler);
    // At once, as a user would: autocannon has just closed its connections, with requests still unanswered.
    const stopped = performance.now();
    const afterPage = await timed(() => fetch(page1, { headers: { cookie } }));
    let tries = 0;
    do tries++;
    while ((await fetch(page1, { headers: { cookie } }).then(async (res) => (await res.arrayBuffer(), res.status))) !== 200);
    const untilOk = `${(performance.now() - stopped).toFixed(0)} ms (${tries} more request${tries > 1 ? 's' : ''}, each sent at once)`;
    const afterSignIn = await timed(() =>
      fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', ...CSRF_HEADER }, body: JSON.stringify(USER) }),
    );
    const answered = [...statuses.values()].reduce((a, b) => a + b, 0);
    const ok = statuses.get(200) ?? 0;
    line('answers/s (all) / 200s per s', `${(answered / SECONDS).toFixed(0)} / ${(ok / SECONDS).toFixed(0)}`);
    line('latency of answers', `p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  max ${r.latency.max} ms`);
    line('answers by status', [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join('  '));
    line('503s (shed) / timeouts / errors', `${statuses.get(503) ?? 0} / ${r.timeouts} / ${r.errors}`);
    line('server RSS during the load (highest sample)', mb(highest));
    line('page 1 once the load stops', afterPage);
    line('until page 1 answers 200', untilOk);
    line('sign-in once the load stops', afterSignIn);
    line('server RSS after the load', mb(memory(pid).rss));
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
