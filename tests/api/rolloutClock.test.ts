/**
 * Several server processes share one database, each with its own clock: the process that tells a
 * device its rollout's target and the one its next check-in reaches may disagree by seconds. Whether
 * a report came after the device was told is decided by the database's clock alone, so a report
 * through a process whose clock is behind still counts (issue 30: safe with several processes).
 */
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { actOk, draft, fleet, progress, report, rolloutWorld, step, type World } from './rolloutHelpers';

let w: World;

beforeAll(async () => {
  w = await rolloutWorld();
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => w.t.close());

// On PostgreSQL: the embedded database runs in this process and reads its clock (the faked one) too.
it.runIf(process.env.DATABASE_URL)("counts a device's report made through a process whose clock is a minute behind the one that told it", async () => {
  const [d] = await fleet(w, 1);
  const id = await draft(w, { device_ids: [d.id], phases: [{ percent: 100 }] });
  await actOk(w, id, 'start');
  // The next check-in reaches a process whose clock is a minute late.
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 60_000 });
  await report(w, d, 'failed', 'flash write error');
  vi.useRealTimers();
  await step(w, id);
  const p = await progress(w, id);
  expect(p.phases[0]).toMatchObject({ pending: 0, failed: 1 });
  expect(p.failed_devices).toEqual([expect.objectContaining({ id: d.id, message: 'flash write error' })]);
});
