/**
 * A careless client's rollout bodies (issue 30 attack): what the engine cannot run is refused at the
 * write with a clear 400 and nothing stored, rather than a draft whose start or progress then fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { expectError } from './helpers';
import { actOk, draft, fleet, progress, rolloutWorld, type World } from './rolloutHelpers';

let w: World;

beforeAll(async () => {
  w = await rolloutWorld();
});
afterAll(() => w.t.close());

const body = (extra: Record<string, unknown>) => ({ name: `careless ${Math.random()}`, team_id: w.owner.teamId, firmware_id: w.newFw, ...extra });
const count = async () => ((await w.owner.client.get('/api/rollout')).json() as { json_list: unknown[] }).json_list.length;

describe('phases: null', () => {
  it('is refused on create and on update like any value that is not a list of phases; the draft keeps its phases', async () => {
    const [d] = await fleet(w, 1);
    const before = await count();
    await expectError(w.owner.client.post('/api/rollout', body({ device_ids: [d.id], phases: null })), 400, ownMessages.jsonSchemaMismatch('Phases', '/ must be array'));
    expect(await count()).toBe(before);
    const id = await draft(w, { device_ids: [d.id], phases: [{ percent: 100 }] });
    await expectError(w.owner.client.put(`/api/rollout/${id}`, { phases: null }), 400, ownMessages.jsonSchemaMismatch('Phases', '/ must be array'));
    expect((await progress(w, id)).phases).toHaveLength(1);
    expect((await actOk(w, id, 'start')).phases[0].devices).toBe(1);
    await actOk(w, id, 'abort');
  });
});

describe('the devices: one of a group, a filter or chosen devices', () => {
  it('a body naming two of them is refused (the start would silently take one and ignore the other)', async () => {
    const [d] = await fleet(w, 1, { name: 'chosen one' });
    const before = await count();
    await expectError(w.owner.client.post('/api/rollout', body({ device_ids: [d.id], device_filter: { q: 'something else' } })), 400, ownMessages.rolloutOneSelection);
    expect(await count()).toBe(before);
    const id = await draft(w, { device_ids: [d.id] });
    await expectError(w.owner.client.put(`/api/rollout/${id}`, { device_filter: { q: 'chosen' } }), 400, ownMessages.rolloutOneSelection);
    // Switching from one to another in one body is fine.
    const res = await w.owner.client.put(`/api/rollout/${id}`, { device_ids: [], device_filter: { q: 'chosen one' } });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('wait_minutes', () => {
  it("is refused beside 'auto' or 'manual' (it would be stored and silently never waited); with 'wait' it is taken", async () => {
    const [d] = await fleet(w, 1);
    const before = await count();
    for (const advance of ['auto', 'manual']) {
      await expectError(w.owner.client.post('/api/rollout', body({ device_ids: [d.id], advance, wait_minutes: 30 })), 400, ownMessages.rolloutWaitMinutesOnlyForWait);
    }
    expect(await count()).toBe(before);
    const id = await draft(w, { device_ids: [d.id], advance: 'wait', wait_minutes: 30 });
    // Leaving the wait for 'manual' keeps the minutes: refused until they are cleared with it.
    await expectError(w.owner.client.put(`/api/rollout/${id}`, { advance: 'manual' }), 400, ownMessages.rolloutWaitMinutesOnlyForWait);
    const changed = await w.owner.client.put(`/api/rollout/${id}`, { advance: 'manual', wait_minutes: null });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ advance: 'manual', wait_minutes: null });
  });
});
