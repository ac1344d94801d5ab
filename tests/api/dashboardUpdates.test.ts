/**
 * The dashboard's updates (issue 30 item 4): 'updating now' (devices downloading or installing) and
 * 'failed updates' (update_state failed) count the caller's teams' devices and equal what the devices
 * table lists filtered by the update state (the filter the dashboard links to); the running and paused
 * rollouts of the caller's teams are listed with their phase of how many, newest first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardFigures } from '../../src/custom/dashboard/dashboardFigures';
import { updatingNowFilter, failedUpdatesFilter } from '../../src/custom/dashboard/dashboardFigures';
import { adminWithTeam, createTestApp, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';

let t: TestApp;
let alice: Client;
let bob: Client;
let teamA: number;
let teamB: number;
const ids: Record<string, number> = {};

async function figures(client: Client): Promise<DashboardFigures> {
  const res = await client.get('/api/dashboard');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** How many devices the table lists for the filter (its Content-Range total). */
async function listed(client: Client, filter: object): Promise<number> {
  const res = await client.get(`/api/device?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,99]`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as unknown[]).length;
}

async function fleet(client: Client, team: number, tag: string, states: (string | null)[]): Promise<void> {
  ids[`${tag}type`] = (await createOk(client, 'type', { name: `${tag} type`, team_id: team })).id as number;
  ids[`${tag}fw`] = (await createOk(client, 'firmware', { name: `${tag}fw`, version: '1.0.0', team_id: team, type_id: ids[`${tag}type`] })).id as number;
  for (const [i, state] of states.entries()) {
    const id = (await createOk(client, 'device', { name: `${tag}${i}`, uid_for_type: `${tag}${i}`, team_id: team, type_id: ids[`${tag}type`] })).id as number;
    await t.db.query('UPDATE device SET update_state = $2, update_firmware_id = $3, update_changed = now() WHERE id = $1', [id, state, state ? ids[`${tag}fw`] : null]);
  }
}

async function rollout(client: Client, team: number, tag: string, name: string, state: string, phase: number, phases: number): Promise<number> {
  const body = { name, team_id: team, firmware_id: ids[`${tag}fw`], phases: Array.from({ length: phases }, (_, i) => ({ percent: Math.round(((i + 1) * 100) / phases) })) };
  const id = (await createOk(client, 'rollout', body)).id as number;
  await t.db.query('UPDATE rollout SET state = $2, phase = $3 WHERE id = $1', [id, state, phase]);
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await adminWithTeam(t, 'upd_alice');
  const b = await adminWithTeam(t, 'upd_bob');
  [alice, bob, teamA, teamB] = [a.client, b.client, a.teamId, b.teamId];
  await fleet(alice, teamA, 'a', ['downloading', 'installing', 'installing', 'failed', 'succeeded', null]);
  await fleet(bob, teamB, 'b', ['downloading', 'failed', 'failed']);
});
afterAll(() => t.close());

describe('the dashboard counts updates under way and failed', () => {
  it("counts the caller's devices downloading or installing, and those whose update failed, as the devices table filters them", async () => {
    const mine = await figures(alice);
    expect(mine).toMatchObject({ updating_now: 3, failed_updates: 1 });
    expect(await listed(alice, updatingNowFilter)).toBe(3);
    expect(await listed(alice, failedUpdatesFilter)).toBe(1);
    expect(await figures(bob)).toMatchObject({ updating_now: 1, failed_updates: 2 });
  });
});

describe('the dashboard lists the running rollouts', () => {
  it("lists the caller's running and paused rollouts, newest first, with their phase of how many; not drafts, finished ones nor another team's", async () => {
    const running = await rollout(alice, teamA, 'a', 'spring', 'running', 2, 4);
    await rollout(alice, teamA, 'a', 'draft one', 'draft', 0, 4);
    await rollout(alice, teamA, 'a', 'done', 'finished', 3, 3);
    const paused = await rollout(alice, teamA, 'a', 'summer', 'paused', 1, 2);
    await rollout(bob, teamB, 'b', 'bob rollout', 'running', 1, 2);
    expect((await figures(alice)).rollouts).toEqual([
      { id: paused, name: 'summer', state: 'paused', phase: 1, phases: 2 },
      { id: running, name: 'spring', state: 'running', phase: 2, phases: 4 },
    ]);
  });
});
