/**
 * `npm run demo` makes part of the demo fleet alive: the first PUCS_DEMO_LIVE devices (default 50, 0
 * none) of the first demo team become simulated devices (server/simulator/) that check in through the
 * device API of this very server, as real ones would. They run in the server's process (a few
 * check-ins a second cost nothing next to the server's work, and nothing has to be killed at exit),
 * enrolled through /api with a session of the first server administrator made here, since the demo
 * cannot know that administrator's password. Now and then a device changes its own configuration
 * (adopted by the product), and the administrator saves a new one for a device: when the device changed
 * its own meanwhile, that is a conflict to resolve on the console. The demo's rollout (liveRollout.ts)
 * runs on them, some of them failing their update. A failure logs one line and leaves the server running.
 */
import type { FastifyInstance } from 'fastify';
import { createSession, deleteSession, SESSION_COOKIE } from '../auth/sessions';
import { ownMessages } from '../../src/messages';
import { ConsoleSession } from '../simulator/consoleSession';
import { DEVICE_FIELDS, deviceIdentities, forEachLimit, listAll } from '../simulator/fleet';
import { runSchedule } from '../simulator/schedule';
import { errorLabel, seededRandom, SimulatedDevice } from '../simulator/simDevice';
import { FleetStats } from '../simulator/stats';
import { DEMO_TEAMS } from './fleet';
import { uploadDemoFirmwares } from './liveFirmwares';
import { demoRollout, type DemoRollout, type LiveDeviceRow } from './liveRollout';

export const DEFAULT_LIVE_DEVICES = 50;
export const LIVE_TEAM = DEMO_TEAMS[0].name;

export interface LiveOptions {
  /** Devices made alive (PUCS_DEMO_LIVE). */
  count: number;
  intervalS?: number;
  /** Chance of a local configuration change before a check-in. */
  drift?: number;
  /** How often the administrator saves a new configuration for one device, in seconds. */
  userChangeEveryS?: number;
  log?: (line: string) => void;
  /** Whether the server is stopping: the live devices' calls then fail, and that is no news to log. */
  stopping?: () => boolean;
  /** Whether the demo's rollout runs on the live devices (default true). */
  rollout?: boolean;
}

export interface LiveDemo {
  /** Stops the devices and waits for the calls in flight. */
  stop(): Promise<void>;
}

/** PUCS_DEMO_LIVE as a count of devices; a value that is not a whole number of at least 0 gives the default. */
export function liveDeviceCount(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.PUCS_DEMO_LIVE ?? DEFAULT_LIVE_DEVICES);
  return Number.isInteger(n) && n >= 0 ? n : DEFAULT_LIVE_DEVICES;
}

/** Enrols the live devices and starts them; resolves once each has checked in once (never rejects: a failure is logged). */
export async function startLiveDemo(app: FastifyInstance, baseUrl: string, options: LiveOptions): Promise<LiveDemo> {
  const { db } = app;
  const { count, intervalS = 5, drift = 0.02, userChangeEveryS = 20, log = (line: string) => console.log(line), stopping = () => false, rollout = true } = options;
  const idle: LiveDemo = { stop: async () => {} };
  if (count === 0) return idle;
  let token: string | undefined;
  const fail = async (err: unknown) => {
    if (!stopping()) log(ownMessages.demoLiveFailed(`${errorLabel(err)} ${(err as Error).message ?? ''}`.trim()));
    if (token) await deleteSession(db, token).catch(() => {});
  };
  try {
    const { rows: admins } = await db.query<{ id: number }>('SELECT id FROM "user" WHERE is_server_admin ORDER BY id LIMIT 1');
    const { rows: teams } = await db.query<{ id: number }>('SELECT id FROM team WHERE name = $1', [LIVE_TEAM]);
    if (!admins[0] || !teams[0]) throw new Error(ownMessages.demoLiveNothingToRun(LIVE_TEAM));
    token = await createSession(db, admins[0].id);
    const session = ConsoleSession.withCookie(baseUrl, `${SESSION_COOKIE}=${encodeURIComponent(app.signCookie(token))}`);
    await uploadDemoFirmwares(session, teams[0].id);
    // The first `count` alone: listing a team of 30,000 devices stalled the server's first seconds.
    const rows = await listAll<LiveDeviceRow>(session, 'device', { team_id: teams[0].id }, `${DEVICE_FIELDS},type_id,group_id`, count);
    const identities = await deviceIdentities(session, rows);
    const stats = new FleetStats();
    const random = seededRandom(Date.now() % 2 ** 32);
    // The rollout is found or made first: which devices fail their update is decided as they start.
    const ownRollout = rollout ? await demoRollout(session, teams[0].id, rows, random).catch(rolloutFailed(log, stopping)) : null;
    const devices = identities.map((identity) => new SimulatedDevice(identity, { baseUrl, stats, drift, random }, ownRollout?.failing.has(identity.id)));
    // A device that never held a configuration boots with its factory one: the product adopts it.
    for (const device of devices) if (device.config === null) device.changeLocally();
    // A first check-in each before this resolves (and `npm run demo` says it runs): on a fresh demo those
    // write (the factory configuration adopted, a firmware installed), and each such transaction holds the
    // embedded database; run after the announcement, they stalled a user's first seconds.
    await forEachLimit(devices, 8, (device) => device.checkIn().catch((err: unknown) => stats.error(errorLabel(err))));

    const stopDevices = new AbortController();
    // A failed change logs once and ends the changes (not a line every interval); the devices go on.
    const userChanges: NodeJS.Timeout = setInterval(
      () =>
        void userChange(session, teams[0].id, devices, random).catch((err: unknown) => {
          clearInterval(userChanges);
          return fail(err);
        }),
      userChangeEveryS * 1000,
    );
    const running = runSchedule(devices, { intervalS, concurrency: 20, stats, stop: stopDevices.signal }).catch(fail);
    log(ownMessages.demoLive(devices.length, LIVE_TEAM, devices[0]?.identity.name ?? '', devices.at(-1)?.identity.name ?? '', intervalS));
    if (ownRollout) await startRollout(ownRollout, log, stopping);
    return {
      async stop() {
        clearInterval(userChanges);
        stopDevices.abort();
        await running;
        await deleteSession(db, token!).catch(() => {});
      },
    };
  } catch (err) {
    await fail(err);
    return idle;
  }
}

/** A rollout that cannot be made or started logs one line (unless the server is stopping); the live devices go on without it. */
const rolloutFailed = (log: (line: string) => void, stopping: () => boolean) => (err: unknown) => {
  if (!stopping()) log(ownMessages.demoRolloutFailed(`${errorLabel(err)} ${(err as Error).message ?? ''}`.trim()));
  return null;
};

async function startRollout(rollout: DemoRollout, log: (line: string) => void, stopping: () => boolean): Promise<void> {
  const line = await rollout.start().catch(rolloutFailed(log, stopping));
  if (line) log(line);
}

/**
 * What a user does on the console: a new configuration for one device. Every other time the device
 * also changes its own before its next check-in: the conflict the console shows.
 */
async function userChange(session: ConsoleSession, teamId: number, devices: SimulatedDevice[], random: () => number): Promise<void> {
  const device = devices[Math.floor(random() * devices.length)];
  const config = { ...(typeof device.config === 'object' && device.config !== null ? device.config : {}), set_by: 'demo user', at: new Date().toISOString() };
  const { id } = await session.json<{ id: number }>('POST', '/api/config', { config: JSON.stringify(config), team_id: teamId });
  await session.json('PUT', `/api/device/${device.identity.id}`, { config_id: id });
  if (random() < 0.5) device.changeLocally();
}
