/**
 * The union of several categories' server-side lists in one table (src/resources/list/unionPage.ts):
 * the order of the merge, paging across both categories, and filters that leave a category out.
 */
import { describe, expect, it, vi } from 'vitest';
import { mustGetCategory, type Category } from '../../src/schemas';
import type { Row } from '../../src/dataProvider/listQuery';
import { filterFor, mergeRows, readUnionPage, UNION_KIND, UNION_OBJECT_ID, type CategoryReader } from '../../src/resources/list/unionPage';

const documents = mustGetCategory('basic_document');
const collections = mustGetCategory('documents_collection');
const both = [documents, collections];

const docs: Row[] = ['alpha', 'Delta', 'echo', 'golf', 'India', 'kilo'].map((name, i) => ({ id: i + 1, name, team_id: i % 2 ? 2 : 1, doc_type: i < 3 ? 'text' : 'link' }));
const sets: Row[] = ['Bravo', 'charlie', 'foxtrot', 'hotel', 'juliet'].map((name, i) => ({ id: i + 1, name, team_id: i % 2 ? 2 : 1 }));
const rowsOf: Record<string, Row[]> = { basic_document: docs, documents_collection: sets };

/** A stand-in for the server: filters by equality, sorts by lower(name) then id, answers the first `count`. */
function fakeServer() {
  const read = vi.fn<CategoryReader>(async (category: Category, { sort, count, filter }) => {
    const matching = rowsOf[category.key].filter((r) =>
      Object.entries(filter).every(([k, v]) => (k === 'q' ? String(r.name).toLowerCase().includes(String(v)) : r[k] === v)),
    );
    const sorted = [...matching].sort((a, b) => String(a[sort.field]).toLowerCase().localeCompare(String(b[sort.field]).toLowerCase()) * (sort.order === 'DESC' ? -1 : 1));
    return { data: sorted.slice(0, count), total: matching.length };
  });
  return read;
}

const names = (rows: Row[]) => rows.map((r) => r.name);

describe('mergeRows', () => {
  it('merges in the order of the sort, case-insensitively, and tags each row with its category and id', () => {
    const merged = mergeRows(
      [
        { category: documents, rows: docs },
        { category: collections, rows: sets },
      ],
      { field: 'name', order: 'ASC' },
    );
    expect(names(merged)).toEqual(['alpha', 'Bravo', 'charlie', 'Delta', 'echo', 'foxtrot', 'golf', 'hotel', 'India', 'juliet', 'kilo']);
    expect(merged[1]).toMatchObject({ id: 'documents_collection:1', [UNION_KIND]: 'documents_collection', [UNION_OBJECT_ID]: 1, name: 'Bravo' });
    expect(new Set(merged.map((r) => r.id)).size).toBe(merged.length);
  });

  it('descending, and the first category first on equal names (an order without ties)', () => {
    const merged = mergeRows(
      [
        { category: documents, rows: [{ id: 9, name: 'Same' }, { id: 3, name: 'a' }] },
        { category: collections, rows: [{ id: 9, name: 'same' }, { id: 4, name: 'B' }] },
      ],
      { field: 'name', order: 'DESC' },
    );
    expect(merged.map((r) => r.id)).toEqual(['basic_document:9', 'documents_collection:9', 'documents_collection:4', 'basic_document:3']);
  });
});

describe('readUnionPage', () => {
  it('pages across both categories: each page reads the first offset + perPage of each, the total is the sum', async () => {
    const read = fakeServer();
    const page = (n: number) => readUnionPage(both, { offset: (n - 1) * 4, perPage: 4, sort: { field: 'name', order: 'ASC' }, filter: {} }, read);
    const first = await page(1);
    expect(names(first.data)).toEqual(['alpha', 'Bravo', 'charlie', 'Delta']);
    expect(first.total).toBe(11);
    const second = await page(2);
    expect(names(second.data)).toEqual(['echo', 'foxtrot', 'golf', 'hotel']);
    expect(read.mock.calls.at(-1)![1].count).toBe(8);
    const third = await page(3);
    expect(names(third.data)).toEqual(['India', 'juliet', 'kilo']);
    expect([...first.data, ...second.data, ...third.data].map((r) => r.id)).toHaveLength(11);
  });

  it('sorts by the display field when asked for a field one category does not have', async () => {
    const read = fakeServer();
    await readUnionPage(both, { offset: 0, perPage: 25, sort: { field: 'doc_type', order: 'DESC' }, filter: {} }, read);
    expect(read.mock.calls.map(([, q]) => q.sort)).toEqual([
      { field: 'name', order: 'DESC' },
      { field: 'name', order: 'DESC' },
    ]);
  });

  it('a document type filter shows basic documents only: collections are not even read', async () => {
    const read = fakeServer();
    const page = await readUnionPage(both, { offset: 0, perPage: 25, filter: { doc_type: 'link', team_id: 2 } }, read);
    expect(names(page.data)).toEqual(['golf', 'kilo']);
    expect(page.total).toBe(2);
    expect(read.mock.calls.map(([c]) => c.key)).toEqual(['basic_document']);
  });

  it('the team filter and the search apply to both kinds', async () => {
    const read = fakeServer();
    const byTeam = await readUnionPage(both, { offset: 0, perPage: 25, filter: { team_id: 2 } }, read);
    expect(names(byTeam.data)).toEqual(['charlie', 'Delta', 'golf', 'hotel', 'kilo']);
    const searched = await readUnionPage(both, { offset: 0, perPage: 25, filter: { q: 'ha', team_id: '' } }, read);
    expect(names(searched.data)).toEqual(['alpha', 'charlie']);
    expect(read.mock.calls.at(-1)![1].filter).toEqual({ q: 'ha' });
  });
});

describe('filterFor', () => {
  it("keeps a category's own filters, drops unset ones, and excludes a category a filter does not apply to", () => {
    expect(filterFor(documents, { team_id: 1, doc_type: 'file', target_class: 'device', q: 'x' })).toEqual({
      team_id: 1,
      doc_type: 'file',
      target_class: 'device',
      q: 'x',
    });
    expect(filterFor(collections, { team_id: 1, q: 'x', doc_type: '' })).toEqual({ team_id: 1, q: 'x' });
    expect(filterFor(collections, { target_class: 'device' })).toBeUndefined();
  });
});
