/**
 * `npm run db -- sql "STATEMENT"` and `npm run db -- query "STATEMENT"` (or `sql --read-only`):
 * one statement on the configured database, as it is (never migrated first), in a transaction that
 * an error rolls back; the read-only one cannot change anything and is always rolled back. Rows print one JSON object a line.
 * The embedded database only while no server holds it: the message then says to stop it first
 * (PGlite is one process's); PostgreSQL (DATABASE_URL) any time. docs/INTEGRATOR.md, "Changing a schema".
 */
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { readConfig, type ServerConfig } from '../config';
import { DatabaseInUseError } from '../runtime/openConfiguredDatabase';
import { NoDatabaseError, openForRepair } from '../runtime/openForRepair';
import type { CliIo } from './user';
import { ownMessages } from '../../src/messages';

/** The answer of a read-only statement, thrown out of its transaction so that the transaction rolls back. */
class LookedOnly {
  constructor(readonly rows: unknown[]) {}
}

const consoleIo: CliIo = { out: (l) => console.log(l), err: (l) => console.error(l) };

/** Runs one command; returns the exit code (0 done, 1 refused or failed, 2 wrong usage). */
export async function runDbCli(argv: string[], config: ServerConfig = readConfig(), io: CliIo = consoleIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { 'read-only': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  } catch {
    io.err(ownMessages.cliDbUsage);
    return 2;
  }
  const [command, sql, ...extra] = parsed.positionals;
  if (parsed.values.help) {
    io.out(ownMessages.cliDbUsage);
    return 0;
  }
  if (!['sql', 'query'].includes(command) || !sql?.trim() || extra.length > 0) {
    io.err(ownMessages.cliDbUsage);
    return 2;
  }
  const readOnly = command === 'query' || parsed.values['read-only'] === true;

  let opened;
  try {
    opened = await openForRepair(config);
  } catch (err) {
    if (err instanceof DatabaseInUseError) io.err(ownMessages.cliServerHoldsDatabase(err.dir, err.pid));
    else if (err instanceof NoDatabaseError) io.err(ownMessages.cliNoEmbeddedDatabase(err.dir));
    else throw err;
    return 1;
  }
  try {
    let rows: unknown[];
    try {
      ({ rows } = await opened.db.transaction(async (tx) => {
        if (readOnly) await tx.exec('SET TRANSACTION READ ONLY');
        // Parameters (none): exactly one statement on either database, so that none can leave the transaction.
        const answer = await tx.query(sql, []);
        // Read only keeps nothing: what a read-only transaction still lets through (a large object, a NOTIFY) is rolled back.
        if (readOnly) throw new LookedOnly(answer.rows);
        return answer;
      }));
    } catch (err) {
      if (!(err instanceof LookedOnly)) throw err;
      rows = err.rows;
    }
    for (const row of rows) io.out(JSON.stringify(row));
    io.out(rows.length > 0 ? ownMessages.cliDbRows(rows.length) : ownMessages.cliDbDone);
    return 0;
  } catch (err) {
    io.err(ownMessages.cliDbFailed(err instanceof Error ? err.message : String(err)));
    return 1;
  } finally {
    await opened.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  runDbCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
