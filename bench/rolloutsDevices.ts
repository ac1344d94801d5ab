/**
 * The devices of bench/rollouts.ts, in a process of their own so that their CPU is not the server's
 * event loop: the simulator's devices (server/simulator/) for the whole bench fleet (one shared key,
 * bench/deviceCheckinsSeed.ts), in two schedules: the first FAST devices (the rollout's first two
 * phases) check in every BENCH_FAST_INTERVAL_S, so that their phases end within seconds, and the others
 * at BENCH_RATE check-ins a second in all, the fleet's load. BENCH_FAIL percent of the devices fail
 * their update. Each check-in is watched on its way (the global fetch, which the simulator's device
 * client calls): when each device was first answered the rollout's firmware as its target, and when
 * its report that the update ended (succeeded or failed) was answered, and every check-in's answer time
 * (the bench reads those during its abort). Stops at SIGTERM and then prints those times as one JSON
 * line (ms since the epoch: the bench compares them with its own clock).
 * Run by bench/rollouts.ts: tsx bench/rolloutsDevices.ts <base url> <fleet file> <key file> <fast count> <firmware id>
 */
import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { runSchedule } from '../server/simulator/schedule';
import { failingDevices, seededRandom, SimulatedDevice } from '../server/simulator/simDevice';
import { FleetStats } from '../server/simulator/stats';
import type { FleetFile } from './deviceCheckinsSeed';

const [baseUrl, fleetFile, keyFile, fastArg, firmwareArg] = process.argv.slice(2);
const FAST = Number(fastArg);
const FIRMWARE_ID = Number(firmwareArg);
const FAST_INTERVAL_S = Number(process.env.BENCH_FAST_INTERVAL_S || 3);
const RATE = Number(process.env.BENCH_RATE || 200);
const FAIL_PERCENT = Number(process.env.BENCH_FAIL || 2);

const fleet = JSON.parse(readFileSync(fleetFile, 'utf8')) as FleetFile;
const key = createPrivateKey(readFileSync(keyFile, 'utf8'));

/** Device id -> when it was first answered the rollout's firmware; when its report of the update's end was answered. */
const targetAt = new Map<number, number>();
const endedAt = new Map<number, number>();
/** Every check-in answered: [when, how long it took in ms]. */
const checkins: [number, number][] = [];

const realFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const sent = Date.now();
  const res = await realFetch(input, init);
  if (!String(input).endsWith('/checkin') || !res.ok) return res;
  const at = Date.now();
  checkins.push([at, at - sent]);
  const jwt = String((init?.headers as Record<string, string>).authorization).split('.')[1];
  const id = Number((JSON.parse(Buffer.from(jwt, 'base64url').toString()) as { sub: string }).sub);
  const report = JSON.parse(String(init?.body)) as { update?: { firmware_id: number; state: string } };
  if (report.update?.firmware_id === FIRMWARE_ID && (report.update.state === 'succeeded' || report.update.state === 'failed') && !endedAt.has(id)) endedAt.set(id, at);
  if (!targetAt.has(id)) {
    const answer = (await res.clone().json()) as { target_firmware?: { id: number } | null };
    if (answer.target_firmware?.id === FIRMWARE_ID) targetAt.set(id, at);
  }
  return res;
};

const stats = new FleetStats();
const random = seededRandom(30);
const failing = failingDevices(fleet.ids.length, FAIL_PERCENT, random);
const devices = fleet.ids.map(
  (id, i) =>
    new SimulatedDevice(
      { id, name: `bench-${id}`, key, firmware: fleet.report.firmware, config: { id: fleet.report.config_id, value: fleet.report.config } },
      { baseUrl, stats, drift: 0, random },
      failing.has(i),
    ),
);
const stop = new AbortController();
process.on('SIGTERM', () => stop.abort());
const ticker = setInterval(() => console.error(`devices: ${stats.windowLine()}`), 10_000);
console.log(`ready: ${devices.length} devices, ${FAST} every ${FAST_INTERVAL_S} s, the others at ${RATE}/s, ${failing.size} failing their updates`);
// In a random order: a fleet's check-ins do not follow device ids, while a phase's devices are told
// in the order of their ids (a schedule in id order would meet the first ones told only when its turn
// comes round, and time that, not the server).
const slow = devices.slice(FAST);
for (let i = slow.length - 1; i > 0; i--) {
  const j = Math.floor(random() * (i + 1));
  [slow[i], slow[j]] = [slow[j], slow[i]];
}
await Promise.all([
  runSchedule(devices.slice(0, FAST), { intervalS: FAST_INTERVAL_S, concurrency: 100, stats, stop: stop.signal }),
  slow.length > 0 ? runSchedule(slow, { intervalS: slow.length / RATE, concurrency: 100, stats, stop: stop.signal }) : undefined,
]);
clearInterval(ticker);
console.log(JSON.stringify({ failing: failing.size, targetAt: [...targetAt], endedAt: [...endedAt], checkins }));
