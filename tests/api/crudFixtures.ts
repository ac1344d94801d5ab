/**
 * Valid objects of every category, created through the API the way the console does, for the
 * crud, validation, isolation and reference suites. Each object is built from its category's
 * declaration (src/schemas), not written by hand: a category added to the registry gets its
 * object, and so its isolation coverage, with no edit here.
 */
import { expect } from 'vitest';
import { categories, fieldProblem, type Category, type FieldSpec } from '../../src/schemas';
import { adminWithTeam, type Client, type TestApp } from './helpers';

export type Ids = Record<string, number>;

export async function createOk(client: Client, key: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await client.post(`/api/${key}`, body);
  expect(res.statusCode, `POST /api/${key}: ${res.body}`).toBe(201);
  return res.json();
}

/**
 * Values a field of each kind may take, tried in order until the field's own rules (its kind,
 * `check`, `values`, `schema`) accept one: the first text is unique to the object, the next
 * ones satisfy the usual text rules (a semantic version, JSON text).
 */
function candidates(field: FieldSpec, unique: string): unknown[] {
  switch (field.kind) {
    case 'text':
      return [unique, '1.0.0', '{}', 'x'];
    case 'integer':
    case 'number':
      return [0, 1];
    case 'boolean':
      return [false];
    case 'date':
      return ['2024-01-31'];
    case 'datetime':
      return ['2024-01-31T12:00:00Z'];
    case 'enum':
      return [...(field.values ?? [])];
    case 'url':
      return [`${field.schemes?.[0] ?? 'https'}://example.com/${encodeURIComponent(unique)}`];
    case 'json':
      return [[], {}, null];
    default:
      return [];
  }
}

/** The name (first text) of the fixture object of `key` made with `tag`. */
export const fixtureName = (key: string, tag: string) => `${key} ${tag}`;

function validValue(category: Category, name: string, field: FieldSpec, tag: string): unknown {
  const value = candidates(field, fixtureName(category.key, tag)).find((v) => fieldProblem(field, v) === undefined);
  if (value === undefined) throw new Error(`no fixture value for ${category.key}.${name} (kind ${field.kind}): add a candidate above`);
  return value;
}

interface Build {
  registry: readonly Category[];
  client: Client;
  tag: string;
  ids: Ids;
  /** Categories being built, so that a reference cycle is followed only through required fields. */
  building: Set<string>;
}

/** The id of the team's object of `key`, made from its declaration when the team has none yet. */
async function objectOf(b: Build, key: string): Promise<number> {
  if (b.ids[key] !== undefined) return b.ids[key];
  const category = categoryOf(b.registry, key);
  // Some objects come with the team (its creator's role): those are used as they are.
  const listed = (await b.client.get(`/api/${key}`)).json().json_list as { id: number; team_id?: number }[];
  const existing = listed.find((o) => o.team_id === b.ids.team);
  if (existing) return (b.ids[key] = existing.id);

  b.building.add(key);
  const body: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(category.fields)) {
    if (field.system || field.secret || field.resolvesTo) continue;
    const isRef = field.kind === 'ref' || field.kind === 'refList';
    if (!isRef) {
      if (field.required || field.writeOnly) body[name] = validValue(category, name, field, b.tag);
      continue;
    }
    // A reference is set whenever it can be, so that the objects point at each other as the
    // console's would (a device in a group, a group with a target firmware): the suites about
    // references, locks and cascades need those links. A field that follows another one set
    // here is left to the server.
    const target = field.ref!;
    const followed = field.follows && (field.follows.always || body[field.follows.via] !== undefined);
    if (followed || target === key || (b.building.has(target) && !field.required)) continue;
    const id = await objectOf(b, target);
    body[name] = field.kind === 'refList' ? [{ id }] : id;
  }
  b.building.delete(key);
  return (b.ids[key] = (await createOk(b.client, key, body)).id as number);
}

const categoryOf = (registry: readonly Category[], key: string): Category => {
  const category = registry.find((c) => c.key === key);
  if (!category) throw new Error(`Unknown category '${key}'`);
  return category;
};

/**
 * A new team created by the caller (who becomes its admin) holding one object of every
 * category of `registry`; ids by category key, the caller's own user and role included.
 */
export async function createEverything(client: Client, userId: number, tag: string, registry: readonly Category[] = categories): Promise<Ids> {
  const ids: Ids = { user: userId };
  const b: Build = { registry, client, tag, ids, building: new Set() };
  for (const category of registry) {
    if (category.scope === 'user') ids[category.key] = userId;
    else if (category.scope === 'teamItself') ids[category.key] = (await createOk(client, category.key, { name: fixtureName(category.key, tag) })).id as number;
  }
  for (const category of registry) await objectOf(b, category.key);
  return ids;
}

/**
 * A harmless change of an object, valid for its owner: its first plain field (not a reference,
 * not server-set, not private) sent back with the value it has.
 */
export async function harmlessUpdate(owner: Client, key: string, id: number, registry: readonly Category[] = categories): Promise<Record<string, unknown>> {
  const object = (await owner.get(`/api/${key}/${id}`)).json() as Record<string, unknown>;
  const plain = Object.entries(categoryOf(registry, key).fields).find(
    ([name, f]) => !f.system && !f.secret && !f.writeOnly && !f.private && f.kind !== 'ref' && f.kind !== 'refList' && object[name] !== undefined,
  );
  if (!plain) throw new Error(`${key} has no plain field to change`);
  return { [plain[0]]: object[plain[0]] };
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
