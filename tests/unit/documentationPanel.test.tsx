/**
 * The documentation panel of devices, types, firmwares and groups, and the assign dialog of a
 * basic document, against a fake /api: inherited documentation under its headings, each document
 * shown by its type (text kept as typed, links opening a new tab without this page, image
 * previews and file downloads of /api/download/document/{id}), the add Dropdown and remove buttons
 * for admins only, a duplicate refused, and the dialog's team lists, select-all and outcome.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, memoryStore, useGetOne } from 'react-admin';
import { mustGetCategory } from '../../src/schemas';
import { messages, ownMessages } from '../../src/messages';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';
import { i18nProvider } from '../../src/i18n';
import type { ObjectMode } from '../../src/resources/consoleRoutes';
import { DocumentationPanel } from '../../src/resources/documentation/DocumentationPanel';
import { AssignToObjectsPanel } from '../../src/resources/documentation/AssignToObjectsPanel';
import { override as deviceOverride } from '../../src/resources/device/override';
import { override as typeOverride } from '../../src/resources/type/override';
import { override as firmwareOverride } from '../../src/resources/firmware/override';
import { override as groupOverride } from '../../src/resources/devices_group/override';
import { installFetch, jsonResponse, type RecordedCall } from './fetchMock';

const device = {
  id: 1,
  name: 'Pump 3',
  team_id: 1,
  type_id: 3,
  type: { id: 3, name: 'Sensor' },
  group_id: 4,
  group: { id: 4, name: 'North' },
  target_firmware_id: null,
  current_firmware_id: null,
};

const own = [
  { id: 11, name: 'Steps', doc_type: 'text', content: 'first line\nsecond line', filename: null, target_class: 'other' },
  { id: 12, name: 'Site', doc_type: 'link', content: 'https://example.com/manual', filename: null, target_class: 'other' },
  { id: 13, name: 'Photo', doc_type: 'image', content: '', filename: 'front.png', target_class: 'other' },
  { id: 14, name: 'Sheet', doc_type: 'file', content: '', filename: 'sheet.pdf', target_class: 'other' },
  { id: 15, name: 'Odd', doc_type: 'link', content: 'javascript:alert(1)', filename: null, target_class: 'other' },
];

let calls: RecordedCall[];
let stored: { id: number }[];
const alert = vi.fn();

beforeEach(() => {
  stored = own.map((d) => ({ id: d.id }));
  alert.mockReset();
  setErrorUi({ alert, goHome: vi.fn() });
  calls = installFetch(({ url, method, body }) => {
    const path = url.pathname;
    if (path === '/api/full/device/1') {
      const list = stored.map(({ id }) => own.find((d) => d.id === id) ?? { id, name: 'Added', doc_type: 'text', content: 'new' });
      return jsonResponse({ id: 1, documents_collection_id: 40, basic_docs_list: list });
    }
    if (path === '/api/full/type/3') return jsonResponse({ id: 3, documents_collection_id: 50, basic_docs_list: [{ id: 30, name: 'Type manual', doc_type: 'text', content: 'of the type' }] });
    if (path === '/api/full/devices_group/4') return jsonResponse({ id: 4, documents_collection_id: null, basic_docs_list: [] });
    if (path === '/api/basic_document') {
      return jsonResponse({
        json_list: [
          { id: 11, name: 'Steps', team_id: 1, doc_type: 'text' },
          { id: 23, name: 'Added', team_id: 1, doc_type: 'text' },
          { id: 24, name: 'Red notes', team_id: 2, doc_type: 'text' },
        ],
      });
    }
    if (path === '/api/documents_collection/40' && method === 'GET') return jsonResponse({ id: 40, basic_docs_list: stored });
    if (path === '/api/full/documents_collection/40') return jsonResponse({ id: 40, basic_docs_list: stored });
    if (path === '/api/documents_collection/40' && method === 'PUT') {
      stored = (body as { basic_docs_list: { id: number }[] }).basic_docs_list;
      return jsonResponse({ id: 40 });
    }
    if (path.startsWith('/api/download/document/')) return new Response('x', { status: 206 });
    return jsonResponse({ Description: 'Not found.' }, 404);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetErrorUi();
});

function renderPanel(
  Panel: typeof DocumentationPanel,
  { record, key = 'device', isAdmin = true, mode = 'view', beside }: { record: Record<string, unknown>; key?: string; isAdmin?: boolean; mode?: ObjectMode; beside?: React.ReactNode },
) {
  render(
    <MemoryRouter>
      <AdminContext dataProvider={createDataProvider()} i18nProvider={i18nProvider} store={memoryStore()}>
        <Panel category={mustGetCategory(key)} record={record as { id: number }} mode={mode} isAdmin={isAdmin} refresh={vi.fn()} />
        {beside}
      </AdminContext>
    </MemoryRouter>,
  );
}

/** Another view mounted meanwhile: a collection's screen, saying how many documents it lists. */
const CollectionView = ({ id }: { id: number }) => {
  const { data } = useGetOne('documents_collection', { id });
  return <output aria-label={`collection ${id}`}>{Array.isArray(data?.basic_docs_list) ? data.basic_docs_list.length : ''}</output>;
};
const collectionCount = (id: number) => screen.getByLabelText(`collection ${id}`).textContent;

const section = (name: string) => screen.findByRole('region', { name });
const ownSection = () => section(ownMessages.ownDocumentation('device'));

describe('the documentation panel', () => {
  it('is a panel of the device, type, firmware and group forms', () => {
    for (const o of [deviceOverride, typeOverride, firmwareOverride, groupOverride]) expect(o.panels).toContain(DocumentationPanel);
  });

  it("shows the type's and group's documentation under their headings first, read through ?fields=basic_docs_list", async () => {
    renderPanel(DocumentationPanel, { record: device });
    const type = await section(ownMessages.documentationOf('Type', 'Sensor'));
    await within(type).findByText('of the type');
    expect(within(type).queryByRole('button')).toBeNull();
    const group = await section(ownMessages.documentationOf('Group', 'North'));
    await within(group).findByText(ownMessages.noDocuments);
    const headings = screen.getAllByRole('heading').map((h) => h.textContent);
    expect(headings).toEqual(['Documentation of the type Sensor', 'Documentation of the group North', 'Documentation of this device']);
    const read = calls.find((c) => c.url.pathname === '/api/full/type/3')!;
    expect(read.url.searchParams.get('fields')).toBe('basic_docs_list,documents_collection_id');
  });

  it('shows each document by its type: text as typed, links to a new tab, image previews, file downloads', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.href);
    });
    renderPanel(DocumentationPanel, { record: device });
    const mine = await ownSection();
    const text = await within(mine).findByText((_, el) => el?.textContent === 'first line\nsecond line' && el.tagName === 'P');
    expect(getComputedStyle(text).whiteSpace).toBe('pre-wrap');

    const link = within(mine).getByRole('link', { name: 'https://example.com/manual' });
    expect(link.getAttribute('href')).toBe('https://example.com/manual');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(mine).queryByRole('link', { name: 'javascript:alert(1)' })).toBeNull();
    expect(within(mine).getByText('javascript:alert(1)')).toBeTruthy();

    const image = within(mine).getByRole('img', { name: 'Photo' });
    const src = new URL(image.getAttribute('src')!, 'http://console.test');
    expect(src.pathname).toBe('/api/download/document/13');
    expect(src.searchParams.get('r')).toBeTruthy();

    fireEvent.click(within(mine).getByRole('button', { name: 'sheet.pdf' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(new URL(clicked[0]).pathname).toBe('/api/download/document/14');
    expect(calls.some((c) => c.url.pathname === '/api/download/document/14' && c.headers.get('Range') === 'bytes=0-0')).toBe(true);

    expect(within(mine).getByRole('link', { name: messages.documentOption('Steps', 'text') }).getAttribute('href')).toBe('/basic_document_view?id=11');
  });

  it("admins add a document of the object's team to its collection, are told of one already there, and remove one; the collection's other views follow", async () => {
    renderPanel(DocumentationPanel, { record: device, beside: <CollectionView id={40} /> });
    await waitFor(() => expect(collectionCount(40)).toBe('5'));
    const mine = await ownSection();
    const picker = within(mine).getByRole('combobox', { name: ownMessages.addDocument }) as HTMLSelectElement;
    await waitFor(() => expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['', messages.documentOption('Added', 'text'), messages.documentOption('Steps', 'text')]));

    fireEvent.change(picker, { target: { value: '11' } });
    await within(mine).findByText(messages.documentAlreadyInCollection);
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    fireEvent.change(picker, { target: { value: '23' } });
    await within(mine).findByText('new');
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ basic_docs_list: [...own.map((d) => ({ id: d.id })), { id: 23 }] });
    await waitFor(() => expect(collectionCount(40)).toBe('6'));
    expect(within(mine).queryByText(messages.documentAlreadyInCollection)).toBeNull();

    fireEvent.click(within(mine).getByRole('button', { name: ownMessages.removeFromList('Steps') }));
    await waitFor(() => expect(within(mine).queryByText('first line', { exact: false })).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({ basic_docs_list: [12, 13, 14, 15, 23].map((id) => ({ id })) });
    await waitFor(() => expect(collectionCount(40)).toBe('5'));
  });

  it('others see the documents but no add Dropdown and no remove button', async () => {
    renderPanel(DocumentationPanel, { record: device, isAdmin: false });
    const mine = await ownSection();
    await within(mine).findByText('sheet.pdf');
    expect(within(mine).queryByRole('combobox')).toBeNull();
    expect(within(mine).queryByRole('button', { name: ownMessages.removeFromList('Steps') })).toBeNull();
  });

  it('shows nothing on the add form', () => {
    renderPanel(DocumentationPanel, { record: undefined as unknown as Record<string, unknown>, mode: 'new' });
    expect(screen.queryByRole('region')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('a type shows only its own documentation', async () => {
    renderPanel(DocumentationPanel, { record: { id: 3, name: 'Sensor', team_id: 1 }, key: 'type' });
    const mine = await section(ownMessages.ownDocumentation('type'));
    await within(mine).findByText('of the type');
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Documentation of this type']);
  });
});

describe('the assign dialog', () => {
  const doc = { id: 23, name: 'Added', team_id: 1, target_class: 'device' };

  it('is offered to admins of the document team only, on its view', () => {
    renderPanel(AssignToObjectsPanel, { record: doc, key: 'basic_document', isAdmin: false });
    expect(screen.queryByRole('button', { name: ownMessages.assignToObjects })).toBeNull();
  });

  it("lists the team's objects of the target class, selects all, assigns in turn and says what it skipped and where it stopped", async () => {
    const collections: Record<number, { id: number }[]> = { 60: [], 61: [{ id: 23 }], 62: [] };
    calls = installFetch(({ url, method, body }) => {
      if (url.pathname === '/api/full/device') {
        return jsonResponse([
          { id: 1, name: 'a', team_id: 1, documents_collection_id: 60 },
          { id: 2, name: 'b', team_id: 1, documents_collection_id: 61 },
          { id: 3, name: 'c', team_id: 1, documents_collection_id: 62 },
        ], 200, { 'Content-Range': 'device 0-2/3' });
      }
      const full = /^\/api\/full\/documents_collection\/(\d+)$/.exec(url.pathname);
      if (full) return jsonResponse({ id: Number(full[1]), basic_docs_list: collections[Number(full[1])] });
      const one = /^\/api\/documents_collection\/(\d+)$/.exec(url.pathname);
      if (one && method === 'GET') return jsonResponse({ basic_docs_list: collections[Number(one[1])] });
      if (one && Number(one[1]) === 62) return jsonResponse({ Description: 'Not allowed now.' }, 409);
      if (one) {
        collections[Number(one[1])] = (body as { basic_docs_list: { id: number }[] }).basic_docs_list;
        return jsonResponse({});
      }
      return jsonResponse({ Description: 'Not found.' }, 404);
    });
    renderPanel(AssignToObjectsPanel, { record: doc, key: 'basic_document', beside: <CollectionView id={60} /> });
    await waitFor(() => expect(collectionCount(60)).toBe('0'));
    fireEvent.click(screen.getByRole('button', { name: ownMessages.assignToObjects }));
    const dialog = await screen.findByRole('dialog', { name: ownMessages.assignToObjects });
    await within(dialog).findByRole('checkbox', { name: 'a' });
    expect(within(dialog).getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual(['Devices']);
    expect(JSON.parse(calls.find((c) => c.url.pathname === '/api/full/device')!.url.searchParams.get('filter')!)).toEqual({ team_id: 1 });

    fireEvent.click(within(dialog).getByRole('checkbox', { name: ownMessages.selectAllOf('Devices') }));
    expect(within(dialog).getAllByRole('checkbox').every((c) => (c as HTMLInputElement).checked)).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: ownMessages.assign }));

    await within(dialog).findByText(ownMessages.assignFailed('c', 'Not allowed now.'));
    expect(within(dialog).getByText(ownMessages.assignDone(1))).toBeTruthy();
    expect(within(dialog).getByText(ownMessages.assignSkipped(['b']))).toBeTruthy();
    expect(within(dialog).getByText(ownMessages.assigningProgress(2, 3))).toBeTruthy();
    expect(collections[60]).toEqual([{ id: 23 }]);
    // The collection's other view reads it again (hidden behind the dialog, still mounted).
    await waitFor(() => expect(collectionCount(60)).toBe('1'));
    expect(alert).not.toHaveBeenCalled();
  });
});
