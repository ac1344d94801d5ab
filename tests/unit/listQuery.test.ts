import { afterEach, describe, expect, it, vi } from 'vitest';
import { mustGetCategory } from '../../src/schemas';
import {
  cleanFilter,
  fetchListPage,
  fetchWholeList,
  listFields,
  pageToRange,
  totalFromContentRange,
  type Row,
} from '../../src/dataProvider/listQuery';
import { installFetch, jsonResponse } from './fetchMock';
import { ownMessages } from '../../src/messages';
import { CSRF_VALUE } from '../../src/csrf';

afterEach(() => vi.unstubAllGlobals());

const rows: Row[] = [
  { id: 2, name: 'Alpha', team_id: 2 },
  { id: 1, name: 'beta', team_id: 1 },
];

describe('pageToRange', () => {
  it('maps react-admin pages to the simple-rest range', () => {
    expect(pageToRange(1, 25)).toEqual([0, 24]);
    expect(pageToRange(3, 10)).toEqual([20, 29]);
  });
});

describe('listFields', () => {
  it('asks for id and the list columns of the schema, never secrets', () => {
    const fields = listFields(mustGetCategory('device'));
    expect(fields[0]).toBe('id');
    expect(fields).toContain('name');
    expect(fields).toContain('team_id');
    expect(fields).not.toContain('claim_code');
    expect(fields).not.toContain('notes');
    expect(listFields(mustGetCategory('user'))).not.toContain('password');
  });
});

describe('cleanFilter and totalFromContentRange', () => {
  it('drops cleared values but keeps null (no reference)', () => {
    expect(cleanFilter({ a: undefined, b: '', c: null, d: 0, q: 'x' })).toEqual({ c: null, d: 0, q: 'x' });
  });

  it('reads the total after the last slash, for full and empty pages', () => {
    expect(totalFromContentRange('device 0-24/319')).toBe(319);
    expect(totalFromContentRange('device */0')).toBe(0);
    expect(totalFromContentRange(null)).toBeUndefined();
    expect(totalFromContentRange('garbage')).toBeUndefined();
  });
});

describe('fetchListPage', () => {
  it('sends sort, range, filter and fields to /api/full/{cat} and reads Content-Range', async () => {
    const calls = installFetch(() => jsonResponse(rows, 200, { 'Content-Range': 'type 0-1/40' }));
    const page = await fetchListPage(
      mustGetCategory('type'),
      { sort: { field: 'name', order: 'DESC' }, range: [0, 24], filter: { q: 'al', team_id: 2, type_id: '' } },
      { fields: ['id', 'name'] },
    );
    const params = calls[0].url.searchParams;
    expect(calls[0].url.pathname).toBe('/api/full/type');
    expect(params.get('fields')).toBe('id,name');
    expect(JSON.parse(params.get('sort')!)).toEqual(['name', 'DESC']);
    expect(JSON.parse(params.get('range')!)).toEqual([0, 24]);
    expect(JSON.parse(params.get('filter')!)).toEqual({ q: 'al', team_id: 2 });
    expect(page).toEqual({ data: rows, total: 40 });
  });

  it('always sends a filter, so that the server answers the paged form (getMany has no range)', async () => {
    const calls = installFetch(() => jsonResponse(rows));
    const page = await fetchListPage(mustGetCategory('team'), {});
    expect(calls[0].url.searchParams.get('filter')).toBe('{}');
    expect(calls[0].url.searchParams.has('range')).toBe(false);
    expect(calls[0].url.searchParams.get('fields')).toBe(listFields(mustGetCategory('team')).join(','));
    expect(page.total).toBe(2);
  });

  it('carries the CSRF header of the shared helper', async () => {
    const calls = installFetch(() => jsonResponse([]));
    await fetchListPage(mustGetCategory('team'), {});
    expect(calls[0].headers.get('X-Requested-With')).toBe(CSRF_VALUE);
  });
});

describe('fetchWholeList', () => {
  it("reads the spec's json_list with the fields projection", async () => {
    const calls = installFetch(() => jsonResponse({ json_list: rows }));
    expect(await fetchWholeList(mustGetCategory('type'), { fields: ['id', 'name', 'team_id'] })).toEqual(rows);
    expect(calls[0].url.pathname).toBe('/api/type');
    expect(calls[0].url.searchParams.get('fields')).toBe('id,name,team_id');
    expect([...calls[0].url.searchParams.keys()]).toEqual(['fields']);
  });

  it('treats a missing json_list as empty', async () => {
    installFetch(() => jsonResponse({}));
    expect(await fetchWholeList(mustGetCategory('type'))).toEqual([]);
  });

  it('refuses a list the server cut at its cap (Content-Range total above the rows) instead of showing it as whole', async () => {
    installFetch(() => jsonResponse({ json_list: rows }, 200, { 'content-range': 'type 0-1/12000' }));
    await expect(fetchWholeList(mustGetCategory('type'))).rejects.toThrow(ownMessages.listCut(2, 12000));
    installFetch(() => jsonResponse({ json_list: rows }, 200, { 'content-range': 'type 0-1/2' }));
    expect(await fetchWholeList(mustGetCategory('type'))).toEqual(rows);
  });
});
