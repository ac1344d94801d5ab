/**
 * A type may declare the JSON Schema of its devices' provisioning (provisioning_schema): the
 * server refuses a schema ajv cannot use, and checks a device's provisioning against its type's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithTeam, type Client, type TestApp, createTestApp } from './helpers';
import { createOk } from './crudFixtures';
import { CSRF_HEADER } from '../../src/csrf';

let t: TestApp;
let c: Client;
let cookie: string;
let team: number;

beforeAll(async () => {
  t = await createTestApp();
  const a = await adminWithTeam(t, 'provschema');
  c = a.client;
  cookie = a.cookie;
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

/** A body sent as written: JSON.stringify cannot write 1e400. */
const putRaw = (url: string, body: string) =>
  t.app.inject({ method: 'PUT', url, headers: { ...CSRF_HEADER, 'content-type': 'application/json', cookie }, payload: body });

describe('what a client schema may not hold', () => {
  const refused = async (provisioning_schema: unknown, detail: string) => {
    const res = await c.post('/api/type', { name: 'prov refused', team_id: team, provisioning_schema });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().Description).toBe(`The field 'Provisioning schema' is not a valid JSON Schema: ${detail}.`);
  };

  it('refuses the keywords whose checking time a value drives without bound, wherever they are', async () => {
    const cost = (k: string) => `the keyword '${k}' is not accepted: the time to check a value against it has no bound`;
    await refused({ type: 'object', properties: { p: { type: 'string', pattern: '^(a+)+$' } } }, cost('pattern'));
    await refused({ type: 'object', patternProperties: { '^(a+)+$': { type: 'string' } } }, cost('patternProperties'));
    await refused({ definitions: { l: { type: 'array', uniqueItems: true } }, $ref: '#/definitions/l' }, cost('uniqueItems'));
    // A property may be called 'pattern', and an enum may hold one: names and data are not keywords.
    await createOk(c, 'type', {
      name: 'prov named pattern',
      team_id: team,
      provisioning_schema: { type: 'object', properties: { pattern: { enum: [{ pattern: 'x' }] } } },
    });
  });

  it('refuses a schema over 32 KB', async () => {
    const big = { enum: Array.from({ length: 5000 }, (_, i) => `value ${i}`) };
    await refused(big, 'a schema is at most 32768 bytes of JSON');
  });

  it('answers 400, never 500, for a $schema it does not implement', async () => {
    const dialect = "'$schema' may only be http://json-schema.org/draft-07/schema#";
    await refused({ $schema: 'http://evil/schema', type: 'object' }, dialect);
    await refused({ $schema: 'https://json-schema.org/draft-12/schema' }, dialect);
    await refused({ $schema: 5 }, dialect);
    await createOk(c, 'type', {
      name: 'prov draft 7',
      team_id: team,
      provisioning_schema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' },
    });
  });

  it('refuses a $ref that leads back to itself without going into the value; a recursive tree is fine', async () => {
    await refused({ $ref: '#' }, "'$ref' '#' leads back to itself without checking a part of the value");
    await refused(
      { definitions: { a: { anyOf: [{ $ref: '#/definitions/b' }] }, b: { $ref: '#/definitions/a' } }, $ref: '#/definitions/a' },
      "'$ref' '#/definitions/a' leads back to itself without checking a part of the value",
    );
    const tree = { type: 'object', properties: { name: { type: 'string' }, child: { $ref: '#' } } };
    const type = await createOk(c, 'type', { name: 'prov tree', team_id: team, provisioning_schema: tree });
    expect((await device('tree ok', type.id, { name: 'a', child: { child: { name: 'c' } } })).statusCode).toBe(201);
    const bad = await device('tree bad', type.id, { child: { child: { name: 5 } } });
    expect(bad.json().Description).toBe("The field 'Provisioning' does not match its schema: /child/child/name must be string.");
  });

  it("cannot name parts of itself or reach another team's schema", async () => {
    await refused(
      { type: 'object', properties: { x: { $id: 'urn:team-a:x', type: 'string' } } },
      "the keyword '$id' is not accepted: a schema cannot name parts for other schemas",
    );
    await refused({ $ref: 'urn:team-a:x' }, "'$ref' may only be '#' or '#/definitions/<name>' ('urn:team-a:x' is not)");
    await refused({ $anchor: 'a' }, "the keyword '$anchor' is not accepted: a schema cannot name parts for other schemas");
  });

  it('a schema stored before these rules is not run: a provisioning write says why', async () => {
    const type = await createOk(c, 'type', { name: 'prov old', team_id: team });
    const redos = { type: 'object', properties: { p: { type: 'string', pattern: '^(a+)+$' } } };
    await t.db.query('UPDATE "type" SET "provisioning_schema" = $1 WHERE "id" = $2', [JSON.stringify(redos), type.id]);
    const res = await device('old', type.id, { p: `${'a'.repeat(30)}!` });
    expect(res.statusCode).toBe(400);
    expect(res.json().Description).toBe(
      "The field 'Provisioning' cannot be checked: the schema of its type is no longer accepted (the keyword 'pattern' is not accepted: the time to check a value against it has no bound); save a schema the type may hold first.",
    );
  });
});

describe('numbers JSON cannot hold', () => {
  it('1e400 is refused anywhere in a json value instead of being stored as null', async () => {
    const type = await createOk(c, 'type', { name: 'prov inf', team_id: team });
    const dev = await device('inf', type.id, { keep: 1 });
    expect(dev.statusCode).toBe(201);
    for (const body of ['{"provisioning":1e400}', '{"provisioning":{"a":[1,-1e400]}}']) {
      const res = await putRaw(`/api/device/${dev.json().id}`, body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json().Description).toBe("The field 'Provisioning' contains a number JSON cannot hold (too large, such as 1e400).");
    }
    expect((await c.get(`/api/device/${dev.json().id}`)).json().provisioning).toEqual({ keep: 1 });
  });
});
