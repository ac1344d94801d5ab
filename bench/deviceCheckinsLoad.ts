/**
 * The load generator of bench/deviceCheckins.ts, in a process of its own so that its CPU is not the
 * server's event loop: C devices at once (one keep-alive connection each, autocannon) check in one
 * after another through the fleet, each with a freshly signed token (a device of a 100,000 fleet
 * checks in about once a minute, so its last token is rarely still worth keeping). Prints one JSON line:
 * the rate and percentiles count the check-ins answered 2xx (a refused one, 503, is no check-in: its
 * device tries again later), those not answered within TIMEOUT_S counting at TIMEOUT_S in the
 * percentiles; the other answers are counted apart.
 * With BENCH_RATE (check-ins a second), the load is open instead: check-ins are sent at that fixed
 * rate whatever the answers (as a fleet's devices do, each on its own clock), each timed from the moment
 * it was due, so a slow server shows in the latency rather than lowering the rate (closed-loop, the p95
 * of C devices at once is bound by C / throughput, not by the server).
 * Run by bench/deviceCheckins.ts: tsx bench/deviceCheckinsLoad.ts <base url> <fleet file> <key file>
 */
import autocannon from 'autocannon';
import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { signDeviceJwt } from '../server/simulator/deviceClient';
import { DEVICE_API_PREFIX } from '../server/deviceApi/wire';
import type { FleetFile } from './deviceCheckinsSeed';

const [baseUrl, fleetFile, keyFile] = process.argv.slice(2);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 200);
const SECONDS = Number(process.env.BENCH_SECONDS || 60);
/** autocannon gives up on a request after this long; such a request counts at this latency (a lower bound). */
const TIMEOUT_S = 10;

const fleet = JSON.parse(readFileSync(fleetFile, 'utf8')) as FleetFile;
const key = createPrivateKey(readFileSync(keyFile, 'utf8'));
const body = JSON.stringify(fleet.report);
let next = 0;

/** Latencies of the check-ins answered 2xx. */
const times: number[] = [];
let refused = 0;
const statuses = new Map<number, number>();
const RATE = Number(process.env.BENCH_RATE || 0);
/** Open loop: the check-ins due in the first BENCH_WARMUP_S seconds are sent but not counted (the server's first seconds are another figure). */
const WARMUP_S = Number(process.env.BENCH_WARMUP_S || 0);
/** Open loop: how late each check-in left this process (a starved generator's own lag, inside its latency). */
const lateness: number[] = [];
/** 2xx answers in each of the run's first seconds: where the first seconds after a start go (the embedded database's unanswered ones). */
const FIRST_SECONDS = 15;
const firstSeconds = new Array<number>(FIRST_SECONDS).fill(0);
const begun = performance.now();
const count = (status: number, ms: number) => {
  const second = Math.floor((performance.now() - begun) / 1000);
  if (second < FIRST_SECONDS && status >= 200 && status < 300) firstSeconds[second]++;
  if (status >= 200 && status < 300) times.push(ms);
  if (status === 503) refused++;
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
};

type Outcome = Pick<autocannon.Result, 'errors' | 'timeouts' | 'non2xx'>;

/** RATE check-ins a second for SECONDS, each on its own connection from a pool (no check-in waits for another's answer). */
async function openLoop(): Promise<Outcome> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1024 });
  const url = new URL(`${DEVICE_API_PREFIX}/checkin`, baseUrl);
  const outcome = { errors: 0, timeouts: 0, non2xx: 0 };
  const total = Math.round(RATE * (WARMUP_S + SECONDS));
  // Signed before the clock starts (each still a fresh token, valid 300 s): signing as they come due made
  // this process late on a busy machine, and its lateness counts in every latency.
  const tokens = Array.from({ length: total }, () => signDeviceJwt(fleet.ids[next++ % fleet.ids.length], key));
  let sent = 0;
  let pending = 0;
  const start = performance.now();
  await new Promise<void>((done) => {
    const finish = () => sent === total && pending === 0 && done();
    const counted = (due: number) => due >= start + WARMUP_S * 1000;
    const send = (due: number, token: string) => {
      pending++;
      lateness.push(performance.now() - due);
      const req = request(url, { method: 'POST', agent, timeout: TIMEOUT_S * 1000, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } }, (res) => {
        res.resume();
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (counted(due)) {
            count(status, performance.now() - due);
            if (status < 200 || status >= 300) outcome.non2xx++;
          }
          pending--;
          finish();
        });
      });
      req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (counted(due)) outcome[err.code === 'TIMEOUT' ? 'timeouts' : 'errors']++;
        pending--;
        finish();
      });
      req.end(body);
    };
    // Every millisecond, whatever has come due (the timer is late on a busy machine: each is timed from when it was due).
    const tick = setInterval(() => {
      const now = performance.now();
      while (sent < total && start + (sent * 1000) / RATE <= now) send(start + (sent * 1000) / RATE, tokens[sent++]);
      if (sent === total) clearInterval(tick);
    }, 1);
  });
  agent.destroy();
  return outcome;
}

const result: Outcome = RATE > 0 ? await openLoop() : await new Promise<autocannon.Result>((resolve, reject) => {
  const run = autocannon(
    {
      url: baseUrl,
      connections: CONCURRENCY,
      timeout: TIMEOUT_S,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          path: `${DEVICE_API_PREFIX}/checkin`,
          setupRequest: (req) => ({
            ...req,
            headers: { authorization: `Bearer ${signDeviceJwt(fleet.ids[next++ % fleet.ids.length], key)}`, 'content-type': 'application/json' },
            body,
          }),
        },
      ],
    },
    (err, r) => (err ? reject(err) : resolve(r)),
  );
  run.on('response', (_client, status, _bytes, ms) => count(status, ms));
});
const answered = times.length;
for (let i = 0; i < result.timeouts; i++) times.push(TIMEOUT_S * 1000);
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.max(0, Math.ceil((p / 100) * times.length) - 1))] ?? 0;
console.log(
  JSON.stringify({
    checkins: answered,
    perSecond: answered / SECONDS,
    refused,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    statuses: Object.fromEntries(statuses),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    firstSeconds,
    ...(RATE > 0 && { sentLateP95: lateness.sort((a, b) => a - b)[Math.floor(0.95 * (lateness.length - 1))] ?? 0 }),
  }),
);
