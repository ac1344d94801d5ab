/**
 * `npm run simulate`: a fleet of simulated devices that makes a running server's devices alive (last
 * seen, firmware updates, configuration sync and conflicts) and measures its device API. The devices
 * are enrolled through /api as a team admin would, then talk only to /device-api/v1.
 */
import { parseArgs } from 'node:util';
import { ConsoleApiError, ConsoleSession } from '../server/simulator/consoleSession';
import { enrolFleet } from '../server/simulator/fleet';
import { runSchedule } from '../server/simulator/schedule';
import { errorLabel, failingDevices, seededRandom, SimulatedDevice } from '../server/simulator/simDevice';
import { FleetStats } from '../server/simulator/stats';

const USAGE = [
  'Usage: npm run simulate -- --devices N [--team NAME] [--interval S] [--drift P] [--fail P] [--concurrency C] [--duration S]',
  '                           [--url URL] [--user U] [--password P] [--seed X]',
  '  --devices N      devices sim-0001 ... of the team (found or created, with the type sim-type)',
  "  --team NAME      the team (found or created; default 'Simulated fleet')",
  '  --interval S     seconds between two check-ins of a device (default 10), spread over the fleet',
  '  --drift P        chance (0 to 1) that a device changes its own configuration before a check-in (default 0)',
  '  --fail P         percent (0 to 100) of the devices whose firmware updates fail, reported with a message (default 0)',
  '  --concurrency C  calls in flight at most (default 200)',
  '  --duration S     stop after S seconds (default: at Ctrl-C)',
  '  --url URL        the server (default http://localhost:$PORT, PORT default 8080)',
  '  --user U, --password P  a user who may create the devices (default $PUCS_ADMIN_USER or admin, $PUCS_ADMIN_PASSWORD)',
  'Prints every 5 s: check-ins per second, p50/p95/p99 latency and errors by status.',
].join('\n');

const REPORT_EVERY_MS = 5_000;

class UsageError extends Error {}

function number(values: Record<string, unknown>, name: string, fallback: number | undefined, valid: (n: number) => boolean): number | undefined {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (raw === '' || !Number.isFinite(n) || !valid(n)) throw new UsageError(`--${name}: '${String(raw)}' is not allowed.`);
  return n;
}

function readOptions(argv: string[]) {
  const str = { type: 'string' } as const;
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      devices: str, team: str, interval: str, drift: str, fail: str, concurrency: str, duration: str, url: str, user: str, password: str, seed: str,
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return null;
  if (positionals.length > 0) throw new UsageError(`Unexpected '${positionals[0]}'.`);
  const positiveInt = (n: number) => Number.isInteger(n) && n > 0;
  const devices = number(values, 'devices', undefined, positiveInt);
  if (devices === undefined) throw new UsageError('--devices is required.');
  const password = values.password ?? process.env.PUCS_ADMIN_PASSWORD;
  if (!password) throw new UsageError('Give --password (or set PUCS_ADMIN_PASSWORD).');
  return {
    devices,
    team: values.team ?? 'Simulated fleet',
    intervalS: number(values, 'interval', 10, (n) => n > 0)!,
    drift: number(values, 'drift', 0, (n) => n >= 0 && n <= 1)!,
    failPercent: number(values, 'fail', 0, (n) => n >= 0 && n <= 100)!,
    concurrency: number(values, 'concurrency', 200, positiveInt)!,
    durationS: number(values, 'duration', undefined, (n) => n > 0),
    seed: number(values, 'seed', Date.now() % 2 ** 32, Number.isInteger)!,
    url: (values.url ?? `http://localhost:${process.env.PORT ?? 8080}`).replace(/\/+$/, ''),
    user: values.user ?? process.env.PUCS_ADMIN_USER ?? 'admin',
    password,
  };
}

async function main(argv: string[]): Promise<number> {
  let options;
  try {
    options = readOptions(argv);
  } catch (err) {
    console.error((err as Error).message);
    console.error(USAGE);
    return 2;
  }
  if (!options) {
    console.log(USAGE);
    return 0;
  }
  const log = (line: string) => console.log(line);
  const session = await ConsoleSession.signIn(options.url, options.user, options.password);
  const fleet = await enrolFleet(session, { team: options.team, devices: options.devices, log });

  const stats = new FleetStats();
  const random = seededRandom(options.seed);
  const failing = failingDevices(fleet.length, options.failPercent, random);
  const devices = fleet.map((identity, i) => new SimulatedDevice(identity, { baseUrl: options.url, stats, drift: options.drift, random }, failing.has(i)));
  const stop = new AbortController();
  let stopAsked = 0;
  process.on('SIGINT', () => {
    // One Ctrl-C reaches this process more than once (from the terminal, and relayed by npm and tsx):
    // only a press a second later means 'quit at once'.
    if (stopAsked) {
      if (performance.now() - stopAsked > 1_000) process.exit(130);
      return;
    }
    stopAsked = performance.now();
    log('Stopping: waiting for the check-ins in flight (Ctrl-C again to quit at once)...');
    stop.abort();
  });
  const deadline = options.durationS === undefined ? undefined : setTimeout(() => stop.abort(), options.durationS * 1000);
  log(
    `${devices.length} devices check in every ${options.intervalS} s at ${options.url} (drift ${options.drift}, ${failing.size} failing their updates, seed ${options.seed})`,
  );
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const ticker = setInterval(() => log(stats.windowLine()), REPORT_EVERY_MS);
  await runSchedule(devices, { intervalS: options.intervalS, concurrency: options.concurrency, stats, stop: stop.signal });
  clearInterval(ticker);
  clearTimeout(deadline);
  const seconds = (performance.now() - started) / 1000;
  log(`Total: ${stats.totalLine(seconds)}`);
  // The simulator shares the machine with the server it measures: its own share tells how much it took.
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  log(`Simulator CPU: ${cpuSeconds.toFixed(1)} s (${((100 * cpuSeconds) / seconds).toFixed(0)} % of one core)`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConsoleApiError ? `The console API answered ${err.message}` : `Failed: ${errorLabel(err)} ${(err as Error).message ?? ''}`);
    process.exit(1);
  },
);
