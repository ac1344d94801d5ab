/**
 * The last part of `npm test` (after the unit tests, which use both cores): the browser tests (`npm run
 * test:e2e`, one Playwright worker, which keeps about one of two cores busy: the browser waits for the
 * server and the server for the browser) with, beside them on the other core, one after another: the
 * type check, lint, the API suite (one worker), the guide's walk (`npm run test:guide`) and, when
 * PUCS_TEST_DATABASE_URL names a PostgreSQL server, the API suite again on it (as DATABASE_URL;
 * .ci/run starts one). One after another they took 60-70 minutes of CI; side by side the machine's two
 * cores both work. The unit tests stay before: beside the browser tests with one worker they took 16
 * minutes of that core, against 5 alone with two.
 *
 * The browser tests write as they go; each job beside them writes to a file, shown whole when it
 * ends (its lines never mixed with the browser tests'). Every job runs to its end even when another
 * failed, so one run shows every failure; the exit code is 1 if any failed.
 * TEST_BESIDE_WORKERS: the workers of the API suites beside the browser tests (1).
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const workers = process.env.TEST_BESIDE_WORKERS || '1';
const postgres = process.env.PUCS_TEST_DATABASE_URL;
const logs = mkdtempSync(join(tmpdir(), 'pucs-test-beside-'));

const besides = [
  { name: 'type check', args: ['run', 'typecheck'], env: {} },
  { name: 'lint', args: ['run', 'lint'], env: {} },
  { name: 'API suite (embedded PostgreSQL: PGlite)', args: ['run', 'test:api'], env: { VITEST_MAX_WORKERS: workers } },
  { name: "guide's walk", args: ['run', 'test:guide'], env: {} },
  ...(postgres ? [{ name: 'API suite on PostgreSQL', args: ['run', 'test:api'], env: { VITEST_MAX_WORKERS: workers, DATABASE_URL: postgres } }] : []),
];

function run(args, env, output) {
  return new Promise((resolve) => {
    const child = spawn('npm', args, { env: { ...process.env, ...env }, stdio: output === 'inherit' ? 'inherit' : ['ignore', output, output] });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function runBesides() {
  const failed = [];
  for (const [i, job] of besides.entries()) {
    const file = join(logs, `${i}.log`);
    const fd = openSync(file, 'w');
    const started = Date.now();
    const code = await run(job.args, job.env, fd);
    closeSync(fd);
    const minutes = ((Date.now() - started) / 60_000).toFixed(1);
    process.stdout.write(`\n== beside the browser tests: ${job.name} (npm ${job.args.join(' ')}): ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${minutes} min\n`);
    process.stdout.write(readFileSync(file));
    process.stdout.write(`== end of ${job.name}\n\n`);
    if (code !== 0) failed.push(job.name);
  }
  return failed;
}

const [e2e, failedBeside] = await Promise.all([run(['run', 'test:e2e'], {}, 'inherit'), runBesides()]);
rmSync(logs, { recursive: true, force: true });
const failed = [...(e2e === 0 ? [] : ['browser tests (npm run test:e2e)']), ...failedBeside];
if (failed.length > 0) {
  process.stdout.write(`\nnpm test: failed: ${failed.join(', ')}\n`);
  process.exit(1);
}
