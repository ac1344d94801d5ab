/**
 * Issue 31 item 5: a reference list is stored in one form, the spec's list of {id} (spec section 7,
 * 'basic_docs_list (list of {id})'), whichever of its two accepted forms was sent, so every reader
 * (the console, a CSV, an integrator's script) reads one shape. Lists an earlier version stored
 * as sent (bare ids, or both forms mixed) are rewritten once by the start's migration.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminWithTeam, createTestApp, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';
import { migrate } from '../../server/db/migrate';

let t: TestApp;
let c: Client;
let team: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ client: c, teamId: team } = await adminWithTeam(t, 'archivist'));
});
afterAll(async () => t.close());

const doc = async (name: string) => (await createOk(c, 'basic_document', { name, team_id: team, content: name })).id as number;

it('stores [n, {"id": m}] as [{"id": n}, {"id": m}], on create and on update', async () => {
  const [a, b, d] = [await doc('manual'), await doc('datasheet'), await doc('wiring')];
  const made = await createOk(c, 'documents_collection', { name: 'Shelf', team_id: team, basic_docs_list: [a, { id: b }] });
  expect(made.basic_docs_list).toEqual([{ id: a }, { id: b }]);
  const read = await c.get(`/api/documents_collection/${made.id as number}`);
  expect(read.json().basic_docs_list).toEqual([{ id: a }, { id: b }]);
  const updated = await c.put(`/api/documents_collection/${made.id as number}`, { basic_docs_list: [{ id: d }, a] });
  expect(updated.statusCode).toBe(200);
  expect((await c.get(`/api/documents_collection/${made.id as number}`)).json().basic_docs_list).toEqual([{ id: d }, { id: a }]);
});

it('a list stored in the old form ([n, m], or mixed) is rewritten to [{"id": n}] at start, once, and reads the same', async () => {
  const [a, b, d] = [await doc('old manual'), await doc('old datasheet'), await doc('old wiring')];
  const bare = await createOk(c, 'documents_collection', { name: 'Old shelf', team_id: team, basic_docs_list: [] });
  const mixed = await createOk(c, 'documents_collection', { name: 'Mixed shelf', team_id: team, basic_docs_list: [] });
  const stored = (id: number, list: unknown) => t.db.query('UPDATE documents_collection SET basic_docs_list = $2::jsonb WHERE id = $1', [id, JSON.stringify(list)]);
  await stored(bare.id as number, [b, a]);
  await stored(mixed.id as number, [{ id: d }, a]);
  const raw = async (id: number) =>
    (await t.db.query<{ list: unknown }>('SELECT basic_docs_list AS list FROM documents_collection WHERE id = $1', [id])).rows[0].list;

  await migrate(t.db);
  expect(await raw(bare.id as number)).toEqual([{ id: b }, { id: a }]);
  expect(await raw(mixed.id as number)).toEqual([{ id: d }, { id: a }]);
  expect((await c.get(`/api/documents_collection/${bare.id as number}`)).json().basic_docs_list).toEqual([{ id: b }, { id: a }]);
  expect((await c.get(`/api/documents_collection/${mixed.id as number}`)).json().basic_docs_list).toEqual([{ id: d }, { id: a }]);

  // Run again: nothing left to rewrite, nothing changed.
  const again = await migrate(t.db);
  expect(again.statements).toEqual([]);
  expect(await raw(bare.id as number)).toEqual([{ id: b }, { id: a }]);
});
