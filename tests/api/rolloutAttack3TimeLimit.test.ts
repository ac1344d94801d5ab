/**
 * A phase's time limit (issue 30, third attack; docs/ROLLOUTS.md, decision 4) fails the devices that
 * were told and did not report, not those the rollout never told: a process stopped between the
 * chunks of a phase's targets (PUCS_ROLLOUT_CHUNK = 2 here) and started again after the limit tells
 * the rest first, and their time counts from then. Before, the rest were failed "No report within the
 * phase's time limit" without ever getting the target.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../server/db/database';
import { ownMessages } from '../../src/messages';
import { actOk, draft, fleet, progress, report, rolloutWorld, step, targetOf, type World } from './rolloutHelpers';

let w: World;

beforeAll(async () => {
  w = await rolloutWorld({ PUCS_ROLLOUT_CHUNK: '2' });
});
afterAll(() => w.t.close());

/** From now on the app's transactions die at their statement telling devices after the first `allowed`; answers the way back. */
function stopAfterTelling(db: Database, allowed: number): () => void {
  const real = db.transaction;
  let n = 0;
  const dying = (tx: Queryable): Queryable =>
    new Proxy(tx, {
      get(target, prop) {
        const value = Reflect.get(target, prop) as unknown;
        if (prop !== 'query') return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        return (sql: string, ...rest: unknown[]) => {
          if (sql.includes('SET "targeted" = true') && ++n > allowed) throw new Error('process stopped');
          return target.query(sql, ...(rest as [unknown[]]));
        };
      },
    });
  db.transaction = ((fn: (tx: Queryable) => Promise<unknown>) => real.call(db, (tx) => fn(dying(tx)))) as Database['transaction'];
  return () => {
    db.transaction = real;
  };
}

const limitPassed = (id: number) => w.t.db.query(`UPDATE "rollout" SET "phase_started" = now() - interval '11 minutes' WHERE "id" = $1`, [id]);

describe("a phase's time limit", () => {
  it('devices never told are told after a restart past the limit, not failed; told ones without a report fail once their time is over', async () => {
    const devices = (await fleet(w, 4)).sort((a, b) => a.id - b.id);
    const id = await draft(w, { device_ids: devices.map((d) => d.id), phases: [{ percent: 100 }], phase_timeout_minutes: 10, failure_threshold_percent: 100 });
    const revive = stopAfterTelling(w.t.db, 1);
    try {
      await actOk(w, id, 'start');
    } finally {
      revive();
    }
    expect(await Promise.all(devices.map((d) => targetOf(w, d.id)))).toEqual([w.newFw, w.newFw, w.oldFw, w.oldFw]);
    await report(w, devices[0], 'succeeded');
    // Started again after the limit: the two never told get the firmware, nobody fails yet.
    await limitPassed(id);
    await step(w, id);
    expect(await Promise.all(devices.map((d) => targetOf(w, d.id)))).toEqual([w.newFw, w.newFw, w.newFw, w.newFw]);
    const told = await progress(w, id);
    expect(told.failed_devices).toEqual([]);
    expect(told.phases[0]).toMatchObject({ devices: 4, succeeded: 1, pending: 3, failed: 0, ended_at: null });
    // Their time over, the told devices without a report fail, with the message saying so.
    await report(w, devices[2], 'succeeded');
    await limitPassed(id);
    await step(w, id);
    const ended = await progress(w, id);
    expect(ended.failed_devices).toEqual([1, 3].map((i) => ({ id: devices[i].id, name: expect.any(String), phase: 1, message: ownMessages.rolloutPhaseTimedOut })));
    expect(ended).toMatchObject({ state: 'finished' });
  });
});
