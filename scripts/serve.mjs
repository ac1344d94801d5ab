/**
 * `npm start` and `npm run demo`: runs the server from one file bundled by esbuild (our own
 * TypeScript; packages stay imports of node_modules) instead of through tsx, whose loader thread
 * costs about 50 MB of the server's memory. Bundling takes tens of milliseconds, so it is done
 * at every start and is never stale. The bundle sits beside server/start.ts, so that the paths
 * that file finds from its own location stay the same (`npm run dev:server` runs the sources).
 * package.json runs it with V8's young generation capped at 2 MB a half (--max-semi-space-size=2):
 * about 25 MB less resident memory for the same requests/s, measured on the 2,000-device demo; and
 * with its old generation let grow by a fifth between two collections (--heap-growing-percent=20):
 * V8's own choice, up to 4 times, let a page load on 100,000 devices leave 130 MB of heap, most of
 * it garbage, where the server lives on 45 MB (peak RSS 325 -> 235 MB, no fewer pages per second).
 */
import { build, stop } from 'esbuild';
import { renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bundle = join(root, 'server', '.start.bundle.mjs');

/** Bundles server/start.ts into `bundle`; false when the checkout cannot be written (a read-only install). */
async function bundled() {
  const result = await build({
    entryPoints: [join(root, 'server', 'start.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // No source map: Node keeps a loaded one in memory (about 20 MB here). Stack traces name the
    // bundle's lines, under comments naming each source file.
    sourcemap: false,
    write: false,
    logLevel: 'error',
  });
  // esbuild's service is a process of its own: not kept beside the server.
  await stop();
  // Written whole then renamed: a server starting at the same moment never reads half a file.
  const partial = `${bundle}.${process.pid}`;
  try {
    writeFileSync(partial, result.outputFiles[0].contents);
    renameSync(partial, bundle);
    return true;
  } catch (err) {
    if (!['EACCES', 'EPERM', 'EROFS'].includes(err.code)) throw err;
    return false;
  }
}

// A cluster worker (PUCS_WORKERS) runs this file again: it runs what the first process chose.
const from = process.env.NODE_UNIQUE_ID ? process.env.PUCS_SERVE_FROM : (await bundled()) ? 'bundle' : 'sources';
process.env.PUCS_SERVE_FROM = from;
if (from === 'bundle') {
  await import(pathToFileURL(bundle).href);
} else {
  // Not writable: the sources themselves, through tsx (about 50 MB more memory, nothing else lost).
  (await import('tsx/esm/api')).register();
  await import(pathToFileURL(join(root, 'server', 'start.ts')).href);
}
