/**
 * Rollout test helpers: a team with a device type, an old firmware its devices run and a new one with
 * its file uploaded; devices with their keys (they check in); rollouts made and acted on through the
 * API; the engine stepped by the test itself (a test app runs none: helpers.ts), so nothing
 * depends on a timer.
 */
import { expect } from 'vitest';
import { createOk } from './crudFixtures';
import { adminWithTeam, createTestApp, type TestApp } from './helpers';
import { checkinOk, deviceWithKey, type TeamAdmin, type TestDevice } from './deviceApiHelpers';
import { firmwareFor, uploader } from './firmwareFilesHelpers';
import { stepRollout } from '../../server/rollouts/step';
import type { RolloutProgress } from '../../src/schemas/rolloutPlan';
import { deviceRolloutsPath, type DeviceRollout } from '../../src/schemas/deviceRollouts';

export const OLD = { name: 'ro-core', version: '1.0.0' };

export interface World {
  t: TestApp;
  owner: TeamAdmin;
  rival: TeamAdmin;
  typeId: number;
  oldFw: number;
  newFw: number;
  newFwName: { name: string; version: string };
}

export async function rolloutWorld(env: NodeJS.ProcessEnv = {}): Promise<World> {
  const t = await createTestApp(env);
  const owner = await adminWithTeam(t, 'rollout_owner');
  const rival = await adminWithTeam(t, 'rollout_rival');
  const c = owner.client;
  const typeId = (await createOk(c, 'type', { name: 'rollout type', team_id: owner.teamId })).id as number;
  const oldFw = (await createOk(c, 'firmware', { ...OLD, team_id: owner.teamId, type_id: typeId })).id as number;
  const w = { t, owner, rival, typeId, oldFw, newFw: 0, newFwName: OLD };
  const fw = await uploadedFirmware(w);
  return { ...w, newFw: fw.id, newFwName: { name: fw.name, version: fw.version } };
}

/** A new firmware of the world's type with its file uploaded. */
export async function uploadedFirmware(w: Omit<World, 'newFw' | 'newFwName'>): Promise<{ id: number; name: string; version: string }> {
  const bytes = Buffer.from(`firmware image ${Math.random()}`);
  const id = await firmwareFor(w.owner.client, w.owner.teamId, w.typeId, bytes);
  const up = await uploader(w.t.app, w.owner.cookie)(id, bytes);
  expect(up.statusCode, up.body).toBeLessThan(300);
  return (await w.owner.client.get(`/api/firmware/${id}`)).json() as { id: number; name: string; version: string };
}

/** `n` devices of the world's type targeting the old firmware, each having checked in once running it. */
export async function fleet(w: World, n: number, extra: Record<string, unknown> = {}): Promise<TestDevice[]> {
  const made: TestDevice[] = [];
  for (let i = 0; i < n; i++) {
    const named = typeof extra.name === 'string' ? { name: n > 1 ? `${extra.name} ${i}` : extra.name } : {};
    const d = await deviceWithKey(w.owner.client, w.owner.teamId, { type_id: w.typeId, ...('group_id' in extra ? {} : { target_firmware_id: w.oldFw }), ...extra, ...named });
    await checkinOk(w.t.app, d, { firmware: OLD });
    made.push(d);
  }
  return made;
}

/** A draft rollout of the new firmware over `devices` (chosen ids unless the body says otherwise). */
export async function draft(w: World, body: Record<string, unknown>): Promise<number> {
  return (await createOk(w.owner.client, 'rollout', { name: `rollout ${Math.random()}`, team_id: w.owner.teamId, firmware_id: w.newFw, ...body })).id as number;
}

export const act = (w: World, id: number, action: string, client = w.owner.client) => client.put(`/api/rollout/${id}/state`, { action });

export async function actOk(w: World, id: number, action: string): Promise<RolloutProgress> {
  const res = await act(w, id, action);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function progress(w: World, id: number): Promise<RolloutProgress> {
  const res = await w.owner.client.get(`/api/rollout/${id}/progress`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** One engine step of the rollout, as the loop does it. */
export const step = (w: World, id: number) => stepRollout({ db: w.t.db, registry: w.t.app.registry }, id);

/** The device reports how its update of the new firmware goes (succeeded: it runs it now). */
export function report(w: World, d: TestDevice, state: 'downloading' | 'installing' | 'succeeded' | 'failed', message?: string) {
  const firmware = state === 'succeeded' ? w.newFwName : OLD;
  return checkinOk(w.t.app, d, { firmware, update: { firmware_id: w.newFw, state, ...(message ? { message } : {}) } });
}

/** The device's target as its check-in answers it (null: none to fetch). */
export async function answeredTarget(w: World, d: TestDevice): Promise<number | null> {
  const answer = (await checkinOk(w.t.app, d, { firmware: OLD })) as { target_firmware: { id: number } | null };
  return answer.target_firmware?.id ?? null;
}

export async function targetOf(w: World, id: number): Promise<number | null> {
  return ((await w.owner.client.get(`/api/device/${id}`)).json() as { target_firmware_id: number | null }).target_firmware_id;
}

/** The device's rollouts as its page reads them (GET /api/device/{id}/rollouts). */
export async function rolloutsOf(w: World, id: number): Promise<DeviceRollout[]> {
  return (await w.owner.client.get(`/api${deviceRolloutsPath(id)}`)).json() as DeviceRollout[];
}

/** A group of the world's type and team, its target the old firmware. */
export async function oldFirmwareGroup(w: World, name: string): Promise<number> {
  return (await createOk(w.owner.client, 'devices_group', { name, team_id: w.owner.teamId, type_id: w.typeId, target_firmware_id: w.oldFw })).id as number;
}
