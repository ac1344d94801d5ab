/**
 * `npm start`: build the console if needed, open and migrate the database, create the first
 * administrator, optionally seed the demo fleet, then serve. Everything it prints is meant for
 * the person who just typed the command: progress on slow steps, the URL and how to sign in.
 */
// First: a schema mistake found while the registry loads is reported as one line.
import { schemaLoaded } from './runtime/schemaErrorExit';
import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { readConfig, type ServerConfig } from './config';
import { buildApp } from './app';
import { buildConsole, consoleBuildReason } from './build';
import { ensureAdmin, type AdminBootstrap } from './auth/bootstrap';
import { seedDemo } from './demo/seed';
import { liveDeviceCount, startLiveDemo, type LiveDemo } from './demo/live';
import { ensureSupportUser } from './claim/supportUser';
import { describeDatabase, openConfiguredDatabase, DatabaseInUseError, type OpenedDatabase } from './runtime/openConfiguredDatabase';
import { startupProblems } from './runtime/startupChecks';
import { runPrimary, runWorker } from './runtime/cluster';
import { listeningPort, stopOnSignals } from './runtime/serving';
import { MigrationError } from './db/migrate';
import { RegistryError } from '../src/schemas/fieldCheck';
import { ownMessages } from '../src/messages';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const say = (line: string) => console.log(line);

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function buildIfStale(config: ServerConfig) {
  // For `npm run dev`: Vite's dev server serves the console there, so a build would be wasted.
  if (process.env.PUCS_SKIP_BUILD === '1') return;
  const reason = consoleBuildReason(ROOT, config.distDir);
  if (!reason) return;
  say(ownMessages.buildingConsole(reason));
  const started = performance.now();
  try {
    await buildConsole(ROOT, config.distDir);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    fail(ownMessages.consoleBuildFailed);
  }
  say(ownMessages.consoleBuilt(((performance.now() - started) / 1000).toFixed(1)));
}

const urlOf = (host: string, port: number) =>
  `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host}:${port}`;

/** Database open and up to date, first administrator in place, demo fleet seeded if asked. */
async function prepareDatabase(config: ServerConfig): Promise<{ opened: OpenedDatabase; admin: AdminBootstrap }> {
  say(ownMessages.openingDatabase(describeDatabase(config)));
  let opened: OpenedDatabase;
  try {
    opened = await openConfiguredDatabase(config, (statement) => say(ownMessages.migrationApplied(statement)), say);
  } catch (err) {
    // A RegistryError here: a category named like one of the server's own tables (migrate.ts).
    if (err instanceof DatabaseInUseError || err instanceof MigrationError || err instanceof RegistryError) fail(err.message);
    throw err;
  }
  try {
    const admin = await ensureAdmin(opened.db, config);
    if (admin.created) say(ownMessages.adminCreated(admin.username, admin.teamName));
    // After the administrator: ensureAdmin makes one only while there is no user at all.
    await opened.db.transaction((tx) => ensureSupportUser(tx, config.supportUser));
    if (config.demo) {
      const started = performance.now();
      const demo = await seedDemo(opened.db, { devices: config.demoDevices });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      say(!demo.seeded ? ownMessages.demoPresent(demo.total) : demo.teams > 0 ? ownMessages.demoSeeded(demo.teams, demo.devices, seconds) : ownMessages.demoGrown(demo.devices, demo.total, seconds));
    }
    return { opened, admin };
  } catch (err) {
    await opened.close().catch(() => {});
    throw err;
  }
}

async function main() {
  const env = readConfig(process.env, process.argv.slice(2));
  // The console built from this checkout, wherever the command runs from (npm runs it in the root).
  const config: ServerConfig = { ...env, distDir: process.env.PUCS_DIST_DIR ? resolve(env.distDir) : resolve(ROOT, 'dist') };
  const problems = startupProblems(config);
  if (problems.length > 0) fail(problems.join('\n'));
  // PUCS_WORKERS > 1 (server/runtime/cluster.ts): the primary did everything below but serving.
  if (cluster.isWorker) return runWorker(config, { say, urlOf: (port) => urlOf(config.host, port) });

  await buildIfStale(config);
  const { opened, admin } = await prepareDatabase(config);
  const announce = (port: number) => {
    say('');
    say(ownMessages.serverRunning(urlOf(config.host, port)));
    if (admin.created && admin.generatedPassword) say(ownMessages.signInGenerated(admin.username, admin.generatedPassword));
    else if (admin.created || admin.adminExists) say(ownMessages.signInSet(config.adminUser));
    else say(ownMessages.signInExisting(config.adminUser));
  };
  if (config.workers > 1) return runPrimary(config, opened, { say, announce });
  const app = await buildApp({ db: opened.db, config, logger: 'warn' }).catch(async (err: unknown) => {
    await opened.close().catch(() => {});
    throw err;
  });

  let live: LiveDemo | undefined;
  const stopping = stopOnSignals({ app, db: opened, live: () => live }, { announce: () => say(ownMessages.stopping), again: 'exit' });

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    await opened.close().catch(() => {});
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') fail(ownMessages.portInUse(config.port));
    throw err;
  }
  const port = listeningPort(app, config.port);
  // The live demo devices enrol through the API (certificates, firmware files) before the server says it
  // runs: the first requests of whoever reads that line do not wait behind that work (never rejects).
  if (config.demo) live = await startLiveDemo(app, urlOf(config.host, port), { count: liveDeviceCount(), log: say, stopping });
  // Stopped while the live devices enrolled: a stop under way is not a server running.
  if (!stopping()) announce(port);
}

schemaLoaded();
main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
