/**
 * What `npm start` says about a schema migration: each applied statement, or the refusal as one
 * line and a non-zero exit, never a stack trace. The embedded database is prepared beforehand to
 * differ from the registry the way an older or hand-edited database would.
 */
import { afterAll, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { embeddedDatabaseDir } from '../../server/runtime/openConfiguredDatabase';
import { ownMessages } from '../../src/messages';

const temp = mkdtempSync(join(tmpdir(), 'pucs-migrate-start-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const dist = join(temp, 'dist');
mkdirSync(dist);
writeFileSync(join(dist, 'index.html'), '<html><head><title>PUCS</title></head></html>');
// Newer than any source, so start.ts does not rebuild it.
const future = new Date(Date.now() + 24 * 3_600_000);
utimesSync(join(dist, 'index.html'), future, future);

/** A migrated embedded database in its own data folder, then changed by `sql`. */
async function dataDirWith(name: string, sql: string): Promise<string> {
  const dataDir = join(temp, name);
  const db = await openDatabase({ dataDir: embeddedDatabaseDir({ dataDir }) });
  await migrate(db);
  await db.exec(sql);
  await db.close();
  return dataDir;
}

/** Runs `npm start` on the folder until it exits, or until it serves (then stops it). */
function start(dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    env: { ...process.env, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', PUCS_DATA_DIR: dataDir, PUCS_DIST_DIR: dist, PUCS_ADMIN_PASSWORD: 'admin password' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
    if (stdout.includes('running at')) child.kill('SIGTERM');
  });
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

it('prints each statement it applies, then serves', async () => {
  const dataDir = await dataDirWith('added', 'ALTER TABLE team DROP COLUMN notes');
  const { code, stdout, stderr } = await start(dataDir);
  expect(stderr).toBe('');
  expect(stdout).toContain(`${ownMessages.migrationApplied(`ALTER TABLE "team" ADD COLUMN "notes" text DEFAULT ''`)}\n`);
  expect(stdout).toContain('running at');
  expect(code).toBe(0);
}, 60_000);

it('refuses a change the data does not allow with one line, and exits non-zero', async () => {
  const dataDir = await dataDirWith('refused', `ALTER TABLE team ALTER COLUMN name DROP NOT NULL; INSERT INTO team (name) VALUES (NULL)`);
  const { code, stdout, stderr } = await start(dataDir);
  expect(stderr).toBe(
    "Database not changed: team.name is now required but 1 row(s) have no value: fill them in, declare a 'backfill' for them, or keep the field optional.\n",
  );
  expect(stdout).not.toContain('running at');
  expect(code).toBe(1);
}, 60_000);

it("reports a column whose field is gone, kept as data, with how many values it holds", async () => {
  const dataDir = await dataDirWith('kept', `ALTER TABLE team ADD COLUMN old_code text; INSERT INTO team (name, old_code) VALUES ('t', 'x')`);
  const { code, stdout, stderr } = await start(dataDir);
  expect(stderr).toBe('');
  expect(stdout).toContain(`${ownMessages.migrationFieldKept('team', 'old_code', 1)}\n`);
  expect(code).toBe(0);
}, 60_000);
