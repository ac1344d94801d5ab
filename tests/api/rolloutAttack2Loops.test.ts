/**
 * Two server processes on one PostgreSQL database, each running its rollout engine's loop (issue 30,
 * second attack; rolloutsProcesses.test.ts steps the engine by hand): while devices report and two
 * admins, one on each process, pause and resume the rollout at the same time, every phase starts
 * once, every device is told once (one audit entry each), none is lost, and the rollout finishes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/database';
import { AUDIT_TABLE } from '../../server/audit/tables';
import { until } from './databaseHold';
import { api } from './helpers';
import { act, draft, fleet, progress, report, rolloutWorld, type World } from './rolloutHelpers';

let w: World;
const processes: { db: Database; app: FastifyInstance }[] = [];

beforeAll(async () => {
  if (!process.env.DATABASE_URL) return;
  w = await rolloutWorld();
  for (let i = 0; i < 2; i++) {
    const db = await openDatabase({ url: w.t.url });
    const app = await buildApp({ db, config: { ...w.t.config, rolloutTickMs: 1 } });
    await app.ready();
    processes.push({ db, app });
  }
});
afterAll(async () => {
  for (const p of processes) {
    await p.app.close();
    await p.db.close();
  }
  await w?.t.close();
});

describe.runIf(process.env.DATABASE_URL)('two processes running their engines', () => {
  it('start each phase once, tell each device once, and finish, under pauses and resumes from both', async () => {
    const devices = await fleet(w, 40);
    const id = await draft(w, { device_ids: devices.map((d) => d.id), phases: [{ count: 4 }, { percent: 25 }, { percent: 50 }, { percent: 100 }], failure_threshold_percent: 100 });
    const [a, b] = processes.map((p) => api(p.app, w.owner.cookie));
    expect((await act(w, id, 'start', a)).statusCode).toBe(200);
    const reported = new Set<number>();
    await until(async () => {
      const p = await progress(w, id);
      if (p.state === 'finished') return true;
      // Both admins at once: each answer is 200 or a 409 naming the state the other left.
      const answers = await Promise.all([act(w, id, p.state === 'running' ? 'pause' : 'resume', a), act(w, id, p.state === 'running' ? 'pause' : 'resume', b)]);
      for (const r of answers) expect([200, 409], r.body).toContain(r.statusCode);
      if ((await progress(w, id)).state === 'paused') await act(w, id, 'resume', a);
      const { rows } = await w.t.db.query<{ device_id: number }>('SELECT "device_id" FROM "rollout_device" WHERE "rollout_id" = $1 AND "targeted"', [id]);
      for (const { device_id } of rows) {
        if (reported.has(device_id)) continue;
        reported.add(device_id);
        await report(w, devices.find((d) => d.id === device_id)!, device_id % 7 === 0 ? 'failed' : 'succeeded');
      }
      return false;
    });
    const p = await progress(w, id);
    const events = p.history.filter((e) => e.event !== 'pause' && e.event !== 'resume').map((e) => `${e.event}:${e.phase}`);
    expect(events).toEqual(['start:0', ...[1, 2, 3, 4].flatMap((n) => [`phase_started:${n}`, `phase_ended:${n}`]), 'finished:4']);
    expect(p.phases.map((ph) => ph.devices)).toEqual([4, 9, 14, 13]);
    expect(p.phases.reduce((n, ph) => n + ph.succeeded + ph.failed, 0)).toBe(40);
    const { rows } = await w.t.db.query<{ n: number }>(
      `SELECT count(*)::int AS "n" FROM ${AUDIT_TABLE} WHERE "category" = 'device' AND "action" = 'rollout' AND "object_id" = ANY($1::int[]) GROUP BY "object_id"`,
      [devices.map((d) => d.id)],
    );
    expect(rows.map((r) => r.n)).toEqual(devices.map(() => 1));
  }, 120_000);
});
