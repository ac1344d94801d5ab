import { afterEach, describe, expect, it, vi } from 'vitest';
import { mustGetCategory } from '../../src/schemas';
import { applyListQuery, fetchListClientSide, listFields, pageToRange, type Row } from '../../src/dataProvider/listQuery';
import { installFetch, jsonResponse } from './fetchMock';

afterEach(() => vi.unstubAllGlobals());

const rows: Row[] = [
  { id: 1, name: 'beta', team_id: 1, version: '1.10.0' },
  { id: 2, name: 'Alpha', team_id: 2, version: '1.2.0' },
  { id: 3, name: 'gamma', team_id: 1, version: null },
  { id: 4, name: 'delta', team_id: 2, version: '1.9.0' },
];

describe('applyListQuery', () => {
  it('filters by equality, comparing ids as text', () => {
    expect(applyListQuery(rows, { filter: { team_id: '1' } }).data.map((r) => r.id)).toEqual([1, 3]);
  });

  it('filters by a list of values (getMany)', () => {
    const page = applyListQuery(rows, { filter: { id: [4, '2'] } });
    expect(page.data.map((r) => r.id)).toEqual([2, 4]);
    expect(page.total).toBe(2);
  });

  it('ignores blank filter values and searches q case-insensitively', () => {
    expect(applyListQuery(rows, { filter: { team_id: '', q: 'ALP' } }).data.map((r) => r.id)).toEqual([2]);
  });

  it('sorts case-insensitively and numerically, blanks last in both orders', () => {
    expect(applyListQuery(rows, { sort: { field: 'name', order: 'ASC' } }).data.map((r) => r.name)).toEqual([
      'Alpha',
      'beta',
      'delta',
      'gamma',
    ]);
    expect(applyListQuery(rows, { sort: { field: 'version', order: 'ASC' } }).data.map((r) => r.id)).toEqual([2, 4, 1, 3]);
    expect(applyListQuery(rows, { sort: { field: 'version', order: 'DESC' } }).data.map((r) => r.id)).toEqual([1, 4, 2, 3]);
    expect(applyListQuery(rows, { sort: { field: 'id', order: 'DESC' } }).data.map((r) => r.id)).toEqual([4, 3, 2, 1]);
  });

  it('slices the inclusive range and counts the total before slicing', () => {
    const page = applyListQuery(rows, { sort: { field: 'id', order: 'ASC' }, range: pageToRange(2, 3) });
    expect(page.data.map((r) => r.id)).toEqual([4]);
    expect(page.total).toBe(4);
  });

  it('does not reorder its input', () => {
    const input = [...rows];
    applyListQuery(input, { sort: { field: 'name', order: 'DESC' } });
    expect(input).toEqual(rows);
  });
});

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

describe('fetchListClientSide', () => {
  it('reads json_list with the fields projection and pages it', async () => {
    const calls = installFetch(() => jsonResponse({ json_list: rows }));
    const page = await fetchListClientSide(
      mustGetCategory('type'),
      { sort: { field: 'name', order: 'ASC' }, range: [0, 1] },
      { fields: ['id', 'name'] },
    );
    expect(calls[0].url.pathname).toBe('/api/type');
    expect(calls[0].url.searchParams.get('fields')).toBe('id,name');
    expect(page).toEqual({ data: [rows[1], rows[0]], total: 4 });
  });

  it('treats a missing json_list as empty', async () => {
    installFetch(() => jsonResponse({}));
    expect(await fetchListClientSide(mustGetCategory('type'), {})).toEqual({ data: [], total: 0 });
  });
});
