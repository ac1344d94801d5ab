/**
 * The ra-data-simple-rest dialect of GET /api/{cat} and /api/full/{cat}, driven by the REAL
 * provider (ra-data-simple-rest with ra-core's fetchJson) over HTTP against the listening app,
 * then raw requests for what the provider never sends: malformed parameters, the exact headers,
 * and team isolation of counts and pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'ra-core';
import { ownMessages } from '../../src/messages';
import { MAX_PAGE } from '../../server/crud/listQuery';
import { adminWithTeam, type Client, type TestApp, createTestApp } from './helpers';
import { createOk } from './crudFixtures';
import { CSRF_HEADER_NAME, CSRF_VALUE } from '../../src/csrf';

let t: TestApp;
let c: Client;
let other: Client;
let provider: DataProvider;
let team: number;
let otherTeam: number;
let typeA: number;
let typeB: number;
let group: number;
let otherDevice: number;
/** Every device of the caller's team: id, name, type, group. */
const devices: { id: number; name: string; type_id: number; group_id: number | null }[] = [];

const N = 60;
const IN_GROUP = 12;

/** The order the server promises for names: case-insensitive, ties by id. */
const byName = (a: { name: string; id: number }, b: { name: string; id: number }) =>
  a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : a.id - b.id;

beforeAll(async () => {
  t = await createTestApp();
  const a = await adminWithTeam(t, 'rest');
  const b = await adminWithTeam(t, 'rival');
  c = a.client;
  other = b.client;
  team = a.teamId;
  otherTeam = b.teamId;
  typeA = (await createOk(c, 'type', { name: 'Alpha type', team_id: team })).id as number;
  typeB = (await createOk(c, 'type', { name: 'Beta type', team_id: team })).id as number;
  group = (await createOk(c, 'devices_group', { name: 'Field', team_id: team, type_id: typeA })).id as number;
  for (let i = 0; i < N; i++) {
    // Mixed case, so a byte-order sort would differ from the promised one.
    const name = `${i % 2 ? 'Sensor' : 'sensor'} ${String((i * 37) % N).padStart(2, '0')}`;
    const type_id = i % 3 === 0 ? typeB : typeA;
    const group_id = type_id === typeA && devices.filter((d) => d.group_id).length < IN_GROUP ? group : null;
    const d = await createOk(c, 'device', { name, team_id: team, type_id, group_id, uid_for_type: `uid-${i}` });
    devices.push({ id: d.id as number, name, type_id, group_id });
  }
  // The rival team has devices whose names match the same searches.
  const otherType = (await createOk(other, 'type', { name: 'Alpha type', team_id: otherTeam })).id as number;
  for (let i = 0; i < 5; i++) {
    const d = await createOk(other, 'device', { name: `sensor ${i}`, team_id: otherTeam, type_id: otherType, uid_for_type: `o-${i}` });
    otherDevice = d.id as number;
  }

  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const httpClient = (url: string, options: fetchUtils.Options = {}) => {
    const headers = new Headers(options.headers as HeadersInit | undefined);
    headers.set('Accept', 'application/json');
    headers.set('Cookie', a.cookie);
    headers.set(CSRF_HEADER_NAME, CSRF_VALUE);
    return fetchUtils.fetchJson(url, { ...options, headers });
  };
  provider = simpleRestProvider(`${address}/api/full`, httpClient);
});
afterAll(() => t.close());

describe('the real ra-data-simple-rest provider', () => {
  it('getList pages through every device of the team, sorted by name, total from Content-Range', async () => {
    const sorted = [...devices].sort(byName);
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await provider.getList('device', {
        pagination: { page, perPage: 25 },
        sort: { field: 'name', order: 'ASC' },
        filter: {},
      });
      expect(res.total).toBe(N);
      expect(res.data).toHaveLength(page < 3 ? 25 : N - 50);
      seen.push(...res.data.map((d) => d.id as number));
    }
    expect(seen).toEqual(sorted.map((d) => d.id));
  });

  it('sorts descending, and by a reference column with ties broken by id', async () => {
    const desc = await provider.getList('device', { pagination: { page: 1, perPage: N }, sort: { field: 'name', order: 'DESC' }, filter: {} });
    expect(desc.data.map((d) => d.id)).toEqual([...devices].sort(byName).reverse().map((d) => d.id));
    const byType = await provider.getList('device', { pagination: { page: 1, perPage: N }, sort: { field: 'type_id', order: 'ASC' }, filter: {} });
    const expected = [...devices].sort((x, y) => x.type_id - y.type_id || x.id - y.id);
    expect(byType.data.map((d) => d.id)).toEqual(expected.map((d) => d.id));
  });

  it('filters by q (case-insensitive, in the name), type_id, group_id and team_id', async () => {
    const list = (filter: Record<string, unknown>) =>
      provider.getList('device', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter });
    const q = await list({ q: 'SENSOR 1' });
    const matching = devices.filter((d) => d.name.toLowerCase().includes('sensor 1'));
    expect(q.total).toBe(matching.length);
    expect(q.data.map((d) => d.id)).toEqual(matching.slice(0, 10).map((d) => d.id));

    expect((await list({ type_id: typeB })).total).toBe(devices.filter((d) => d.type_id === typeB).length);
    expect((await list({ group_id: group })).total).toBe(IN_GROUP);
    expect((await list({ team_id: team })).total).toBe(N);
    expect((await list({ type_id: typeA, q: 'sensor 0' })).total).toBe(
      devices.filter((d) => d.type_id === typeA && d.name.toLowerCase().includes('sensor 0')).length,
    );
    // Another team's filter value finds nothing, rather than that team's devices.
    expect((await list({ team_id: otherTeam })).total).toBe(0);
  });

  it('q searches every searchable field: a device by its name or its unique ID, case-insensitively', async () => {
    const list = (filter: Record<string, unknown>) =>
      provider.getList('device', { pagination: { page: 1, perPage: N }, sort: { field: 'id', order: 'ASC' }, filter });
    expect((await list({ q: 'UID-17' })).data.map((d) => d.id)).toEqual([devices[17].id]);
    expect((await list({ q: 'uid-4' })).data.map((d) => d.id)).toEqual(devices.filter((_, i) => `uid-${i}`.startsWith('uid-4')).map((d) => d.id));
    // One text matching a name of some devices and the unique ID of others finds both.
    const both = await list({ q: '1' });
    const expected = devices.filter((d, i) => d.name.includes('1') || `uid-${i}`.includes('1'));
    expect(both.data.map((d) => d.id)).toEqual(expected.map((d) => d.id));
    expect(expected.some((d, i) => !d.name.includes('1') && `uid-${i}`.includes('1'))).toBe(true);
  });

  it('getOne reads one object in its full form', async () => {
    const { data } = await provider.getOne('device', { id: devices[0].id });
    expect(data).toMatchObject({ id: devices[0].id, name: devices[0].name, type: { id: devices[0].type_id } });
  });

  it('getMany answers the visible objects among the ids asked', async () => {
    const ids = [devices[3].id, devices[7].id, otherDevice];
    const { data } = await provider.getMany('device', { ids });
    expect(data.map((d) => d.id)).toEqual([devices[3].id, devices[7].id]);
  });

  it('getManyReference lists the devices pointing at a group', async () => {
    const res = await provider.getManyReference('device', {
      target: 'group_id',
      id: group,
      pagination: { page: 2, perPage: 5 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });
    const inGroup = devices.filter((d) => d.group_id === group).map((d) => d.id).reverse();
    expect(res.total).toBe(IN_GROUP);
    expect(res.data.map((d) => d.id)).toEqual(inGroup.slice(5, 10));
  });

  it('works for other categories: derived values on /full, the username searched for users', async () => {
    const groups = await provider.getList('devices_group', { pagination: { page: 1, perPage: 5 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
    expect(groups.data[0]).toMatchObject({ id: group, number_of_devices: IN_GROUP, type_name: 'Alpha type' });
    const users = await provider.getList('user', { pagination: { page: 1, perPage: 5 }, sort: { field: 'username', order: 'ASC' }, filter: { q: 'RES' } });
    expect(users.data.map((u) => u.username)).toEqual(['rest']);
  });
});

describe('raw requests', () => {
  const enc = encodeURIComponent;

  it('answers Content-Range start-end/total, exposed to the browser, and honours ?fields=', async () => {
    const res = await c.get(`/api/device?range=${enc('[10,14]')}&fields=id,name`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe(`device 10-14/${N}`);
    expect(res.headers['access-control-expose-headers']).toBe('Content-Range');
    const body = res.json() as Record<string, unknown>[];
    expect(body).toHaveLength(5);
    expect(Object.keys(body[0]).sort()).toEqual(['id', 'name']);
  });

  it('answers a star for an empty page, and the total still', async () => {
    const past = await c.get(`/api/device?range=${enc('[100,109]')}`);
    expect(past.json()).toEqual([]);
    expect(past.headers['content-range']).toBe(`device */${N}`);
    const none = await c.get(`/api/device?filter=${enc('{"q":"no such device"}')}`);
    expect(none.headers['content-range']).toBe('device */0');
  });

  it('a filter alone answers every match in one page (getMany), and legacy ?type_id= combines', async () => {
    const res = await c.get(`/api/device?filter=${enc('{}')}&type_id=${typeB}`);
    const expected = devices.filter((d) => d.type_id === typeB).length;
    expect(res.json()).toHaveLength(expected);
    expect(res.headers['content-range']).toBe(`device 0-${expected - 1}/${expected}`);
  });

  it('without sort, range or filter answers json_list exactly as before', async () => {
    const res = await c.get('/api/device?fields=id');
    expect(res.headers['content-range']).toBeUndefined();
    expect(res.json().json_list).toHaveLength(N);
  });

  it('q is a plain substring: LIKE wildcards match only themselves', async () => {
    for (const q of ['%', '_', 'sensor_0']) {
      const res = await c.get(`/api/device?filter=${enc(JSON.stringify({ q }))}`);
      expect(res.headers['content-range'], q).toBe('device */0');
    }
  });

  it('filters by null (no group) and by a list of ids', async () => {
    const res = await c.get(`/api/device?filter=${enc('{"group_id":null,"type_id":[' + typeA + ',"' + typeB + '"]}')}`);
    expect(res.json()).toHaveLength(N - IN_GROUP);
  });

  it('never counts or shows another team', async () => {
    const mine = await other.get(`/api/device?range=${enc('[0,99]')}&filter=${enc('{"q":"sensor"}')}`);
    expect(mine.headers['content-range']).toBe('device 0-4/5');
    const ids = devices.map((d) => d.id);
    const asked = await other.get(`/api/device?filter=${enc(JSON.stringify({ id: ids }))}`);
    expect(asked.json()).toEqual([]);
    expect(asked.headers['content-range']).toBe('device */0');
  });

  it('refuses malformed or unknown parameters with 400 and a Description', async () => {
    const cases: [string, string][] = [
      ['sort=name', ownMessages.badListParam('sort', '["field","ASC" or "DESC"]')],
      [`sort=${enc('["name","UP"]')}`, ownMessages.badListParam('sort', '["field","ASC" or "DESC"]')],
      [`sort=${enc('["nope","ASC"]')}`, ownMessages.badSortField('nope')],
      [`sort=${enc('["claim_code","ASC"]')}`, ownMessages.badSortField('claim_code')],
      [`sort=${enc('["provisioning","ASC"]')}`, ownMessages.badSortField('provisioning')],
      [`sort=${enc('["type","ASC"]')}`, ownMessages.badSortField('type')],
      ['range=[0,', ownMessages.badListParam('range', '[start,end] with 0 <= start <= end')],
      [`range=${enc('[5,1]')}`, ownMessages.badListParam('range', '[start,end] with 0 <= start <= end')],
      [`range=${enc('[-1,4]')}`, ownMessages.badListParam('range', '[start,end] with 0 <= start <= end')],
      [`range=${enc(`[0,${MAX_PAGE}]`)}`, ownMessages.pageTooLarge(MAX_PAGE)],
      ['filter={q', ownMessages.badListParam('filter', 'a JSON object')],
      [`filter=${enc('[1]')}`, ownMessages.badListParam('filter', 'a JSON object')],
      [`filter=${enc('{"notes":"x"}')}`, ownMessages.badFilterKey('notes')],
      [`filter=${enc('{"claim_code":"x"}')}`, ownMessages.badFilterKey('claim_code')],
      [`filter=${enc('{"type_id":"abc"}')}`, ownMessages.badFilterValue('type_id', 'an id, a list of ids or null')],
      [`filter=${enc('{"id":[1.5]}')}`, ownMessages.badFilterValue('id', 'an id or a list of ids')],
      [`filter=${enc('{"q":3}')}`, ownMessages.badFilterValue('q', 'a string')],
    ];
    for (const [params, description] of cases) {
      const res = await c.get(`/api/full/device?${params}`);
      expect(res.statusCode, params).toBe(400);
      expect(res.json(), params).toEqual({ Description: description });
    }
    const role = await c.get(`/api/role?filter=${enc('{"q":"x"}')}`);
    expect(role.json()).toEqual({ Description: ownMessages.noSearchField });
  });

  it('answers 401 to a signed-out caller', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/device?range=${enc('[0,9]')}` });
    expect(res.statusCode).toBe(401);
  });
});
