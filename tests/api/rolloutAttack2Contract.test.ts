/**
 * The rollout answers keep their declared contracts in every state a hostile environment can bring
 * (issue 30, second attack): the server does not check its answers against their zod schemas, so a
 * wrong shape would reach the console unnoticed. Each answer of GET /api/rollout/{id}/progress, of an
 * action and of GET /api/device/{id}/rollouts is parsed by ROLLOUT_PROGRESS and DEVICE_ROLLOUTS, through a
 * draft, a phase with a device gone from the type, a failure without a message, a threshold pause,
 * a wait, a timed-out phase, a finish and an abort.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { ROLLOUT_PROGRESS } from '../../src/schemas/rolloutPlan';
import { DEVICE_ROLLOUTS } from '../../src/schemas/deviceRollouts';
import { createOk } from './crudFixtures';
import { act, draft, fleet, progress, report, rolloutWorld, step, type World } from './rolloutHelpers';

let w: World;

beforeAll(async () => {
  w = await rolloutWorld();
});
afterAll(() => w.t.close());

const STRICT = ROLLOUT_PROGRESS.strict();

async function checked(id: number) {
  const p = STRICT.parse(await progress(w, id));
  for (const d of (await w.t.db.query<{ device_id: number }>('SELECT "device_id" FROM "rollout_device" WHERE "rollout_id" = $1', [id])).rows) {
    const res = await w.owner.client.get(`/api/device/${d.device_id}/rollouts`);
    expect(res.statusCode, res.body).toBe(200);
    DEVICE_ROLLOUTS.parse(res.json());
  }
  return p;
}

async function actChecked(id: number, action: string) {
  const res = await act(w, id, action);
  expect(res.statusCode, res.body).toBe(200);
  return STRICT.parse(res.json());
}

describe('the answers’ contracts', () => {
  it('hold in every state and event', async () => {
    const devices = await fleet(w, 6, { name: 'contract', target_firmware_id: null });
    const id = await draft(w, {
      device_filter: { q: 'contract' },
      phases: [{ count: 2 }, { count: 2 }, { percent: 100 }],
      failure_threshold_percent: 50,
      advance: 'wait',
      wait_minutes: 60,
      phase_timeout_minutes: 1,
    });
    expect((await checked(id)).state).toBe('draft');
    // Phase 3's devices: one leaves the type before its phase.
    const otherType = (await createOk(w.owner.client, 'type', { name: 'contract other type', team_id: w.owner.teamId })).id as number;
    await actChecked(id, 'start');
    // A failure with no message, a success: the threshold (50 %) pauses phase 1.
    await report(w, devices[0], 'failed');
    await report(w, devices[1], 'succeeded');
    await step(w, id);
    expect((await checked(id)).state).toBe('paused');
    await actChecked(id, 'resume');
    await step(w, id);
    const waiting = await checked(id);
    expect(waiting.next_phase_at).not.toBeNull();
    await actChecked(id, 'continue');
    // Phase 2 times out: its time limit moved into the past.
    await report(w, devices[2], 'downloading');
    await w.t.db.query(`UPDATE "rollout" SET "phase_started" = now() - interval '2 minutes' WHERE "id" = $1`, [id]);
    await step(w, id);
    const timedOut = await checked(id);
    expect(timedOut.phases[1]).toMatchObject({ failed: 2 });
    expect((await w.owner.client.put(`/api/device/${devices[5].id}`, { type_id: otherType })).statusCode).toBe(200);
    if (timedOut.state === 'paused') await actChecked(id, 'resume');
    await step(w, id);
    await actChecked(id, 'continue');
    await step(w, id);
    const last = await checked(id);
    expect(last.failed_devices).toContainEqual({ id: devices[5].id, name: 'contract 5', phase: 3, message: ownMessages.rolloutDeviceLeft });
    expect((await actChecked(id, 'abort')).state).toBe('aborted');
    await checked(id);

    const [d] = await fleet(w, 1);
    const finished = await draft(w, { device_ids: [d.id], phases: [{ percent: 100 }] });
    await actChecked(finished, 'start');
    await report(w, d, 'succeeded');
    await step(w, finished);
    expect((await checked(finished)).state).toBe('finished');
  });
});
