/**
 * `npm run test:guide`: the integrator's guide lived on a copy of this checkout. The copy (its
 * tracked and untracked source files in a temporary folder, node_modules linked) gets the guide's
 * three steps as written (docs/INTEGRATOR.md, 'Adding a category'): its schema files in
 * src/schemas/ (read from the guide by tests/fixtures/guideExample.ts), the registry lines in
 * src/schemas/index.ts, `npm run docs`. Then the copy builds its console and runs, with its own
 * server, the e2e walks over every category (tests/e2e/accessibility.spec.ts, light mode: one
 * object of every category made from its declaration, every table and every add, view and edit
 * screen), with no test edited. The walks visit the guide's categories' screens only
 * (E2E_WALK_ONLY): the whole e2e suite walks the others. It fails unless those walks pass and
 * walked every page of the guide's categories (each walked page is noted on its test). The folder,
 * with the server's data directory inside it, is removed at the end.
 * Port: GUIDE_E2E_PORT, else the one after E2E_PORT (so it never meets the main e2e server).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deriveConsoleRoutes } from '../../src/resources/consoleRoutes';
import { guideCategories, guideFiles, withGuide } from '../fixtures/guideExample';
import { E2E_PORT } from '../e2e/settings';
import { registryLines } from './registryLines';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PORT = process.env.GUIDE_E2E_PORT || String(E2E_PORT + 1);
/** The walks that go over every category of the registry; the dark pass walks the devices' screens only. */
const WALKS = { files: ['tests/e2e/accessibility.spec.ts'], grep: 'light mode.*every' };

const started = Date.now();
const copy = mkdtempSync(join(tmpdir(), 'pucs-guide-walk-'));
const cleanUp = () => rmSync(copy, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => (cleanUp(), process.exit(1)));

const seconds = (since: number) => `${Math.round((Date.now() - since) / 1000)} s`;

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const line = `${command.replace(`${copy}/node_modules/.bin/`, '')} ${args.join(' ')}`;
  console.log(`guide walk: ${line}`);
  const from = Date.now();
  const result = spawnSync(command, args, { cwd: copy, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`'${line}' failed in the copy (exit ${result.status ?? result.signal})`);
  console.log(`guide walk: ${line}: ${seconds(from)}`);
}

/** The checkout's tracked and untracked source files (not the ignored ones: node_modules, dist, ...), copied. */
function copyCheckout() {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files: ${listed.stderr}`);
  for (const file of new Set(listed.stdout.split('\0').filter(Boolean))) {
    if (!existsSync(join(ROOT, file))) continue; // deleted, not yet committed
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(copy, file));
  }
  symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(copy, 'node_modules'));
}

/** Steps 1 and 2 of the guide: its schema files, and its registry lines in the copy's src/schemas/index.ts. */
function applyGuide() {
  const files = guideFiles();
  for (const file of files) writeFileSync(join(copy, file.path), file.code);
  const index = join(copy, 'src/schemas/index.ts');
  writeFileSync(index, registryLines(readFileSync(index, 'utf8'), files));
}

interface Walked {
  suites?: Walked[];
  specs?: { title: string; tests: { results: { status: string; annotations?: { type: string; description?: string }[] }[] }[] }[];
}

/** What the walks' report says: the tests run and passed, and the pages walked ('<key> <mode>'). */
function readReport(file: string) {
  const report = JSON.parse(readFileSync(file, 'utf8')) as Walked & { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
  const walked = new Set<string>();
  const visit = (s: Walked) => {
    s.suites?.forEach(visit);
    for (const result of (s.specs ?? []).flatMap((spec) => spec.tests.flatMap((t) => t.results)))
      for (const a of result.annotations ?? []) if (a.type === 'walked' && a.description) walked.add(a.description);
  };
  visit(report);
  return { stats: report.stats, walked };
}

try {
  const guide = await guideCategories();
  if (guide.length === 0) throw new Error('the guide (docs/INTEGRATOR.md) declares no category');
  // Every page of the guide's categories, as the registry with the guide's categories derives them.
  const expected = deriveConsoleRoutes(withGuide(guide))
    .filter((r) => guide.some((g) => g.key === r.category.key))
    .map((r) => `${r.category.key} ${r.mode}`);
  if (expected.length === 0) throw new Error("the guide's categories have no console page to walk");

  copyCheckout();
  applyGuide();
  run('npm', ['run', 'docs']);
  run(join(copy, 'node_modules/.bin/vite'), ['build']);
  const reportFile = join(copy, 'walks.json');
  mkdirSync(join(copy, '.tmp'));
  run(join(copy, 'node_modules/.bin/playwright'), ['test', ...WALKS.files, '--grep', WALKS.grep, '--reporter=list,json'], {
    E2E_PORT: PORT,
    E2E_WALK_ONLY: guide.map((g) => g.key).join(','),
    PLAYWRIGHT_JSON_OUTPUT_FILE: reportFile,
    // The server's data directory (mktemp in playwright.config.ts) and the browser's files: inside the copy.
    TMPDIR: join(copy, '.tmp'),
  });

  const { stats, walked } = readReport(reportFile);
  const missing = expected.filter((page) => !walked.has(page));
  if (stats.expected === 0 || stats.unexpected > 0 || stats.flaky > 0 || stats.skipped > 0) throw new Error(`the walks did not all pass: ${JSON.stringify(stats)}`);
  if (missing.length > 0) throw new Error(`the walks passed without walking the guide's pages: ${missing.join(', ')}`);
  console.log(`guide walk: ${stats.expected} walks passed over the ${walked.size} pages of the guide's categories (${guide.map((g) => g.key).join(', ')}), in ${seconds(started)}`);
} catch (err) {
  console.error(`guide walk: FAILED: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  cleanUp();
}
