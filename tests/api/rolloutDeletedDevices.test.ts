/**
 * Deleting what a rollout names (docs/ROLLOUTS.md, 'Deleting a device or a group'): a device among a
 * rollout's chosen devices can be deleted whatever the rollout's state (its entry leaves the list,
 * with its audit entry; a running rollout counts it no more). A group a draft was made over can be
 * deleted too: the draft is left with no devices and cannot start (409, not 500); one whose devices a
 * rollout holds cannot (rolloutAttack2*). Before, a device once chosen in a finished rollout could
 * never be deleted (409 'in use').
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOk } from './crudFixtures';
import { act, actOk, draft, fleet, progress, report, rolloutWorld, step, type World } from './rolloutHelpers';

let w: World;

beforeAll(async () => {
  w = await rolloutWorld();
});
afterAll(() => w.t.close());

const chosen = async (id: number) => ((await w.owner.client.get(`/api/rollout/${id}`)).json() as { device_ids: { id: number }[] }).device_ids.map((e) => e.id);

describe('a device chosen in a rollout', () => {
  it('can be deleted from a draft, finished or aborted rollout: it leaves the rollout\'s list', async () => {
    const c = w.owner.client;
    for (const state of ['draft', 'finished', 'aborted'] as const) {
      const [gone, kept] = await fleet(w, 2, { name: `del ${state}` });
      const id = await draft(w, { device_ids: [gone.id, kept.id], phases: [{ percent: 100 }] });
      if (state !== 'draft') await actOk(w, id, 'start');
      if (state === 'aborted') await actOk(w, id, 'abort');
      if (state === 'finished') {
        await report(w, gone, 'succeeded');
        await report(w, kept, 'succeeded');
        await step(w, id);
      }
      expect((await progress(w, id)).state).toBe(state);
      const res = await c.del(`/api/device/${gone.id}`);
      expect(res.statusCode, `${state}: ${res.body}`).toBe(200);
      expect(await chosen(id)).toEqual([kept.id]);
      expect((await c.get(`/api/rollout/${id}/progress`)).statusCode).toBe(200);
      // The change of the rollout's list is in its history, as any cleared reference.
      const filter = encodeURIComponent(JSON.stringify({ category: 'rollout', object_id: id, action: 'clear_reference' }));
      const entries = (await c.get(`/api/audit?filter=${filter}&range=[0,99]`)).json() as { changes: { device_ids?: { before: unknown; after: unknown } } }[];
      expect(entries.map((e) => e.changes.device_ids?.before), state).toEqual([[{ id: gone.id }, { id: kept.id }]]);
    }
  });

  it('can be deleted while a running rollout holds it: the rollout counts it no more and carries on', async () => {
    const c = w.owner.client;
    const [gone, kept] = await fleet(w, 2, { name: 'del running' });
    const id = await draft(w, { device_ids: [gone.id, kept.id], phases: [{ percent: 100 }] });
    await actOk(w, id, 'start');
    expect((await c.del(`/api/device/${gone.id}`)).statusCode).toBe(200);
    expect(await chosen(id)).toEqual([kept.id]);
    expect((await progress(w, id)).phases[0].devices).toBe(1);
    await report(w, kept, 'succeeded');
    await step(w, id);
    expect((await progress(w, id)).state).toBe('finished');
  });
});

describe('a group a rollout was made over', () => {
  it('a draft over a deleted group has no devices: its start answers 409, not 500', async () => {
    const c = w.owner.client;
    const groupId = (await createOk(c, 'devices_group', { name: 'del group draft', team_id: w.owner.teamId, type_id: w.typeId })).id as number;
    await fleet(w, 1, { name: 'del grouped draft', group_id: groupId });
    const id = await draft(w, { devices_group_id: groupId });
    expect((await c.del(`/api/devices_group/${groupId}`)).statusCode).toBe(200);
    expect((await c.get(`/api/rollout/${id}`)).json()).toMatchObject({ devices_group_id: null });
    expect((await act(w, id, 'start')).statusCode).toBe(409);
  });
});
