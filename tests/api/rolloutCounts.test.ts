/**
 * The counts of each rollout's devices per phase and state (rollout_phase_state, server/rollouts/tables.ts),
 * kept by triggers in the transaction that changes rollout_device, are always those of the table itself:
 * through a start, reports, a threshold's pause, a resume, an abort, devices deleted and the rollout
 * deleted (its counts go with it); and filled from rollout_device when the table is first made (a
 * database of an earlier version).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLLOUT_TABLES } from '../../server/rollouts/tables';
import { actOk, draft, fleet, progress, report, rolloutWorld, step, type World } from './rolloutHelpers';

let w: World;

beforeAll(async () => {
  w = await rolloutWorld();
});
afterAll(() => w.t.close());

type Count = { rollout_id: number; phase: number; state: string; n: number };

async function kept(): Promise<Count[]> {
  return (await w.t.db.query<Count>('SELECT rollout_id, phase, state, n FROM rollout_phase_state WHERE n <> 0 ORDER BY 1, 2, 3')).rows;
}
async function counted(): Promise<Count[]> {
  return (await w.t.db.query<Count>('SELECT rollout_id, phase, state, count(*)::int AS n FROM rollout_device GROUP BY 1, 2, 3 ORDER BY 1, 2, 3')).rows;
}
async function expectKept(): Promise<void> {
  const table = await counted();
  expect(await kept()).toEqual(table);
}

describe("a rollout's counts per phase and state", () => {
  it('are those of its devices after every change, and go with the rollout', async () => {
    const devices = await fleet(w, 6);
    const id = await draft(w, { device_ids: devices.map((d) => d.id), phases: [{ count: 2 }, { percent: 100 }], failure_threshold_percent: 50 });
    const other = await draft(w, { device_ids: (await fleet(w, 2)).map((d) => d.id), phases: [{ percent: 100 }] });
    await actOk(w, id, 'start');
    await actOk(w, other, 'start');
    await expectKept();
    await report(w, devices[0], 'downloading');
    await report(w, devices[1], 'failed', 'flash write error');
    await step(w, id);
    await expectKept();
    await report(w, devices[0], 'succeeded');
    await step(w, id);
    expect((await progress(w, id)).state).toBe('paused');
    await actOk(w, id, 'resume');
    await step(w, id);
    await expectKept();
    expect((await progress(w, id)).phases.map((p) => [p.devices, p.succeeded, p.failed, p.pending])).toEqual([
      [2, 1, 1, 0],
      [4, 0, 0, 4],
    ]);
    // A device deleted leaves its phase's counts.
    const del = await w.owner.client.del(`/api/device/${devices[5].id}`);
    expect(del.statusCode, del.body).toBe(200);
    await expectKept();
    expect((await progress(w, id)).phases[1].devices).toBe(3);
    await actOk(w, id, 'abort');
    await expectKept();
    const gone = await w.owner.client.del(`/api/rollout/${id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    await expectKept();
    expect((await w.t.db.query('SELECT 1 FROM rollout_phase_state WHERE rollout_id = $1', [id])).rows).toEqual([]);
    await actOk(w, other, 'abort');
  });

  it('are filled from the devices when the table is first made', async () => {
    const devices = await fleet(w, 3);
    const id = await draft(w, { device_ids: devices.map((d) => d.id), phases: [{ count: 1 }, { percent: 100 }] });
    await actOk(w, id, 'start');
    await report(w, devices[0], 'installing');
    await step(w, id);
    const before = await kept();
    expect(before.length).toBeGreaterThan(0);
    await w.t.db.query('DROP TABLE rollout_phase_state');
    await w.t.db.exec(ROLLOUT_TABLES.ddl);
    expect(await kept()).toEqual(before);
    await expectKept();
    await actOk(w, id, 'abort');
  });
});
