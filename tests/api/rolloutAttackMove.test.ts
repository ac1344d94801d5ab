/**
 * A device moved by an admin of both teams to another team while its old team's rollout holds it
 * (issue 30 attack): it leaves its rollouts as a claimed device does (server/claim/transfer.ts), so
 * its new team never reads of the old team's rollout (not even its name in a 409) and the old
 * team's progress never shows what the device becomes in its new team.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOk } from './crudFixtures';
import { createTeam, ROLE } from './helpers';
import { actOk, draft, fleet, progress, rolloutWorld, step, type World } from './rolloutHelpers';

let w: World;

beforeAll(async () => {
  w = await rolloutWorld();
});
afterAll(() => w.t.close());

describe('a device moved to another team mid-rollout', () => {
  it('leaves the rollout: its new team may set its target, and the old team never sees its new name', async () => {
    const c = w.owner.client;
    const teamB = await createTeam(w.t.db, 'move B', [[w.owner.userId, ROLE.ADMIN]]);
    const typeB = (await createOk(c, 'type', { name: 'move type B', team_id: teamB })).id as number;
    const fwB = (await createOk(c, 'firmware', { name: 'move fw B', version: '1.0.0', team_id: teamB, type_id: typeB })).id as number;
    const devices = await fleet(w, 2, { name: 'mover', target_firmware_id: null });
    const id = await draft(w, { device_filter: { q: 'mover' }, phases: [{ count: 1 }, { percent: 100 }], advance: 'manual' });
    await actOk(w, id, 'start');
    // The second device waits for phase 2: no target yet, so nothing of the rollout's stops the move.
    const moved = await c.put(`/api/device/${devices[1].id}`, { team_id: teamB, type_id: typeB, name: 'secret new name' });
    expect(moved.statusCode, moved.body).toBe(200);
    const retarget = await c.put(`/api/device/${devices[1].id}`, { target_firmware_id: fwB });
    expect(retarget.statusCode, retarget.body).toBe(200);
    expect((await c.get(`/api/device/${devices[1].id}/rollouts`)).json()).toEqual([]);
    await step(w, id);
    const p = await progress(w, id);
    expect(JSON.stringify(p)).not.toContain('secret new name');
    expect(p.phases.map((ph) => ph.devices)).toEqual([1, 0]);
  });
});
