import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BATCH_MAX } from '../../src/batch';
import { mustGetCategory } from '../../src/schemas';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';
import { changedFields, createBody } from '../../src/dataProvider/recordDiff';
import { CSRF_HEADER_NAME, CSRF_VALUE } from '../../src/csrf';
import { sameJson } from '../../src/schemas/sameJson';
import { installFetch, jsonResponse, type RecordedCall } from './fetchMock';

const alert = vi.fn();
const goHome = vi.fn();
beforeEach(() => {
  alert.mockReset();
  goHome.mockReset();
  setErrorUi({ alert, goHome });
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetErrorUi();
});

const devices = [
  { id: 1, name: 'b', team_id: 1, group_id: 5 },
  { id: 2, name: 'a', team_id: 1, group_id: null },
  { id: 3, name: 'c', team_id: 2, group_id: 5 },
];
const route = (c: RecordedCall) => `${c.method} ${c.url.pathname}`;
const dp = createDataProvider();

describe('dataProvider reads', () => {
  const paged = (c: RecordedCall) => ({
    sort: JSON.parse(c.url.searchParams.get('sort') ?? 'null'),
    range: JSON.parse(c.url.searchParams.get('range') ?? 'null'),
    filter: JSON.parse(c.url.searchParams.get('filter') ?? 'null'),
  });

  it('getList asks the server for one sorted, filtered page and reads the total', async () => {
    const calls = installFetch(() => jsonResponse([devices[1]], 200, { 'Content-Range': 'device 0-0/2' }));
    const res = await dp.getList('device', {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'name', order: 'ASC' },
      filter: { team_id: 1 },
    });
    expect(route(calls[0])).toBe('GET /api/full/device');
    expect(calls[0].url.searchParams.get('fields')).toContain('name');
    expect(paged(calls[0])).toEqual({ sort: ['name', 'ASC'], range: [0, 0], filter: { team_id: 1 } });
    expect(res).toEqual({ data: [devices[1]], total: 2 });
  });

  it('getList passes meta.fields and the abort signal', async () => {
    const calls = installFetch(() => jsonResponse([], 200, { 'Content-Range': 'firmware */0' }));
    const controller = new AbortController();
    await dp.getList('firmware', { meta: { fields: ['id', 'name', 'version'] }, signal: controller.signal });
    expect(calls[0].url.searchParams.get('fields')).toBe('id,name,version');
    expect(calls[0].init.signal).toBe(controller.signal);
  });

  it('getList without pagination reads every match of the filter and sort, with no range, and the CSRF header', async () => {
    const calls = installFetch(() => jsonResponse(devices, 200, { 'Content-Range': 'device 0-2/3' }));
    const res = await dp.getList('device', { sort: { field: 'name', order: 'DESC' }, filter: { team_id: 1, q: '' }, meta: { fields: ['id'] } });
    expect(route(calls[0])).toBe('GET /api/full/device');
    expect(paged(calls[0])).toEqual({ sort: ['name', 'DESC'], range: null, filter: { team_id: 1 } });
    expect(calls[0].url.searchParams.get('fields')).toBe('id');
    expect(calls[0].headers.get(CSRF_HEADER_NAME)).toBe(CSRF_VALUE);
    expect(res).toEqual({ data: devices, total: 3 });
  });

  it("getList with meta.all reads the spec's whole json_list, the filter as plain parameters", async () => {
    const calls = installFetch(() => jsonResponse({ json_list: devices }));
    await dp.getList('documents_collection', { filter: { team_id: 4 }, meta: { all: true, fields: ['name', 'team_id'] } });
    expect(route(calls[0])).toBe('GET /api/documents_collection');
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ team_id: '4', fields: 'name,team_id' });
  });

  it("getList with meta.all reads the spec's whole json_list", async () => {
    const calls = installFetch(() => jsonResponse({ json_list: devices }));
    const res = await dp.getList('device', { pagination: { page: 1, perPage: 1 }, meta: { all: true, fields: ['id', 'name'] } });
    expect(route(calls[0])).toBe('GET /api/device');
    expect(calls[0].url.search).toBe('?fields=id%2Cname');
    expect(res).toEqual({ data: devices, total: 3 });
  });

  it('getOne reads the full form, or the short one on request, with fields', async () => {
    const calls = installFetch(() => jsonResponse({ id: 3, name: 'c' }));
    expect(await dp.getOne('devices_group', { id: 3 })).toEqual({ data: { id: 3, name: 'c' } });
    await dp.getOne('type', { id: '4', meta: { full: false, fields: ['icon'] } });
    expect(route(calls[0])).toBe('GET /api/full/devices_group/3');
    expect(route(calls[1])).toBe('GET /api/type/4');
    expect(calls[1].url.searchParams.get('fields')).toBe('icon');
  });

  it('getMany filters by the ids, with no range, reading list columns and summary', async () => {
    const calls = installFetch(() => jsonResponse([devices[0], devices[2]]));
    const res = await dp.getMany('firmware', { ids: [3, 1] });
    expect(route(calls[0])).toBe('GET /api/full/firmware');
    expect(paged(calls[0])).toEqual({ sort: null, range: null, filter: { id: [3, 1] } });
    expect(calls[0].url.searchParams.get('fields')!.split(',')).toEqual(expect.arrayContaining(['id', 'name', 'version']));
    expect(res.data.map((r) => r.id)).toEqual([1, 3]);
  });

  it('getManyReference filters on the target field', async () => {
    const calls = installFetch(() => jsonResponse([devices[2], devices[0]], 200, { 'Content-Range': 'device 0-1/2' }));
    const res = await dp.getManyReference('device', {
      target: 'group_id',
      id: 5,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'DESC' },
      filter: {},
    });
    expect(paged(calls[0])).toEqual({ sort: ['name', 'DESC'], range: [0, 9], filter: { group_id: 5 } });
    expect(res.data.map((r) => r.id)).toEqual([3, 1]);
    expect(res.total).toBe(2);
  });

  it('refuses a resource that is not a registry category', async () => {
    await expect(dp.getList('nonsense', {})).rejects.toThrow(/Unknown category/);
  });
});

describe('dataProvider custom methods', () => {
  it('deleteWithContent deletes with cascade and the counts shown, and leaves a refusal to the caller', async () => {
    const calls = installFetch(() => jsonResponse({ Description: 'The content changed.' }, 409));
    await expect(dp.deleteWithContent('type', { id: 3, expectContent: { devices: 2, groups: 0 } })).rejects.toMatchObject({ status: 409 });
    expect(route(calls[0])).toBe('DELETE /api/type/3');
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ cascade: 'true', expect_devices: '2', expect_groups: '0' });
    expect(alert).not.toHaveBeenCalled();
  });

  it('setClaimStatus puts to_be_claimed and answers the claim code', async () => {
    const calls = installFetch(() => jsonResponse({ claim_code: 'AB-CD' }));
    expect(await dp.setClaimStatus({ id: 7, toBeClaimed: true })).toEqual({ claim_code: 'AB-CD' });
    expect([route(calls[0]), calls[0].body]).toEqual(['PUT /api/set_device_claimed_status/7', { to_be_claimed: true }]);
  });
});

describe('dataProvider writes', () => {
  it('create posts the writable fields and answers the created object', async () => {
    const calls = installFetch(() => jsonResponse({ id: 9, name: 'T', team_id: 1 }));
    const res = await dp.create('type', { data: { name: 'T', team_id: 1, id: 77, author_id: 3, undefinedField: undefined } });
    expect(route(calls[0])).toBe('POST /api/type');
    expect(calls[0].body).toEqual({ name: 'T', team_id: 1 });
    expect(res.data).toEqual({ id: 9, name: 'T', team_id: 1 });
  });

  it('update sends only the changed fields', async () => {
    const previousData = { id: 4, name: 'old', team_id: 1, notes: 'n', custom_fields_devices: [{ name: 'a', type: 0, value: '' }], author_id: 2 };
    const calls = installFetch(() => jsonResponse({ ...previousData, name: 'new' }));
    const res = await dp.update('type', {
      id: 4,
      previousData,
      data: { ...previousData, name: 'new', custom_fields_devices: [{ name: 'a', type: 0, value: '' }], author_id: 99 },
    });
    expect(route(calls[0])).toBe('PUT /api/type/4');
    expect(calls[0].body).toEqual({ name: 'new' });
    expect(res.data.name).toBe('new');
  });

  it('update without changes makes no call', async () => {
    const calls = installFetch(() => jsonResponse({}));
    const previousData = { id: 4, name: 'same', team_id: 1 };
    const res = await dp.update('type', { id: 4, previousData, data: { ...previousData } });
    expect(calls).toHaveLength(0);
    expect(res.data).toEqual(previousData);
  });

  it('update merges the changes when the server answers no body', async () => {
    installFetch(() => jsonResponse(undefined, 204));
    const res = await dp.update('type', { id: 4, previousData: { id: 4, name: 'a' }, data: { id: 4, name: 'b' } });
    expect(res.data).toEqual({ id: 4, name: 'b' });
  });

  it('delete calls DELETE on the object; deleteMany the batch call, BATCH_MAX ids per call, one after the other', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const calls = installFetch(async () => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 1));
      inFlight--;
      return jsonResponse({ count: 1 });
    });
    expect(await dp.delete('firmware', { id: 2, previousData: { id: 2, name: 'x' } })).toEqual({ data: { id: 2, name: 'x' } });
    const ids = Array.from({ length: BATCH_MAX + 2 }, (_, i) => i + 5);
    expect(await dp.deleteMany('firmware', { ids })).toEqual({ data: ids });
    expect(calls.map(route)).toEqual(['DELETE /api/firmware/2', 'DELETE /api/batch/firmware', 'DELETE /api/batch/firmware']);
    expect(calls.slice(1).map((c) => c.body)).toEqual([{ ids: ids.slice(0, BATCH_MAX) }, { ids: ids.slice(BATCH_MAX) }]);
    expect(maxInFlight).toBe(1);
  });

  it('updateMany puts the same change on every object in one batch call', async () => {
    const calls = installFetch(() => jsonResponse({ count: 2 }));
    await dp.updateMany('device', { ids: [1, 2], data: { group_id: 5 } });
    expect(calls.map(route)).toEqual(['PUT /api/batch/device']);
    expect(calls.map((c) => c.body)).toEqual([{ data: { group_id: 5 }, ids: [1, 2] }]);
  });
});

describe('dataProvider failures', () => {
  it('go to the error catalogue and are re-thrown', async () => {
    installFetch(() => jsonResponse({ Description: 'The name x is not unique.' }, 409));
    await expect(dp.create('type', { data: { name: 'x' } })).rejects.toMatchObject({ status: 409 });
    expect(alert).toHaveBeenCalledWith('The name x is not unique.');
  });

  it('carry meta.errorExtra on a new line', async () => {
    installFetch(() => jsonResponse({ Description: 'Bad template' }, 400));
    await expect(dp.getOne('device', { id: 1, meta: { errorExtra: 'More' } })).rejects.toBeTruthy();
    expect(alert).toHaveBeenCalledWith('Bad template\nMore');
  });

  it('stay silent with meta.report = false', async () => {
    installFetch(() => jsonResponse({ Description: 'nope' }, 500));
    await expect(dp.update('type', { id: 1, previousData: { id: 1, name: 'a' }, data: { name: 'b' }, meta: { report: false } })).rejects.toBeTruthy();
    expect(alert).not.toHaveBeenCalled();
  });

  it('401 alerts the sign-in message and goes home', async () => {
    installFetch(() => jsonResponse({ Description: 'Sign-in required.' }, 401));
    await expect(dp.getList('device', {})).rejects.toMatchObject({ status: 401 });
    expect(alert).toHaveBeenCalledWith('Please sign in before accessing this page.');
    expect(goHome).toHaveBeenCalled();
  });
});

describe('recordDiff', () => {
  const type = mustGetCategory('type');
  it('compares JSON structurally', () => {
    expect(sameJson({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ a: null }, { a: {} })).toBe(false);
    expect(sameJson([], {})).toBe(false);
  });

  it('never sends system fields or fields unknown to the schema', () => {
    expect(createBody(type, { id: 1, name: 'n', author_id: 1, type_name: 'x', notes: 'y' })).toEqual({ name: 'n', notes: 'y' });
    expect(changedFields(type, { name: 'n', notes: null }, { name: 'n', notes: '' })).toEqual({ notes: null });
  });
});
