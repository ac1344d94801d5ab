/**
 * The reference rules hold under concurrent writes: a device in a group has the group's target
 * firmware, a list never names a deleted document or one of another team, a group never targets a
 * firmware of another type. Each round sends its requests at once; whichever wins, the others
 * are refused (400, 409) or see its result, and the stored objects keep the rules. PGlite runs
 * one transaction at a time; on PostgreSQL (DATABASE_URL) the requests truly overlap, which is
 * what the row locks of server/crud/ (references.ts, follows.ts) are for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { adminWithTeam, createTestApp, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';

const ROUNDS = 10;

let t: TestApp;
let c: Client;
let team: number;
let otherTeam: number;
let typeA: number;
let typeB: number;

beforeAll(async () => {
  t = await createTestApp();
  const a = await adminWithTeam(t, 'racer');
  c = a.client;
  team = a.teamId;
  otherTeam = (await createOk(c, 'team', { name: 'racer second team' })).id as number;
  typeA = (await createOk(c, 'type', { name: 'race A', team_id: team })).id as number;
  typeB = (await createOk(c, 'type', { name: 'race B', team_id: team })).id as number;
});
afterAll(() => t.close());

const get = async (path: string) => {
  const res = await c.get(path);
  expect(res.statusCode, `GET ${path}: ${res.body}`).toBe(200);
  return res.json() as Record<string, unknown>;
};

/** Every answer of a burst is a success or an honest refusal (never a 500). */
function expectAnswered(answers: LightMyRequestResponse[]) {
  for (const res of answers) expect([200, 400, 409], res.body).toContain(res.statusCode);
}

/** The ids a list names, in either stored form. */
const listIds = (list: unknown) => ((list ?? []) as unknown[]).map((e) => (typeof e === 'object' && e !== null ? (e as { id: number }).id : e));

let seq = 0;
const firmware = async (type: number) =>
  (await createOk(c, 'firmware', { name: `race fw ${++seq}`, version: `1.0.${seq}`, team_id: team, type_id: type })).id as number;
const document = async () => (await createOk(c, 'basic_document', { name: `race doc ${++seq}`, team_id: team })).id as number;

describe('concurrent writes keep the reference rules', () => {
  it("devices joining a group while its target firmware changes all end with the group's firmware", async () => {
    const fws = [await firmware(typeA), await firmware(typeA), await firmware(typeA)];
    const group = (await createOk(c, 'devices_group', { name: 'race group', team_id: team, type_id: typeA, target_firmware_id: fws[0] })).id;
    const devices: number[] = [];
    for (let i = 0; i < 5; i++) {
      devices.push((await createOk(c, 'device', { name: `race device ${i}`, team_id: team, type_id: typeA, uid_for_type: `race-${i}` })).id as number);
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const d of devices) expect((await c.put(`/api/device/${d}`, { group_id: null })).statusCode).toBe(200);
      expectAnswered(
        await Promise.all([
          c.put(`/api/devices_group/${group}`, { target_firmware_id: fws[(round + 1) % 3] }),
          ...devices.map((d) => c.put(`/api/device/${d}`, { group_id: group })),
          c.put(`/api/devices_group/${group}`, { target_firmware_id: fws[(round + 2) % 3] }),
        ]),
      );
      const target = (await get(`/api/devices_group/${group}`)).target_firmware_id;
      for (const d of devices) {
        const device = await get(`/api/device/${d}`);
        if (device.group_id === group) expect(device.target_firmware_id, `round ${round}, device ${d}`).toBe(target);
      }
    }
  });

  it("devices of a group saved as the console does, group included, while the group's firmware changes: every save succeeds", async () => {
    const fws = [await firmware(typeA), await firmware(typeA), await firmware(typeA)];
    const group = (await createOk(c, 'devices_group', { name: 'busy group', team_id: team, type_id: typeA, target_firmware_id: fws[0] })).id;
    const devices: number[] = [];
    for (let i = 0; i < 5; i++) {
      const body = { name: `busy device ${i}`, team_id: team, type_id: typeA, uid_for_type: `busy-${i}`, group_id: group };
      devices.push((await createOk(c, 'device', body)).id as number);
    }
    for (let round = 0; round < ROUNDS; round++) {
      const answers = await Promise.all([
        c.put(`/api/devices_group/${group}`, { target_firmware_id: fws[(round + 1) % 3] }),
        ...devices.map((d, i) => c.put(`/api/device/${d}`, { name: `busy device ${i} ${round}`, type_id: typeA, group_id: group })),
        c.put(`/api/devices_group/${group}`, { target_firmware_id: fws[(round + 2) % 3] }),
      ]);
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      const target = (await get(`/api/devices_group/${group}`)).target_firmware_id;
      for (const d of devices) expect((await get(`/api/device/${d}`)).target_firmware_id, `round ${round}, device ${d}`).toBe(target);
    }
  });

  it('a group deleted while devices join it: each device that lost the group has its entry (the audit never misses a cleared reference)', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const group = (await createOk(c, 'devices_group', { name: `leaving group ${round}`, team_id: team, type_id: typeA })).id as number;
      const devices: number[] = [];
      for (let i = 0; i < 3; i++) {
        devices.push((await createOk(c, 'device', { name: `joiner ${round} ${i}`, team_id: team, type_id: typeA, uid_for_type: `joiner-${round}-${i}` })).id as number);
      }
      const answers = await Promise.all([
        ...devices.map((d) => c.put(`/api/device/${d}`, { group_id: group })),
        c.del(`/api/devices_group/${group}`),
        ...devices.map((_, i) => c.post('/api/device', { name: `newcomer ${round} ${i}`, team_id: team, type_id: typeA, uid_for_type: `newcomer-${round}-${i}`, group_id: group })),
      ]);
      expect([200], answers[devices.length].body).toContain(answers[devices.length].statusCode);
      for (const res of answers) expect([200, 201, 400], res.body).toContain(res.statusCode);
      const joined = answers.flatMap((res) => (res.statusCode < 300 && (res.json() as { group_id?: unknown }).group_id === group ? [(res.json() as { id: number }).id] : []));
      const filter = encodeURIComponent(JSON.stringify({ category: 'device', action: 'clear_reference' }));
      const cleared = ((await c.get(`/api/audit?filter=${filter}&range=[0,999]`)).json() as { object_id: number; changes: { group_id?: { before: unknown } } }[])
        .filter((e) => e.changes.group_id?.before === group)
        .map((e) => e.object_id);
      expect(cleared.sort(), `round ${round}`).toEqual(joined.sort());
    }
  });

  it('a document deleted while lists add it is either kept or named by no list', async () => {
    const collection = (await createOk(c, 'documents_collection', { name: 'race collection', team_id: team })).id;
    for (let round = 0; round < ROUNDS; round++) {
      const doc = await document();
      expectAnswered(
        await Promise.all([
          c.put(`/api/documents_collection/${collection}`, { basic_docs_list: [{ id: doc }] }),
          c.del(`/api/basic_document/${doc}`),
        ]),
      );
      if ((await c.get(`/api/basic_document/${doc}`)).statusCode === 404) {
        expect(listIds((await get(`/api/documents_collection/${collection}`)).basic_docs_list), `round ${round}`).not.toContain(doc);
      }
      expect((await c.put(`/api/documents_collection/${collection}`, { basic_docs_list: [] })).statusCode).toBe(200);
    }
  });

  it('a document moved to another team while a list adds it is not named by a list of its old team', async () => {
    const collection = (await createOk(c, 'documents_collection', { name: 'race collection 2', team_id: team })).id;
    for (let round = 0; round < ROUNDS; round++) {
      const doc = await document();
      expectAnswered(
        await Promise.all([
          c.put(`/api/documents_collection/${collection}`, { basic_docs_list: [doc] }),
          c.put(`/api/basic_document/${doc}`, { team_id: otherTeam }),
        ]),
      );
      const moved = (await get(`/api/basic_document/${doc}`)).team_id !== team;
      if (moved) expect(listIds((await get(`/api/documents_collection/${collection}`)).basic_docs_list), `round ${round}`).not.toContain(doc);
      expect((await c.put(`/api/documents_collection/${collection}`, { basic_docs_list: [] })).statusCode).toBe(200);
    }
  });

  it('a firmware changing type while a group targets it is never the target of a group of another type', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const fw = await firmware(typeA);
      const group = (await createOk(c, 'devices_group', { name: `race group ${round}`, team_id: team, type_id: typeA })).id;
      expectAnswered(
        await Promise.all([c.put(`/api/devices_group/${group}`, { target_firmware_id: fw }), c.put(`/api/firmware/${fw}`, { type_id: typeB })]),
      );
      const g = await get(`/api/devices_group/${group}`);
      if (g.target_firmware_id === fw) expect((await get(`/api/firmware/${fw}`)).type_id, `round ${round}`).toBe(g.type_id);
    }
  });
});
