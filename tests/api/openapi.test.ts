/**
 * The OpenAPI document (GET /api/openapi.json) and its reference page (GET /api/reference), as a
 * client sees them. A category added to the registry is described too: tests/api/integratorPath.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutesOf } from '../../server/openapi/plugin';
import { openApiPath } from '../../server/openapi/document';
import { categories } from '../../src/schemas';
import { createTestApp, type TestApp } from './helpers';

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; required?: string[]; anyOf?: Schema[] };
interface Operation {
  operationId: string;
  security?: unknown[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Doc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

let t: TestApp;
let doc: Doc;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  doc = res.json();
});
afterAll(() => t.close());

/** A schema without its null branch (an optional field is `anyOf: [value, null]` or `type: [t, 'null']`). */
function nonNull(s: Schema): Schema {
  if (Array.isArray(s.type)) return { ...s, type: s.type.find((t) => t !== 'null') };
  return s.anyOf?.find((b) => b.type !== 'null') ?? s;
}
const resolve = (s: Schema): Schema => (typeof s.$ref === 'string' ? doc.components.schemas[s.$ref.split('/').pop() as string] : s);
const createBody = (key: string) => resolve(doc.paths[`/api/${key}`].post.requestBody!.content['application/json'].schema);

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document, served to signed-out callers', () => {
    expect(doc.openapi).toBe('3.1.0');
  });

  it('has the generic paths of every category of the registry', () => {
    for (const c of t.app.registry.categories) {
      expect(Object.keys(doc.paths[`/api/${c.key}`]), c.key).toEqual(expect.arrayContaining(['get', 'post']));
      expect(Object.keys(doc.paths[`/api/${c.key}/{id}`]).sort(), c.key).toEqual(['delete', 'get', 'put']);
      expect(Object.keys(doc.paths[`/api/full/${c.key}`]), c.key).toEqual(['get']);
      expect(Object.keys(doc.paths[`/api/full/${c.key}/{id}`]), c.key).toEqual(['get']);
    }
  });

  it("describes each upload's body as multipart/form-data with the file in the category's part", () => {
    const holding = t.app.registry.categories.filter((c) => c.file);
    expect(holding.length).toBeGreaterThan(0);
    for (const c of holding) {
      const body = doc.paths[`/api/upload/${c.file!.route ?? c.key}/{id}`].post.requestBody!.content;
      expect(Object.keys(body), c.key).toEqual(['multipart/form-data']);
      expect(body['multipart/form-data'].schema.required, c.key).toEqual([c.file!.part]);
      expect(body['multipart/form-data'].schema.properties?.[c.file!.part], c.key).toMatchObject({ type: 'string' });
    }
  });

  it('has the special calls', () => {
    expect(doc.paths['/api/login'].post).toBeDefined();
    expect(doc.paths['/api/logout'].post).toBeDefined();
    expect(doc.paths['/api/current_user'].get).toBeDefined();
    expect(doc.paths['/api/issemver/{value}'].get).toBeDefined();
    expect(doc.paths['/api/get_teams_where_user_is_admin/'].get).toBeDefined();
    expect(doc.paths['/api/user'].put).toBeDefined();
    expect(doc.paths['/api/download/csv_export/{category}'].get).toBeDefined();
  });

  it('says which calls may leave their body out (a bare PUT sets a device to be claimed)', async () => {
    expect(doc.paths['/api/set_device_claimed_status/{id}'].put.requestBody?.required).toBe(false);
    expect(doc.paths['/api/claim_device/{id}'].put.requestBody?.required).toBe(true);
  });

  it('describes exactly the /api routes the server has, public ones without sign-in', () => {
    const routes = apiRoutesOf(t.app);
    expect(routes.filter((r) => !r.described)).toEqual([]);
    const served = routes.map((r) => `${r.method} ${openApiPath(r.url)}`).sort();
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(served).toEqual(documented.sort());
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of routes) {
      const op = doc.paths[openApiPath(r.url)][r.method.toLowerCase()];
      expect(op.security === undefined ? 'signed in' : 'public', `${r.method} ${r.url}`).toBe(r.public ? 'public' : 'signed in');
    }
  });

  it("lists a category's required fields and kinds in its create body", () => {
    const body = createBody('device');
    expect(body.required).toEqual(expect.arrayContaining(['name', 'team_id', 'type_id', 'uid_for_type']));
    expect(body.properties!.name).toMatchObject({ type: 'string', maxLength: 200, title: 'Name', 'x-kind': 'text' });
    expect(nonNull(body.properties!.group_id)).toMatchObject({ type: 'integer', minimum: 1 });
    expect(body.additionalProperties).toBe(false);
    const doc_type = nonNull(createBody('basic_document').properties!.doc_type);
    expect(doc_type.enum).toEqual(categories.find((c) => c.key === 'basic_document')!.fields.doc_type.values);
  });

  it('keeps system fields out of request bodies and secret fields out of every answer', () => {
    for (const c of t.app.registry.categories) {
      const body = Object.keys(createBody(c.key).properties!);
      for (const [name, f] of Object.entries(c.fields)) {
        if (f.system || f.secret) expect(body, `${c.key}.${name}`).not.toContain(name);
      }
    }
    // The claim calls name `claim_code` for the code a person types or is given once, never the stored hash (server/claim/).
    const namesClaimCode = (ops: Record<string, Operation>) => JSON.stringify(ops).includes('"claim_code"');
    const text = JSON.stringify({ ...doc, paths: Object.fromEntries(Object.entries(doc.paths).filter(([, ops]) => !namesClaimCode(ops))) });
    for (const c of t.app.registry.categories) {
      for (const [name, f] of Object.entries(c.fields)) {
        if (!f.secret) continue;
        const object = doc.components.schemas[c.key].properties!;
        expect(Object.keys(object), `${c.key}.${name}`).not.toContain(name);
        expect(text, `${c.key}.${name}`).not.toContain(`"${name}"`);
      }
    }
    expect(doc.components.schemas.user.properties).not.toHaveProperty('password');
    expect(createBody('user').properties!.password).toMatchObject({ writeOnly: true });
  });
});

describe('GET /api/reference', () => {
  it('is an HTML page whose scripts and styles load from this server, under a CSP that allows them', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/reference' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toContain("'self'");
    expect(directive('style-src')).toContain("'self'");
    expect(directive('connect-src')).toContain("'self'");

    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBe(3);
    for (const asset of assets) {
      expect(asset, 'a relative address on this server').not.toMatch(/^(https?:)?\/\//);
      const res = await t.app.inject({ method: 'GET', url: new URL(asset, 'http://x/api/reference').pathname });
      expect(res.statusCode, asset).toBe(200);
      expect(res.headers['content-type'], asset).toMatch(asset.includes('.css') ? /^text\/css/ : /^text\/javascript/);
      expect(res.body.length, asset).toBeGreaterThan(0);
    }
  });

  it('answers 404 for any other file', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/reference/package.json' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('Description');
  });
});
