/**
 * Valid objects of every category, created through the API the way the console does, for the
 * crud, validation and isolation suites. The isolation suite checks that every registry key has
 * a factory here, so a new category cannot slip past it untested.
 */
import { expect } from 'vitest';
import { adminWithTeam, type Client, type TestApp } from './helpers';

export type Ids = Record<string, number>;

interface Ctx {
  tag: string;
  team: number;
  ids: Ids;
}

/** Create bodies for the team-scoped categories, in dependency order. */
export const createBodies: [string, (c: Ctx) => Record<string, unknown>][] = [
  ['type', (c) => ({ name: `type ${c.tag}`, team_id: c.team, name_of_uid: 'Serial' })],
  ['firmware', (c) => ({ name: `fw ${c.tag}`, version: '1.0.0', team_id: c.team, type_id: c.ids.type })],
  ['devices_group', (c) => ({ name: `group ${c.tag}`, team_id: c.team, type_id: c.ids.type, target_firmware_id: c.ids.firmware })],
  ['config', (c) => ({ team_id: c.team, config: '{"a":1}' })],
  ['basic_document', (c) => ({ name: `doc ${c.tag}`, team_id: c.team, doc_type: 'text', content: 'hello' })],
  ['documents_collection', (c) => ({ name: `coll ${c.tag}`, team_id: c.team, basic_docs_list: [{ id: c.ids.basic_document }] })],
  [
    'device',
    (c) => ({
      name: `dev ${c.tag}`,
      team_id: c.team,
      type_id: c.ids.type,
      uid_for_type: `uid-${c.tag}`,
      group_id: c.ids.devices_group,
      config_id: c.ids.config,
      documents_collection_id: c.ids.documents_collection,
    }),
  ],
];

/** A harmless change of each category, valid for its owner. */
export const updateBodies: Record<string, Record<string, unknown>> = {
  team: { name: 'renamed team' },
  user: { preferences: { theme: 'dark' } },
  role: { role_id: 1 },
  type: { name: 'renamed type' },
  firmware: { name: 'renamed fw' },
  devices_group: { name: 'renamed group' },
  config: { config: '{}' },
  basic_document: { name: 'renamed doc' },
  documents_collection: { name: 'renamed coll' },
  device: { name: 'renamed dev' },
};

export async function createOk(client: Client, key: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await client.post(`/api/${key}`, body);
  expect(res.statusCode, `POST /api/${key}: ${res.body}`).toBe(201);
  return res.json();
}

/**
 * A new team created by the caller (who becomes its admin) holding one object of every
 * category; ids by category key, the caller's own user and role included.
 */
export async function createEverything(client: Client, userId: number, tag: string): Promise<Ids> {
  const team = (await createOk(client, 'team', { name: `team ${tag}` })).id as number;
  const ids: Ids = { team, user: userId };
  for (const [key, body] of createBodies) ids[key] = (await createOk(client, key, body({ tag, team, ids }))).id as number;
  const roles = (await client.get(`/api/role?team_id=${team}`)).json().json_list as { id: number; user_id: number }[];
  ids.role = roles.find((r) => r.user_id === userId)!.id;
  return ids;
}

/** Two admins, alice and bob, each with a team holding one object of every category. */
export async function twoTeamsWithEverything(t: TestApp) {
  const a = await adminWithTeam(t, 'alice');
  const b = await adminWithTeam(t, 'bob');
  return {
    aliceClient: a.client,
    bobClient: b.client,
    alice: await createEverything(a.client, a.userId, 'A'),
    bob: await createEverything(b.client, b.userId, 'B'),
  };
}
