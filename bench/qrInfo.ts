/**
 * The public QR info call under a steady 200 requests per second (issue 8: its p95 is reported),
 * for a known QR id and for unknown ones, which must take the same time (no timing oracle).
 * Prints figures, asserts nothing: tsx bench/qrInfo.ts
 */
import autocannon from 'autocannon';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import { seedDemo } from '../server/demo/seed';
import { ensureAdmin } from '../server/auth/bootstrap';
import { newQrId } from '../server/qr/routes';

const DURATION_S = Number(process.env.BENCH_SECONDS || 10);
const RATE = 200;

/** autocannon's summary has no p95: every response time is kept and sorted. */
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function load(title: string, url: string) {
  const times: number[] = [];
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon({ url, connections: 10, overallRate: RATE, duration: DURATION_S }, (err, result) => (err ? reject(err) : resolve(result)));
    run.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
  times.sort((a, b) => a - b);
  const at = (p: number) => `${percentile(times, p).toFixed(1)} ms`;
  console.log(
    `${title.padEnd(34)} ${r.requests.average.toFixed(0).padStart(5)} req/s  p50 ${at(50)}  p95 ${at(95)}  p99 ${at(99)}  statuses ${JSON.stringify({ '2xx': r['2xx'], '4xx': r['4xx'] })}`,
  );
}

async function main() {
  const db = await openDatabase({});
  await migrate(db);
  const config = readConfig({
    PUCS_DIST_DIR: '/nonexistent',
    PUCS_FILES_DIR: mkdtempSync(join(tmpdir(), 'pucs-bench-files-')),
    PUCS_ADMIN_USER: 'bench',
    PUCS_ADMIN_PASSWORD: 'bench-password',
    PUCS_QR_INFO_PER_MINUTE: '1000000',
  });
  await ensureAdmin(db, config);
  await seedDemo(db);
  const known = newQrId();
  await db.query('UPDATE device SET qr_code_id = $1 WHERE id = (SELECT min(id) FROM device)', [known]);
  const app = await buildApp({ db, config });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  await load('GET execute_qr_code_action known', `${address}/api/execute_qr_code_action/${known}`);
  await load('GET execute_qr_code_action unknown', `${address}/api/execute_qr_code_action/${newQrId()}`);
  await app.close();
  await db.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
