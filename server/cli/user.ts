/**
 * `npm run user -- add NAME [--password P] [--team T]... [--teams T1,T2] [--role ROLE] [--server-admin]`,
 * `npm run user -- grant NAME --team T [--team T2]... --role ROLE` (ROLE as the console names it),
 * `npm run user -- password NAME [--password P]`, `npm run user -- list`.
 * Works on the configured database (migrated first, so a fresh data folder is fine): on PostgreSQL
 * while servers run too; the embedded one, while a running server holds it, is left alone and the
 * message says how to do the same through that server (the console's Users page, its API).
 */
// First: a schema mistake found while the registry loads is reported as one line.
import { schemaLoaded } from '../runtime/schemaErrorExit';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { readConfig, type ServerConfig } from '../config';
import { openConfiguredDatabase, DatabaseInUseError } from '../runtime/openConfiguredDatabase';
import { MigrationError } from '../db/migrate';
import { RegistryError } from '../../src/schemas/fieldCheck';
import { addUser, CliError, listUsers, setPassword } from './users';
import { grantRole, teamArgs } from './memberships';
import { ownMessages } from '../../src/messages';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

const consoleIo: CliIo = { out: (l) => console.log(l), err: (l) => console.error(l) };

/** Runs one command; returns the exit code (0 done, 1 refused or failed, 2 wrong usage). */
export async function runUserCli(argv: string[], config: ServerConfig = readConfig(), io: CliIo = consoleIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        password: { type: 'string' },
        team: { type: 'string', multiple: true },
        teams: { type: 'string' },
        role: { type: 'string' },
        'server-admin': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    io.err((err as Error).message);
    io.err(ownMessages.cliUsage);
    return 2;
  }
  const [command, name, ...extra] = parsed.positionals;
  const { values } = parsed;
  const needsName = command === 'add' || command === 'password' || command === 'grant';
  if (values.help || extra.length > 0 || !['add', 'grant', 'password', 'list'].includes(command) || (needsName && !name)) {
    (values.help ? io.out : io.err)(ownMessages.cliUsage);
    return values.help ? 0 : 2;
  }

  let opened;
  try {
    // What the migration reports (a removed field's kept column) is said once, by whichever start meets it.
    opened = await openConfiguredDatabase(config, undefined, io.err);
  } catch (err) {
    // The server holding the embedded database manages users meanwhile: the message says how.
    if (err instanceof DatabaseInUseError) {
      io.err(ownMessages.cliServerHoldsUsers(err.dir, err.pid));
      return 1;
    }
    if (err instanceof MigrationError || err instanceof RegistryError) {
      io.err(err.message);
      return 1;
    }
    throw err;
  }
  const teams = teamArgs([...(values.team ?? []), values.teams]);
  try {
    const lines =
      command === 'add'
        ? await addUser(opened.db, {
            username: name,
            password: values.password,
            team: teams.length > 0 ? teams : undefined,
            role: values.role,
            serverAdmin: values['server-admin'],
          })
        : command === 'grant'
          ? await grantRole(opened.db, name, teams, values.role)
          : command === 'password'
            ? await setPassword(opened.db, name, values.password)
            : await listUsers(opened.db);
    lines.forEach((l) => io.out(l));
    return 0;
  } catch (err) {
    if (err instanceof CliError) {
      io.err(err.message);
      return 1;
    }
    throw err;
  } finally {
    await opened.close();
  }
}

schemaLoaded();

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  runUserCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
