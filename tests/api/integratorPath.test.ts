/**
 * The integrator's path (docs/INTEGRATOR.md): two categories declared as schema files only
 * (tests/fixtures/schemas/: a site with a field of every kind, a visit referencing it)
 * and added to a registry get their tables, the generic routes with each kind's validation, and
 * their OpenAPI description, with no other code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { serverRegistry } from '../../server/crud/registry';
import { hooks } from '../../server/registry';
import { migrate } from '../../server/db/migrate';
import { checkRegistry, typeErrorOf, type FieldSpec } from '../../src/schemas';
import { ownMessages } from '../../src/messages';
import { maintenanceVisit, site, withFixtures } from '../fixtures/everyKind';
import { adminWithTeam, api, createTestApp, description, expectError, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';

let t: TestApp;
let app: FastifyInstance;
let applied: string[];
let alice: Client;
let bob: Client;
let aliceTeam: number;
let aliceId: number;
let bobTeam: number;

beforeAll(async () => {
  t = await createTestApp();
  checkRegistry(withFixtures);
  applied = [];
  await migrate(t.db, withFixtures, (s) => applied.push(s));
  app = await buildApp({ db: t.db, config: t.config, registry: serverRegistry(withFixtures, hooks) });
  await app.ready();
  const a = await adminWithTeam(t, 'alice');
  const b = await adminWithTeam(t, 'bob');
  alice = api(app, a.cookie);
  bob = api(app, b.cookie);
  aliceTeam = a.teamId;
  aliceId = a.userId;
  bobTeam = b.teamId;
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const plant = { name: 'Plant', code: 'P-1', latitude: 45.76, longitude: 4.84, commissioned: '2024-02-29' };

describe('the migration', () => {
  it('creates both tables, printing what it applies', () => {
    expect(applied.filter((s) => s.startsWith('CREATE TABLE')).map((s) => /CREATE TABLE (?:IF NOT EXISTS )?"?(\w+)"?/.exec(s)?.[1])).toEqual(['fixture_site', 'fixture_visit']);
  });

  it('gives each field the column of its kind, NOT NULL where required', async () => {
    const { rows } = await t.db.query<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>(
      `SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns
       WHERE table_name IN ('fixture_site', 'fixture_visit') ORDER BY table_name, column_name`,
    );
    const columns = Object.fromEntries(rows.map((r) => [`${r.table_name}.${r.column_name}`, `${r.data_type}${r.is_nullable === 'NO' ? ' not null' : ''}`]));
    expect(columns).toMatchObject({
      'fixture_site.id': 'integer not null',
      'fixture_site.name': 'text not null',
      'fixture_site.code': 'text',
      'fixture_site.floors': 'integer',
      'fixture_site.latitude': 'double precision',
      'fixture_site.open_to_public': 'boolean',
      'fixture_site.commissioned': 'date not null',
      'fixture_site.inspected_at': 'timestamp with time zone',
      'fixture_site.status': 'text',
      'fixture_site.homepage': 'text',
      'fixture_site.address': 'jsonb',
      'fixture_visit.site_id': 'integer not null',
      'fixture_visit.visited_on': 'date not null',
      'fixture_visit.hours': 'double precision',
      'fixture_visit.documents': 'jsonb',
    });
  });

  it('adds the unique rule and the foreign keys', async () => {
    const { rows } = await t.db.query<{ conname: string; contype: string; def: string }>(
      `SELECT conname, contype, pg_get_constraintdef(oid) AS def FROM pg_constraint
       WHERE conrelid IN ('fixture_site'::regclass, 'fixture_visit'::regclass) AND contype IN ('u', 'f') ORDER BY conname`,
    );
    const defs = rows.map((r) => r.def);
    expect(rows.find((r) => r.conname === 'fixture_site_code_per_team_key')?.def).toBe('UNIQUE (team_id, code)');
    expect(defs).toContain('FOREIGN KEY (site_id) REFERENCES fixture_site(id) ON DELETE CASCADE');
    expect(defs.filter((d) => d.startsWith('FOREIGN KEY (team_id) REFERENCES team(id)'))).toHaveLength(2);
  });

  it('applies nothing more on the next start', async () => {
    expect((await migrate(t.db, withFixtures)).statements).toEqual([]);
  });
});

describe('the routes', () => {
  it('create, read, list, update and delete a site, with each kind as sent', async () => {
    const created = await createOk(alice, 'fixture_site', {
      ...plant,
      team_id: aliceTeam,
      open_to_public: true,
      inspected_at: '2025-11-22T14:05:09Z',
      status: 'live',
      homepage: 'https://plant.example/',
      address: { street: '1 rue de la Paix', city: 'Lyon', postcode: '69001' },
    });
    expect(created.author_id).toBe(aliceId);
    expect(Date.parse(created.date as string)).not.toBeNaN();
    expect(created).toMatchObject({ floors: 1, latitude: 45.76, open_to_public: true, commissioned: '2024-02-29', status: 'live', homepage: 'https://plant.example/' });
    const id = created.id as number;
    const read = (await alice.get(`/api/fixture_site/${id}`)).json();
    expect(read).toMatchObject({ ...plant, address: { street: '1 rue de la Paix', city: 'Lyon', postcode: '69001' } });
    expect((await alice.get(`/api/full/fixture_site/${id}`)).json()).toMatchObject({ number_of_visits: 0, visits: [] });
    expect(new Date(read.inspected_at as string).toISOString()).toBe('2025-11-22T14:05:09.000Z');

    const list = await alice.get('/api/full/fixture_site?sort=["latitude","DESC"]&range=[0,9]');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((s: { name: string }) => s.name)).toEqual(['Plant']);
    expect((await bob.get('/api/full/fixture_site?range=[0,9]')).json()).toEqual([]);

    const updated = await alice.put(`/api/fixture_site/${id}`, { floors: 3, status: 'retired', inspected_at: null });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ floors: 3, status: 'retired', inspected_at: null });
    expect((await alice.del(`/api/fixture_site/${id}`)).statusCode).toBe(200);
    expect((await alice.get(`/api/fixture_site/${id}`)).statusCode).toBe(404);
  });

  it("refuses each kind's wrong value with its message", async () => {
    const base = { ...plant, team_id: aliceTeam };
    const f = site.fields;
    await expectError(alice.post('/api/fixture_site', { ...base, commissioned: '2024-02-30' }), 400, typeErrorOf(f.commissioned));
    await expectError(alice.post('/api/fixture_site', { ...base, inspected_at: '2024-02-30T10:00:00Z' }), 400, typeErrorOf(f.inspected_at));
    await expectError(alice.post('/api/fixture_site', { ...base, homepage: 'javascript:alert(1)' }), 400, typeErrorOf(f.homepage));
    await expectError(alice.post('/api/fixture_site', { ...base, homepage: 'http://plant.example/' }), 400, typeErrorOf(f.homepage));
    await expectError(alice.post('/api/fixture_site', { ...base, status: 'demolished' }), 400, typeErrorOf(f.status));
    await expectError(alice.post('/api/fixture_site', { ...base, floors: 1.5 }), 400, typeErrorOf(f.floors));
    await expectError(alice.post('/api/fixture_site', { ...base, latitude: '45.7' }), 400, typeErrorOf(f.latitude));
    await expectError(alice.post('/api/fixture_site', { ...base, open_to_public: 'yes' }), 400, typeErrorOf(f.open_to_public));
    await expectError(alice.post('/api/fixture_site', { ...base, team_id: 'one' }), 400, typeErrorOf(f.team_id));
    const { commissioned: _, ...undated } = base;
    await expectError(alice.post('/api/fixture_site', undated), 400, 'A commissioning date is required.');
    const badAddress = await alice.post('/api/fixture_site', { ...base, address: { street: 'x', city: 'y', postcode: 'abc' } });
    expect(badAddress.statusCode).toBe(400);
    expect(description(badAddress)).toContain(f.address.label);
  });

  it('refuses a second site with the same code in the team, with its message', async () => {
    await createOk(alice, 'fixture_site', { ...plant, name: 'First', code: 'DUP', team_id: aliceTeam });
    await expectError(alice.post('/api/fixture_site', { ...plant, name: 'Second', code: 'DUP', team_id: aliceTeam }), 409, 'A site with the code DUP already exists.');
  });

  // Another team's objects are not found, as if they did not exist: their ids reveal nothing.
  it('a visit references a site of its team and lists documents of its team only', async () => {
    const aliceSite = (await createOk(alice, 'fixture_site', { ...plant, name: 'Depot', code: 'D-1', team_id: aliceTeam })).id as number;
    const bobSite = (await createOk(bob, 'fixture_site', { ...plant, name: 'Bob site', team_id: bobTeam })).id as number;
    const aliceDoc = (await createOk(alice, 'basic_document', { name: 'checklist', team_id: aliceTeam, content: 'x' })).id as number;
    const bobDoc = (await createOk(bob, 'basic_document', { name: 'bob manual', team_id: bobTeam, content: 'x' })).id as number;
    const visit = { name: 'Yearly check', team_id: aliceTeam, site_id: aliceSite, visited_on: '2025-03-01', hours: 2.5 };

    await expectError(alice.post('/api/fixture_visit', { ...visit, documents: [{ id: bobDoc }] }), 400, ownMessages.referenceNotFound(maintenanceVisit.fields.documents.label));
    await expectError(alice.post('/api/fixture_visit', { ...visit, site_id: bobSite }), 400, ownMessages.referenceNotFound(maintenanceVisit.fields.site_id.label));
    await expectError(alice.post('/api/fixture_visit', { ...visit, visited_on: '2025-02-29' }), 400, typeErrorOf(maintenanceVisit.fields.visited_on));
    const made = await createOk(alice, 'fixture_visit', { ...visit, documents: [aliceDoc] });
    expect(made.documents).toEqual([{ id: aliceDoc }]);

    const full = (await alice.get(`/api/full/fixture_visit/${String(made.id)}`)).json();
    expect(full.site).toMatchObject({ id: aliceSite, name: 'Depot', code: 'D-1' });
    const depot = (await alice.get(`/api/full/fixture_site/${aliceSite}`)).json();
    expect(depot.number_of_visits).toBe(1);
    expect(depot.visits.map((v: { id: number }) => v.id)).toEqual([made.id]);
    await expectError(alice.del(`/api/basic_document/${aliceDoc}`), 409, ownMessages.inUseIn('checklist', "maintenance visit 'Yearly check'"));
    expect((await alice.get(`/api/full/fixture_visit?filter={"site_id":${aliceSite}}&range=[0,9]`)).json()).toHaveLength(1);
  });

  it('exports the sites as CSV: id, then the list columns, each reference with its name, each value as its kind writes it', async () => {
    const res = await alice.get('/api/download/csv_export/fixture_site?sort=["name","ASC"]');
    expect(res.statusCode).toBe(200);
    const [header, first] = res.body.split(/\r?\n/);
    const listed = Object.entries(site.fields as Record<string, FieldSpec>)
      .filter(([, f]) => f.list)
      .flatMap(([name, f]) => (f.kind === 'ref' ? [name, `${name.replace(/_id$/, '')}_name`] : [name]));
    expect(header.split(',')).toEqual(['id', ...listed]);
    expect(first).toMatch(/^\d+,Depot,\d+,[^,]+,D-1,1,45\.76,false,2024-02-29,,planned,$/);
  });
});

describe('the OpenAPI document', () => {
  type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; required?: string[]; anyOf?: Schema[] };
  let doc: { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, Schema> } };
  beforeAll(async () => {
    doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  const nonNull = (s: Schema): Schema => (Array.isArray(s.type) ? { ...s, type: s.type.find((x) => x !== 'null') } : (s.anyOf?.find((b) => b.type !== 'null') ?? s));

  it('has the generic paths of both categories', () => {
    for (const key of ['fixture_site', 'fixture_visit']) {
      expect(Object.keys(doc.paths[`/api/${key}`]).sort()).toEqual(['get', 'post']);
      expect(Object.keys(doc.paths[`/api/${key}/{id}`]).sort()).toEqual(['delete', 'get', 'put']);
      expect(Object.keys(doc.paths[`/api/full/${key}`])).toEqual(['get']);
    }
  });

  it("describes each field by its kind in the site's create body", () => {
    const body = doc.components.schemas.fixture_site_create;
    expect(body.required).toEqual(['name', 'team_id', 'commissioned']);
    const p = body.properties!;
    expect(p.name).toMatchObject({ type: 'string', 'x-kind': 'text' });
    expect(nonNull(p.floors)).toMatchObject({ type: 'integer' });
    expect(nonNull(p.latitude)).toMatchObject({ type: 'number' });
    expect(nonNull(p.open_to_public)).toMatchObject({ type: 'boolean' });
    expect(p.commissioned).toMatchObject({ type: 'string', format: 'date', 'x-kind': 'date' });
    expect(nonNull(p.inspected_at)).toMatchObject({ type: 'string', format: 'date-time' });
    expect(nonNull(p.status)).toMatchObject({ enum: ['planned', 'live', 'retired'] });
    expect(nonNull(p.homepage)).toMatchObject({ type: 'string', format: 'uri' });
    expect(p.homepage.description).toContain('https');
    expect(nonNull(p.address)).toEqual(site.fields.address.schema);
    expect(nonNull(p.team_id)).toMatchObject({ type: 'integer', minimum: 1 });
    expect(p).not.toHaveProperty('date');
    expect(p).not.toHaveProperty('author_id');
    expect(doc.components.schemas.fixture_site.properties!.date).toMatchObject({ readOnly: true });
    const documents = nonNull(doc.components.schemas.fixture_visit_create.properties!.documents);
    expect(documents.type).toBe('array');
  });
});
