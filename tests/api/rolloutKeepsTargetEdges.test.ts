/**
 * `keeps_target` (docs/ROLLOUTS.md, "The group rule") at its edges, for a device of no group taken by a
 * rollout over chosen devices (one of a group cannot be: rolloutGroupRule.test.ts): another team's
 * device, a rollback on abort, the device put in a group, and two finished rollouts of the same
 * firmware (only the one that last set the target keeps it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceRolloutsPath } from '../../src/schemas/deviceRollouts';
import { actOk, draft, fleet, progress, report, rolloutWorld, step, targetOf, oldFirmwareGroup, rolloutsOf as rolloutsOfDevice, type World } from './rolloutHelpers';

let w: World;

beforeAll(async () => {
  w = await rolloutWorld();
});
afterAll(() => w.t.close());

const rolloutsOf = (id: number) => rolloutsOfDevice(w, id);
const group = (name: string) => oldFirmwareGroup(w, name);

/** A device of no group taken by a finished rollout over chosen devices: it keeps the new firmware. */
async function kept(name: string, extra: Record<string, unknown> = {}) {
  const [d] = await fleet(w, 1, { name });
  const id = await draft(w, { device_ids: [d.id], phases: [{ percent: 100 }], ...extra });
  await actOk(w, id, 'start');
  await report(w, d, 'succeeded');
  await step(w, id);
  expect((await progress(w, id)).state).toBe('finished');
  expect((await rolloutsOf(d.id))[0]).toMatchObject({ id, keeps_target: true });
  return { d, id };
}

describe('keeps_target at its edges', () => {
  it("another team's device answers 404 like an unknown one", async () => {
    const { d } = await kept('rival beds');
    const res = await w.rival.client.get(`/api${deviceRolloutsPath(d.id)}`);
    expect(res.statusCode).toBe(404);
    expect((await w.rival.client.get(`/api${deviceRolloutsPath(999999)}`)).statusCode).toBe(404);
  });

  it('a rollback on abort after the device succeeded gives back its target: nothing kept', async () => {
    const [d] = await fleet(w, 1, { name: 'rollback beds' });
    const id = await draft(w, { device_ids: [d.id], phases: [{ percent: 100 }], rollback_on_abort: true, advance: 'manual' });
    await actOk(w, id, 'start');
    await report(w, d, 'succeeded');
    await actOk(w, id, 'abort');
    await step(w, id);
    expect(await targetOf(w, d.id)).toBe(w.oldFw);
    expect((await rolloutsOf(d.id))[0]).toMatchObject({ id, keeps_target: false });
  });

  it('the device put in a group follows it', async () => {
    const { d, id } = await kept('moved from beds');
    const other = await group('moved to beds');
    const put = await w.owner.client.put(`/api/device/${d.id}`, { group_id: other });
    expect(put.statusCode, put.body).toBe(200);
    expect(await targetOf(w, d.id)).toBe(w.oldFw);
    expect((await rolloutsOf(d.id))[0]).toMatchObject({ id, keeps_target: false });
  });

  it('two finished rollouts of the same firmware: only the later one keeps the target', async () => {
    const { d, id: first } = await kept('twice beds');
    const second = await draft(w, { device_ids: [d.id], phases: [{ percent: 100 }] });
    await actOk(w, second, 'start');
    await report(w, d, 'succeeded');
    await step(w, second);
    expect((await progress(w, second)).state).toBe('finished');
    const rows = await rolloutsOf(d.id);
    expect(rows.map((r) => [r.id, r.keeps_target])).toEqual([
      [second, true],
      [first, false],
    ]);
  });
});
