/**
 * Issue 31 item 5: a reference list is stored in one form, the spec's list of {id} (spec section 7,
 * 'basic_docs_list (list of {id})'), whichever of its two accepted forms was sent, so every reader
 * (the console, a CSV, an integrator's script) reads one shape.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminWithTeam, createTestApp, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';

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
