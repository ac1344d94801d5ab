/**
 * A rollout's actions (PUT /api/rollout/{id}/state, docs/ROLLOUTS.md decision 5): each from the states
 * that allow it, and refused with 409 naming the state from another; an unknown action 400; edits only
 * of a draft, no delete of a running or paused rollout; another team's rollout 404 for every call,
 * a member who is not an admin 403 on an action.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../src/messages';
import { expectError, memberOf, ROLE } from './helpers';
import { act, actOk, draft, fleet, progress, report, rolloutWorld, step, type World } from './rolloutHelpers';
import type { TestDevice } from './deviceApiHelpers';

let w: World;
let devices: TestDevice[];

beforeAll(async () => {
  w = await rolloutWorld();
  devices = await fleet(w, 6);
});
afterAll(() => w.t.close());

/** A rollout of its own device brought to `state`. */
async function rolloutIn(state: 'draft' | 'running' | 'paused' | 'finished' | 'aborted', device: TestDevice): Promise<number> {
  const id = await draft(w, { device_ids: [device.id], phases: [{ percent: 100 }] });
  if (state === 'draft') return id;
  await actOk(w, id, 'start');
  if (state === 'paused') await actOk(w, id, 'pause');
  if (state === 'aborted') await actOk(w, id, 'abort');
  if (state === 'finished') {
    await report(w, device, 'succeeded');
    await step(w, id);
  }
  expect((await progress(w, id)).state).toBe(state);
  return id;
}

const ALLOWED: Record<string, string[]> = {
  draft: ['start'],
  running: ['pause', 'abort'],
  paused: ['resume', 'abort'],
  finished: [],
  aborted: [],
};
const AFTER: Record<string, string> = { start: 'running', pause: 'paused', resume: 'running', abort: 'aborted' };

describe('every action from every state', () => {
  const states = ['draft', 'running', 'paused', 'finished', 'aborted'] as const;
  states.forEach((state, i) => {
    it(`${state}: its actions change the state, the others answer 409 naming it`, async () => {
      const device = devices[i];
      for (const action of ['start', 'pause', 'resume', 'continue', 'abort']) {
        if (ALLOWED[state].includes(action)) continue;
        const id = await rolloutIn(state, device);
        const text = action === 'continue' && state === 'running' ? ownMessages.rolloutPhaseUnderWay : ownMessages.rolloutActionRefused(state, action);
        await expectError(act(w, id, action), 409, text);
        expect((await progress(w, id)).state).toBe(state);
        if (state === 'running' || state === 'paused') await actOk(w, id, 'abort');
      }
      for (const action of ALLOWED[state]) {
        const id = await rolloutIn(state, device);
        expect((await actOk(w, id, action)).state).toBe(AFTER[action]);
        const after = await progress(w, id);
        expect(after.history.at(action === 'start' ? -2 : -1)).toMatchObject({ event: action, by: 'rollout_owner' });
        if (after.state === 'running' || after.state === 'paused') await actOk(w, id, 'abort');
      }
    });
  });

  it('the words of a refusal', () => {
    expect(ownMessages.rolloutActionRefused('finished', 'pause')).toBe('This rollout is finished: it cannot be paused.');
  });

  it('an unknown action is a 400 that changes nothing', async () => {
    const id = await draft(w, { device_ids: [devices[5].id] });
    await expectError(act(w, id, 'explode'), 400, ownMessages.rolloutUnknownAction);
    expect((await progress(w, id)).state).toBe('draft');
  });

  it('each action writes its audit entry', async () => {
    const id = await rolloutIn('running', devices[5]);
    await actOk(w, id, 'pause');
    const res = await w.owner.client.get(`/api/audit?filter=${encodeURIComponent(JSON.stringify({ category: 'rollout', object_id: id }))}`);
    expect(res.statusCode, res.body).toBe(200);
    const actions = (res.json() as { action: string }[]).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['create', 'start', 'pause']));
    await actOk(w, id, 'abort');
  });
});

describe('edits and deletes', () => {
  it('a draft is edited; a running, paused, finished or aborted one is not (409), the rollout unchanged', async () => {
    const id = await draft(w, { device_ids: [devices[5].id] });
    expect((await w.owner.client.put(`/api/rollout/${id}`, { failure_threshold_percent: 30 })).statusCode).toBe(200);
    await actOk(w, id, 'start');
    await expectError(w.owner.client.put(`/api/rollout/${id}`, { failure_threshold_percent: 40 }), 409, ownMessages.rolloutEditNotDraft('running'));
    expect(((await w.owner.client.get(`/api/rollout/${id}`)).json() as { failure_threshold_percent: number }).failure_threshold_percent).toBe(30);
    await actOk(w, id, 'abort');
    await expectError(w.owner.client.put(`/api/rollout/${id}`, { name: 'renamed' }), 409, ownMessages.rolloutEditNotDraft('aborted'));
  });

  it('a running or paused rollout cannot be deleted (409); a draft, finished or aborted one can', async () => {
    const running = await rolloutIn('running', devices[5]);
    await expectError(w.owner.client.del(`/api/rollout/${running}`), 409, ownMessages.rolloutDeleteUnderWay('running'));
    await actOk(w, running, 'pause');
    await expectError(w.owner.client.del(`/api/rollout/${running}`), 409, ownMessages.rolloutDeleteUnderWay('paused'));
    await actOk(w, running, 'abort');
    expect((await w.owner.client.del(`/api/rollout/${running}`)).statusCode).toBe(200);
    const d = await draft(w, { device_ids: [devices[5].id] });
    expect((await w.owner.client.del(`/api/rollout/${d}`)).statusCode).toBe(200);
  });
});

describe('isolation', () => {
  it("another team's rollout answers 404 for its read, its progress and its actions; nothing changes", async () => {
    const id = await draft(w, { device_ids: [devices[5].id] });
    const rival = w.rival.client;
    await expectError(rival.get(`/api/rollout/${id}`), 404, ownMessages.notFound);
    await expectError(rival.get(`/api/rollout/${id}/progress`), 404, ownMessages.notFound);
    await expectError(rival.put(`/api/rollout/${id}/state`, { action: 'start' }), 404, ownMessages.notFound);
    await expectError(rival.get('/api/rollout/999999/progress'), 404, ownMessages.notFound);
    expect((await progress(w, id)).state).toBe('draft');
  });

  it('a member who is not an admin reads the progress but may not act (403)', async () => {
    const id = await draft(w, { device_ids: [devices[5].id] });
    const reader = await memberOf(w.t, 'rollout_reader', [w.owner.teamId], ROLE.USER);
    expect((await reader.get(`/api/rollout/${id}/progress`)).statusCode).toBe(200);
    await expectError(act(w, id, 'start', reader), 403, messages.onlyAdminsCanModify);
    expect((await progress(w, id)).state).toBe('draft');
  });

  it('signed out: 401', async () => {
    const id = await draft(w, { device_ids: [devices[5].id] });
    const res = await w.t.app.inject({ method: 'GET', url: `/api/rollout/${id}/progress` });
    expect(res.statusCode).toBe(401);
  });
});
