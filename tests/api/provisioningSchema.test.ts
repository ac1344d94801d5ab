/**
 * A type may declare the JSON Schema of its devices' provisioning (provisioning_schema): the
 * server refuses a schema ajv cannot use, and checks a device's provisioning against its type's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithTeam, type Client, type TestApp, createTestApp } from './helpers';
import { createOk } from './crudFixtures';

let t: TestApp;
let c: Client;
let team: number;

beforeAll(async () => {
  t = await createTestApp();
  const a = await adminWithTeam(t, 'provschema');
  c = a.client;
  team = a.teamId;
});
afterAll(() => t.close());

const schema = {
  type: 'object',
  properties: { ssid: { type: 'string', minLength: 1 }, channel: { type: 'integer', minimum: 1, maximum: 13 } },
  required: ['ssid'],
};

const device = (tag: string, typeId: unknown, provisioning: unknown) =>
  c.post('/api/device', { name: `prov ${tag}`, team_id: team, type_id: typeId, uid_for_type: `prov-${tag}`, provisioning });

describe('type provisioning_schema', () => {
  it('must be a valid JSON Schema', async () => {
    const res = await c.post('/api/type', { name: 'prov bad', team_id: team, provisioning_schema: { type: 'sometimes' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().Description).toMatch(/^The field 'Provisioning schema' is not a valid JSON Schema: .*type/);
    const notObject = await c.post('/api/type', { name: 'prov bad 2', team_id: team, provisioning_schema: [1] });
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().Description).toBe("The field 'Provisioning schema' is not a valid JSON Schema: a JSON Schema is a JSON object.");
  });

  it('is stored and answered as given', async () => {
    const type = await createOk(c, 'type', { name: 'prov ok', team_id: team, provisioning_schema: schema });
    expect((await c.get(`/api/type/${type.id}`)).json().provisioning_schema).toEqual(schema);
  });
});

describe('device provisioning against its type schema', () => {
  it('a provisioning that breaks the schema is refused; one that fits is stored', async () => {
    const type = await createOk(c, 'type', { name: 'prov dev', team_id: team, provisioning_schema: schema });
    const bad = await device('a', type.id, { ssid: 'home', channel: 40 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Description).toBe("The field 'Provisioning' does not match its schema: /channel must be <= 13.");
    const ok = await device('b', type.id, { ssid: 'home', channel: 6 });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().provisioning).toEqual({ ssid: 'home', channel: 6 });
    const put = await c.put(`/api/device/${ok.json().id}`, { provisioning: { channel: 6 } });
    expect(put.statusCode).toBe(400);
    expect(put.json().Description).toBe("The field 'Provisioning' does not match its schema: / must have required property 'ssid'.");
  });

  it('without a schema any JSON is accepted, and no provisioning is always accepted', async () => {
    const free = await createOk(c, 'type', { name: 'prov free', team_id: team });
    expect((await device('c', free.id, { anything: [1, 'two'] })).statusCode).toBe(201);
    const strict = await createOk(c, 'type', { name: 'prov strict', team_id: team, provisioning_schema: schema });
    expect((await device('d', strict.id, null)).statusCode).toBe(201);
  });

  it('two types declaring the same $id each check with their own schema', async () => {
    const a = await createOk(c, 'type', { name: 'prov id a', team_id: team, provisioning_schema: { $id: 'urn:prov', type: 'object', required: ['a'] } });
    const b = await createOk(c, 'type', { name: 'prov id b', team_id: team, provisioning_schema: { $id: 'urn:prov', type: 'object', required: ['b'] } });
    expect((await device('e', a.id, { a: 1 })).statusCode).toBe(201);
    expect((await device('f', b.id, { b: 1 })).statusCode).toBe(201);
    expect((await device('g', b.id, { a: 1 })).statusCode).toBe(400);
  });
});
