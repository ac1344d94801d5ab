/**
 * /documents as one table of documents and collections (src/resources/list/UnionTable.tsx) over
 * the list dialect of each category: a Kind column, links to each object's own view page, paging
 * across both kinds, filters that leave collections out, one CSV export per kind.
 */
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AdminContext, memoryStore } from 'react-admin';
import { categories } from '../../src/schemas';
import { messages, ownMessages } from '../../src/messages';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';
import { i18nProvider } from '../../src/i18n';
import { deriveConsoleRoutes } from '../../src/resources/consoleRoutes';
import { ListPage } from '../../src/resources/ListPage';
import type { RecordedCall } from './fetchMock';
import { dialect, installFakeApi } from './listFakeApi';
import { optionTexts, type Objects } from './dropdownHarness';

const pad = (n: number) => String(n).padStart(2, '0');
const objects: Objects = {
  team: [
    { id: 1, name: 'Blue' },
    { id: 2, name: 'Red' },
  ],
  // Documents 'Doc 01'..'Doc 20' and collections 'Doc 01 set'.. interleave by name.
  basic_document: Array.from({ length: 20 }, (_, i) => ({
    id: i + 1,
    name: `Doc ${pad(i + 1)}`,
    team_id: i < 15 ? 1 : 2,
    doc_type: i < 4 ? 'link' : 'text',
    target_class: 'device',
  })),
  documents_collection: Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `Doc ${pad(2 * i + 1)} set`, team_id: i < 5 ? 1 : 2 })),
};

const route = deriveConsoleRoutes(categories).find((r) => r.path === '/documents')!;
let calls: RecordedCall[];

beforeEach(() => {
  setErrorUi({ alert: vi.fn(), goHome: vi.fn() });
  calls = installFakeApi(objects);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetErrorUi();
  localStorage.clear();
});

function renderDocuments() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AdminContext dataProvider={createDataProvider()} i18nProvider={i18nProvider} store={memoryStore()}>
            <ListPage route={route} />
          </AdminContext>
        ),
      },
    ],
    { initialEntries: ['/documents'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const listCalls = (key: string) => calls.filter((c) => c.url.pathname === `/api/full/${key}` && c.url.searchParams.has('range'));
const bodyRows = () => [...document.querySelectorAll('tbody tr')];
const cells = (row: Element) => [...row.querySelectorAll('td')].map((td) => td.textContent);

describe('/documents', () => {
  it('is one table of both kinds, in name order, with a Kind column and each row linking to its own view page', async () => {
    const router = renderDocuments();
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    expect(screen.getAllByRole('table')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Documents collections' })).toBeNull();
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(['Name', ownMessages.kindColumn, 'Team', 'Document type', 'Target class']);
    expect(cells(bodyRows()[0]).slice(0, 2)).toEqual(['Doc 01', ownMessages.documentKind]);
    expect(cells(bodyRows()[1]).slice(0, 2)).toEqual(['Doc 01 set', ownMessages.collectionKind]);
    expect(cells(bodyRows()[0])[3]).toBe('Link');
    expect(screen.getByText(/1-25 of 30/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Doc 01' }).getAttribute('href')).toBe('/basic_document_view?id=1');
    expect(screen.getByRole('link', { name: 'Doc 01 set' }).getAttribute('href')).toBe('/documents_collection_view?id=1');
    expect(screen.getAllByRole('link', { name: /^Add a new/ }).map((a) => a.getAttribute('href'))).toEqual(['/document_new']);
    expect(dialect(listCalls('basic_document')[0])).toEqual({ sort: ['name', 'ASC'], range: [0, 24], filter: {} });
    expect(dialect(listCalls('documents_collection')[0])).toEqual({ sort: ['name', 'ASC'], range: [0, 24], filter: {} });

    fireEvent.click(bodyRows()[4].querySelectorAll('td')[1]);
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/documents_collection_view?id=2'));
  });

  it('pages across both kinds: page 2 reads the first 50 of each and shows the last 5 of the union', async () => {
    renderDocuments();
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    expect(bodyRows().map((r) => cells(r)[0])).toEqual(['Doc 17 set', 'Doc 18', 'Doc 19', 'Doc 19 set', 'Doc 20']);
    expect(dialect(listCalls('basic_document').at(-1)!).range).toEqual([0, 49]);
    expect(dialect(listCalls('documents_collection').at(-1)!).range).toEqual([0, 49]);
  });

  it('sorts by name on the server for both kinds; other columns do not sort', async () => {
    renderDocuments();
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    fireEvent.click(document.querySelector('thead [data-field="name"]')!);
    await waitFor(() => expect(cells(bodyRows()[0])[0]).toBe('Doc 20'));
    expect(dialect(listCalls('documents_collection').at(-1)!).sort).toEqual(['name', 'DESC']);
    expect(cells(bodyRows()[1])[0]).toBe('Doc 19 set');
    expect(document.querySelector('thead [data-field="doc_type"]')).toBeNull();
  });

  it('filters by team for both kinds; a document type or target class filter shows documents only', async () => {
    renderDocuments();
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    const docType = screen.getByLabelText('Document type') as HTMLSelectElement;
    expect(optionTexts(docType).slice(0, 5)).toEqual([ownMessages.allValues, 'Text', 'Link', 'File', 'Image']);
    expect(optionTexts(screen.getByLabelText('Target class'))).toContain('device');
    const team = screen.getByLabelText('Team') as HTMLSelectElement;
    await waitFor(() => expect(optionTexts(team)).toEqual([messages.allTeams, 'Blue', 'Red']));

    fireEvent.change(team, { target: { value: '2' } });
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    expect(dialect(listCalls('documents_collection').at(-1)!).filter).toEqual({ team_id: 2 });

    const before = listCalls('documents_collection').length;
    fireEvent.change(docType, { target: { value: 'link' } });
    fireEvent.change(team, { target: { value: '' } });
    await waitFor(() => expect(bodyRows()).toHaveLength(4));
    expect(bodyRows().map((r) => cells(r)[1])).toEqual(Array(4).fill(ownMessages.documentKind));
    expect(dialect(listCalls('basic_document').at(-1)!).filter).toEqual({ doc_type: 'link' });
    // Collections have no document type: they are not read at all.
    expect(listCalls('documents_collection')).toHaveLength(before);
    expect(screen.getByText(/1-4 of 4/)).toBeTruthy();
  });

  it('exports each kind as CSV with its own filters; a kind the filters leave out cannot be exported', async () => {
    const saved: string[] = [];
    const blobUrls = URL as unknown as Record<'createObjectURL' | 'revokeObjectURL', unknown>;
    const original = { create: blobUrls.createObjectURL, revoke: blobUrls.revokeObjectURL };
    blobUrls.createObjectURL = () => 'blob:x';
    blobUrls.revokeObjectURL = () => {};
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    onTestFinished(() => {
      click.mockRestore();
      blobUrls.createObjectURL = original.create;
      blobUrls.revokeObjectURL = original.revoke;
    });
    calls = installFakeApi(objects, ({ url }) =>
      url.pathname.startsWith('/api/download/')
        ? new Response('id,name\n', { headers: { 'Content-Disposition': 'attachment; filename="basic_document.csv"' } })
        : undefined,
    );
    renderDocuments();
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    const exportDocs = screen.getByRole('button', { name: ownMessages.exportCsvOf('Documents') });
    const exportSets = screen.getByRole('button', { name: ownMessages.exportCsvOf('Documents collections') });
    expect((exportSets as HTMLButtonElement).disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('Team'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Document type'), { target: { value: 'text' } });
    await waitFor(() => expect((exportSets as HTMLButtonElement).disabled).toBe(true));
    fireEvent.click(exportDocs);
    await waitFor(() => expect(saved).toEqual(['basic_document.csv']));
    const exported = calls.find((c) => c.url.pathname === '/api/download/csv_export/basic_document')!;
    expect(exported.url.searchParams.get('team_id')).toBe('1');
    expect(JSON.parse(exported.url.searchParams.get('filter')!)).toEqual({ doc_type: 'text' });
  });
});
