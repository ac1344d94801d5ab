/**
 * Two rollouts over overlapping selections (chosen devices, and a filter matching the same devices; of no
 * group, as a group's devices are taken by a rollout over the group only) started at once by two processes on one PostgreSQL database (issue 30, third attack): one runs and
 * the other answers 409 naming a device, never an error of the database (a deadlock of their inserts),
 * and each device is held once. Found sound.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/database';
import { api } from './helpers';
import { act, actOk, draft, fleet, progress, rolloutWorld, type World } from './rolloutHelpers';

let w: World;

beforeAll(async () => {
  w = await rolloutWorld();
});
afterAll(() => w.t.close());

describe.runIf(process.env.DATABASE_URL)('two processes on PostgreSQL', () => {
  let db2: Database;
  let app2: FastifyInstance;
  beforeAll(async () => {
    db2 = await openDatabase({ url: w.t.url });
    app2 = await buildApp({ db: db2, config: w.t.config });
    await app2.ready();
  });
  afterAll(async () => {
    await app2.close();
    await db2.close();
  });

  it('a rollout over chosen devices and a filter rollout over the same devices started at once: one 200, one 409, each device held once', async () => {
    for (let round = 0; round < 5; round++) {
      const devices = await fleet(w, 6, { name: `overlap ${round}` });
      const byChosen = await draft(w, { device_ids: devices.map((d) => d.id), phases: [{ percent: 50 }, { percent: 100 }] });
      const byFilter = await draft(w, { device_filter: { q: `overlap ${round}` }, phases: [{ percent: 100 }] });
      const answers = await Promise.all([act(w, byChosen, 'start'), act(w, byFilter, 'start', api(app2, w.owner.cookie))]);
      expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join('\n')).toEqual([200, 409]);
      expect(answers.find((r) => r.statusCode === 409)?.json()).toEqual({ Description: expect.stringContaining('is already in the running rollout') });
      const { rows } = await w.t.db.query<{ n: number }>('SELECT count(*)::int AS "n" FROM "rollout_device" WHERE "device_id" = ANY($1::int[]) AND "holds"', [
        devices.map((d) => d.id),
      ]);
      expect(rows[0].n).toBe(6);
      for (const id of [byChosen, byFilter]) if ((await progress(w, id)).state === 'running') await actOk(w, id, 'abort');
    }
  });
});
