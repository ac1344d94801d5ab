/**
 * PGlite makes a new database by running initdb in WebAssembly memory that is never given back: in
 * the server's own process that left it at 620 MB resident after a first start (170 MB on every
 * later one). The database is therefore made in a short-lived process of its own; the server then
 * opens it like an existing one.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ownMessages } from '../../src/messages';

export async function createEmbeddedDatabase(dir: string): Promise<void> {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  mkdirSync(dir, { recursive: true });
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)}); await (await PGlite.create({ dataDir: ${JSON.stringify(dir)} })).close();`;
  const child = spawn(process.execPath, ['--input-type=module', '--eval', script], { stdio: ['ignore', 'inherit', 'inherit'] });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(ownMessages.embeddedDatabaseNotCreated(dir, code));
}
