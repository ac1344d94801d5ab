/**
 * The engine's loop in the server (docs/ROLLOUTS.md, decision 8): with PUCS_ROLLOUT_TICK_MS set, the
 * app steps running rollouts by itself: a device's report ends the phase and the rollout finishes
 * with nobody calling anything, as the progress page then shows.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { actOk, draft, fleet, progress, report, rolloutWorld, type World } from './rolloutHelpers';

let w: World;

beforeAll(async () => {
  w = await rolloutWorld({ PUCS_ROLLOUT_TICK_MS: '20' });
});
afterAll(() => w.t.close());

it('a running rollout advances by itself once its devices report', async () => {
  const devices = await fleet(w, 2);
  const id = await draft(w, { device_ids: devices.map((d) => d.id), phases: [{ count: 1 }, { percent: 100 }] });
  await actOk(w, id, 'start');
  await report(w, devices[0], 'succeeded');
  await vi.waitFor(async () => expect((await progress(w, id)).phase).toBe(2), { timeout: 20_000, interval: 50 });
  await report(w, devices[1], 'succeeded');
  await vi.waitFor(async () => expect((await progress(w, id)).state).toBe('finished'), { timeout: 20_000, interval: 50 });
});
