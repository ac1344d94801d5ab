/**
 * GET /api/device/{id}/rollouts (issue 30, design point 10): a device's rollouts newest first, each
 * with the device's phase and state in it and whether it holds the device, for any member of the
 * device's team; another team's device, or an unknown one, answers 404. The rollout rows are written
 * with SQL, as the engine writes them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { deviceRolloutsPath } from '../../src/schemas/deviceRollouts';
import { adminWithTeam, createTestApp, expectError, memberOf, ROLE, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';

let t: TestApp;
let c: Client;
let team: number;
let typeId: number;
let fw: number;
let device: number;
let quiet: number;

const url = (id: number) => `/api${deviceRolloutsPath(id)}`;

async function rollout(name: string, state: string, phase: number, row: { phase: number; state: string; message?: string; holds: boolean }): Promise<number> {
  const id = (await createOk(c, 'rollout', { name, team_id: team, firmware_id: fw, device_ids: [device] })).id as number;
  await t.db.query('UPDATE rollout SET state = $2, phase = $3 WHERE id = $1', [id, state, phase]);
  await t.db.query('INSERT INTO rollout_device (rollout_id, device_id, phase, holds, state, message) VALUES ($1, $2, $3, $4, $5, $6)', [
    id,
    device,
    row.phase,
    row.holds,
    row.state,
    row.message ?? null,
  ]);
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await adminWithTeam(t, 'rollouts_owner');
  c = a.client;
  team = a.teamId;
  typeId = (await createOk(c, 'type', { name: 'rolled board', team_id: team })).id as number;
  fw = (await createOk(c, 'firmware', { name: 'core', version: '2.0.0', team_id: team, type_id: typeId })).id as number;
  device = (await createOk(c, 'device', { name: 'rolled', team_id: team, type_id: typeId, uid_for_type: 'rolled-1' })).id as number;
  quiet = (await createOk(c, 'device', { name: 'quiet', team_id: team, type_id: typeId, uid_for_type: 'quiet-1' })).id as number;
});
afterAll(() => t.close());

describe('GET /api/device/{id}/rollouts', () => {
  it("answers a device's rollouts newest first, with its phase, state and message in each, to a member of its team", async () => {
    const older = await rollout('spring', 'aborted', 2, { phase: 1, state: 'failed', message: 'flash write error', holds: false });
    const newer = await rollout('summer', 'running', 2, { phase: 2, state: 'installing', holds: true });
    const member = await memberOf(t, 'rollouts_reader', [team], ROLE.USER);
    const res = await member.get(url(device));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { id: newer, name: 'summer', state: 'running', phase: 2, device_phase: 2, device_state: 'installing', message: null, holds: true, keeps_target: false },
      { id: older, name: 'spring', state: 'aborted', phase: 2, device_phase: 1, device_state: 'failed', message: 'flash write error', holds: false, keeps_target: false },
    ]);
  });

  it('answers [] for a device in no rollout', async () => {
    const res = await c.get(url(quiet));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it("answers 404 for another team's device as for an unknown one", async () => {
    const rival = await adminWithTeam(t, 'rollouts_rival');
    await expectError(rival.client.get(url(device)), 404, ownMessages.notFound);
    await expectError(c.get(url(999_999)), 404, ownMessages.notFound);
  });
});
