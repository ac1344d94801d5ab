/**
 * npm run db: SQL on the embedded database with the server stopped (or on DATABASE_URL's
 * PostgreSQL), to look at data the migration refuses or mend it; a read-only mode that cannot
 * change anything; and, while the server holds the embedded database, what to do instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runDbCli } from '../../server/cli/db';
import { runUserCli, type CliIo } from '../../server/cli/user';
import { readConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { embeddedDatabaseDir } from '../../server/runtime/openConfiguredDatabase';
import { lockFilePath } from '../../server/runtime/pidLock';
import { ownMessages } from '../../src/messages';

const dataDir = mkdtempSync(join(tmpdir(), 'pucs-db-cli-'));
// The embedded database, even when the suite runs on PostgreSQL.
const config = readConfig({ PUCS_DATA_DIR: dataDir });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

beforeAll(async () => {
  const db = await openDatabase({ dataDir: embeddedDatabaseDir(config) });
  await migrate(db);
  await db.exec(`INSERT INTO team (name) VALUES ('North'), ('South')`);
  await db.close();
});

const run = async (...argv: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l) };
  return { code: await runDbCli(argv, config, io), out, err };
};

describe('npm run db on the embedded database, server stopped', () => {
  it('reads rows, one JSON object a line, and counts them', async () => {
    expect(await run('query', 'SELECT id, name FROM team ORDER BY id')).toEqual({
      code: 0,
      out: ['{"id":1,"name":"North"}', '{"id":2,"name":"South"}', ownMessages.cliDbRows(2)],
      err: [],
    });
  });

  it('sql changes the data; its error changes nothing and exits 1', async () => {
    expect(await run('sql', `UPDATE team SET name = 'East' WHERE name = 'South' RETURNING name`)).toEqual({
      code: 0,
      out: ['{"name":"East"}', ownMessages.cliDbRows(1)],
      err: [],
    });
    const failed = await run('sql', `UPDATE team SET name = NULL`);
    expect(failed.code).toBe(1);
    expect(failed.err).toHaveLength(1);
    expect(failed.err[0]).toMatch(/null value .*\. Nothing was changed\.$/);
    expect((await run('query', 'SELECT name FROM team ORDER BY id')).out).toEqual(['{"name":"North"}', '{"name":"East"}', ownMessages.cliDbRows(2)]);
  });

  it('read-only (query, or sql --read-only) refuses any change', async () => {
    for (const argv of [['query'], ['sql', '--read-only']]) {
      const refused = await run(...argv, `DELETE FROM team`);
      expect(refused.code).toBe(1);
      expect(refused.err[0]).toContain('read-only transaction');
    }
    expect((await run('query', 'SELECT count(*)::int AS n FROM team')).out[0]).toBe('{"n":2}');
  });

  it('a statement returning no rows says it is done; wrong usage exits 2 with the usage', async () => {
    expect(await run('sql', `CREATE TEMP TABLE scratch (a int)`)).toEqual({ code: 0, out: [ownMessages.cliDbDone], err: [] });
    expect(await run('sql')).toEqual({ code: 2, out: [], err: [ownMessages.cliDbUsage] });
    expect(await run('drop', 'x')).toEqual({ code: 2, out: [], err: [ownMessages.cliDbUsage] });
  });

  it('a data folder without a database says so', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'pucs-db-none-'));
    try {
      const err: string[] = [];
      const code = await runDbCli(['query', 'SELECT 1'], readConfig({ PUCS_DATA_DIR: empty }), { out: () => {}, err: (l) => err.push(l) });
      expect({ code, err }).toEqual({ code: 1, err: [ownMessages.cliNoEmbeddedDatabase(embeddedDatabaseDir({ dataDir: empty }))] });
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('npm run db while the server holds the embedded database', () => {
  it('changes nothing and says to stop the server first', async () => {
    const server = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      writeFileSync(lockFilePath(dataDir), `${server.pid}\n`);
      expect(await run('query', 'SELECT 1 AS one')).toEqual({ code: 1, out: [], err: [ownMessages.cliServerHoldsDatabase(resolve(dataDir), server.pid as number)] });
    } finally {
      server.kill();
      await new Promise((r) => server.on('exit', r));
    }
    // Gone: the stale pid file is taken over.
    expect((await run('query', 'SELECT 1 AS one')).out).toEqual(['{"one":1}', ownMessages.cliDbRows(1)]);
  });

  it('runs as npm run db', () => {
    const r = spawnSync('npm', ['run', '--silent', 'db', '--', 'query', 'SELECT name FROM team WHERE id = 1'], {
      env: { ...process.env, PUCS_DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.stdout).toBe(`{"name":"North"}\n${ownMessages.cliDbRows(1)}\n`);
    expect(r.status).toBe(0);
  });
});

describe('npm run user after a field was removed', () => {
  it('says what the migration reports, as npm start would', async () => {
    expect((await run('sql', `ALTER TABLE team ADD COLUMN old_code text`)).code).toBe(0);
    const err: string[] = [];
    const code = await runUserCli(['list'], config, { out: () => {}, err: (l) => err.push(l) });
    expect({ code, err }).toEqual({ code: 0, err: [ownMessages.migrationFieldKept('team', 'old_code', 0)] });
  });
});

describe('npm run db: one statement, never a way out of its transaction', () => {
  const attempts = ['COMMIT; DELETE FROM team', 'ROLLBACK; DELETE FROM team', 'SET TRANSACTION READ WRITE; DELETE FROM team', 'SELECT 1; DELETE FROM team'];
  const refusesAll = async (config: ReturnType<typeof readConfig>) => {
    for (const argv of [['query'], ['sql', '--read-only']]) {
      for (const sql of attempts) {
        const err: string[] = [];
        const code = await runDbCli([...argv, sql], config, { out: () => {}, err: (l) => err.push(l) });
        expect({ sql, code, errs: err.length }).toEqual({ sql, code: 1, errs: 1 });
      }
    }
  };

  it('on the embedded database', async () => {
    await refusesAll(config);
    expect((await run('query', 'SELECT count(*)::int AS n FROM team')).out[0]).toBe('{"n":2}');
  });

  it.runIf(process.env.DATABASE_URL)('on PostgreSQL', async () => {
    const { createTestApp } = await import('./helpers');
    const t = await createTestApp();
    try {
      await t.db.exec(`INSERT INTO team (name) VALUES ('North'), ('South')`);
      await refusesAll(readConfig({ DATABASE_URL: t.url }));
      expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM team')).rows[0].n).toBe(2);
    } finally {
      await t.close();
    }
  });
});
