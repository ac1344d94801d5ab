/**
 * The basic document's form in jsdom over a fake /api (spec section 2 'Document form', sections 3
 * and 5): /document_new asks which kind first; the content input follows the document type; a
 * File or Image document takes an upload, an image checked by its first bytes before anything is
 * sent and shown as a preview; the type picker's reload asks the server again. The browser suite
 * (tests/e2e/documentForms.spec.ts) covers the same against the real server.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AdminContext } from 'react-admin';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { createAuthProvider } from '../../src/dataProvider/authProvider';
import { createProfileStore, type Profile } from '../../src/dataProvider/profile';
import { resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';
import { i18nProvider } from '../../src/i18n';
import { messages, ownMessages } from '../../src/messages';
import { categories } from '../../src/schemas';
import { deriveConsoleRoutes } from '../../src/resources/consoleRoutes';
import { RoutePage } from '../../src/resources/RoutePage';
import { installFetch, jsonResponse, type RecordedCall } from './fetchMock';
import { installXhr } from './uploadXhrMock';

const profile: Profile = { id: 1, username: 'admin', preferences: {}, is_server_admin: false, teams: [{ id: 1, name: 'First team', role_id: 3 }] };

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52];
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

const documents: Record<string, Record<string, unknown>> = {
  '5': { id: 5, name: 'Wiring', team_id: 1, doc_type: 'image', target_class: 'other', content: '', filename: 'wiring.png', size: 16, file_hash: 'c'.repeat(64), file_date: '2026-11-23T10:00:00Z', author_id: 1, used_in: {} },
  '6': { id: 6, name: 'Manual', team_id: 1, doc_type: 'link', target_class: 'device', content: 'https://example.com/manual', filename: null, author_id: 1, used_in: {} },
  '8': { id: 8, name: 'Datasheet', team_id: 1, doc_type: 'file', target_class: 'other', content: '', filename: 'sheet.pdf', size: 9, file_hash: 'd'.repeat(64), file_date: '2026-11-23T10:00:00Z', author_id: 1, used_in: {} },
  '9': { id: 9, name: 'Old manual', team_id: 1, doc_type: 'file', target_class: 'other', content: 'manual-v1.pdf', filename: null, author_id: 1, used_in: {} },
  '10': { id: 10, name: 'Empty file', team_id: 1, doc_type: 'file', target_class: 'other', content: '', filename: null, author_id: 1, used_in: {} },
  '7': { id: 7, name: 'Label', team_id: 1, doc_type: 'label_template', target_class: 'device', content: '<svg/>', filename: null, author_id: 1, used_in: {} },
};

/** The doc_type values the fake server's API description accepts. */
let acceptedTypes: string[];
let calls: RecordedCall[];
const alerts = vi.fn();

beforeEach(() => {
  acceptedTypes = ['text', 'link', 'file', 'image', 'label_template', 'other'];
  setErrorUi({ alert: alerts, goHome: vi.fn() });
  alerts.mockReset();
  // jsdom makes no object URLs: the preview of a chosen image gets this one.
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:chosen-image'), revokeObjectURL: vi.fn() }));
  calls = installFetch(({ url, method, body }) => {
    const path = url.pathname;
    if (path === '/api/get_teams_where_user_is_admin/') return jsonResponse({ json_list: [{ id: 1, name: 'First team' }] });
    if (path === '/api/openapi.json') {
      const docType = { anyOf: [{ type: 'string', enum: acceptedTypes }, { type: 'null' }] };
      return jsonResponse({ components: { schemas: { basic_document_create: { properties: { doc_type: docType } } } } });
    }
    if (path === '/api/team') return jsonResponse({ json_list: [{ id: 1, name: 'First team' }] });
    if (method === 'POST') {
      // Kept, so that the view page the save goes to reads it (a 404 there would alert, sooner or later).
      documents['99'] = { id: 99, filename: null, author_id: 1, used_in: {}, ...(body as object) };
      return jsonResponse(documents['99'], 201);
    }
    const put = /^\/api\/basic_document\/(\d+)$/.exec(path);
    if (method === 'PUT' && put && documents[put[1]]) return jsonResponse({ ...documents[put[1]], ...(body as object) });
    const one = /^\/api\/full\/basic_document\/(\d+)$/.exec(path);
    if (one && documents[one[1]]) return jsonResponse(documents[one[1]]);
    if (/^\/api\/[a-z_]+$/.test(path)) return jsonResponse({ json_list: [] });
    return jsonResponse({ Description: 'Not found.' }, 404);
  });
});

afterEach(() => {
  delete documents['99'];
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetErrorUi();
});

const routes = deriveConsoleRoutes(categories);

function renderAt(address: string) {
  const store = createProfileStore(async () => profile);
  const admin = (path: string) => (
    <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider(store)} i18nProvider={i18nProvider}>
      <RoutePage route={routes.find((r) => r.path === path)!} />
    </AdminContext>
  );
  const router = createMemoryRouter(
    ['/document_new', '/basic_document_view', '/basic_document_edit', '/documents_collection_view'].map((path) => ({ path, element: admin(path) })),
    { initialEntries: [address] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const heading = (name: string) => screen.findByRole('heading', { name, level: 1 });

async function chooseDocType(label: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Document type' }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: label }));
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Document type' }).textContent).toBe(label));
}

async function offeredTypes(): Promise<string[]> {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Document type' }));
  const options = within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent?.trim() ?? '');
  fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  return options;
}

const chooseFile = (bytes: BlobPart[], name: string) =>
  fireEvent.change(screen.getByTestId('file-input'), { target: { files: [new File(bytes, name)] } });

const errorItems = () => within(screen.getByTestId('object-form-errors')).getAllByRole('listitem').map((li) => li.textContent);

describe('/document_new', () => {
  it('asks what kind of document first, then shows the add form of the kind chosen', async () => {
    const router = renderAt('/document_new');
    expect(await heading('Add a new document')).toBeTruthy();
    // Spec section 2, to the letter.
    expect(screen.getByText('What kind of document type do you want to create?')).toBeTruthy();
    const choices = screen.getByRole('group', { name: messages.whatKindOfDocument });
    expect(within(choices).getAllByRole('button').map((b) => b.textContent)).toEqual(['Document', 'Collection of documents']);
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();

    fireEvent.click(within(choices).getByRole('button', { name: 'Collection of documents' }));
    expect(await heading('Add a new documents collection')).toBeTruthy();
    expect(router.state.location.search).toBe('?kind=documents_collection');
    expect(screen.queryByRole('combobox', { name: 'Document type' })).toBeNull();

    await router.navigate(-1);
    fireEvent.click(await screen.findByRole('button', { name: 'Document' }));
    expect(await heading('Add a new document')).toBeTruthy();
    expect(await screen.findByRole('combobox', { name: 'Document type' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe(messages.newDocumentName('Text'));
  });
});

describe('the content follows the document type', () => {
  it('Text: a text area of 1 row while empty, 5 once filled; Link: an address box; File and Image: the upload, no content', async () => {
    renderAt('/document_new?kind=basic_document');
    const content = (await screen.findByRole('textbox', { name: 'Content' })) as HTMLTextAreaElement;
    expect(content.tagName).toBe('TEXTAREA');
    expect(content.getAttribute('rows')).toBe('1');
    fireEvent.change(content, { target: { value: 'Step one' } });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Content' }).getAttribute('rows')).toBe('5'));
    expect(screen.queryByTestId('file-input')).toBeNull();

    await chooseDocType('Link');
    expect((screen.getByRole('textbox', { name: 'Content' }) as HTMLInputElement).type).toBe('url');
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe(messages.newDocumentName('Link'));

    for (const type of ['File', 'Image']) {
      await chooseDocType(type);
      expect(screen.queryByRole('textbox', { name: 'Content' })).toBeNull();
      expect(screen.getByTestId('file-input')).toBeTruthy();
    }
  });

  it("shows a link document's address in view mode as a link opening in a new tab without access to the console", async () => {
    renderAt('/basic_document_view?id=6');
    const link = await screen.findByRole('link', { name: 'https://example.com/manual' });
    expect(link.getAttribute('href')).toBe('https://example.com/manual');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });
});

describe('a File or Image document takes an upload', () => {
  it("asks for the file, refuses a chosen image that is none by its bytes (an SVG named .png), previews and uploads a PNG to /api/upload/document/{id}", async () => {
    const xhr = installXhr({ status: 200, body: JSON.stringify({ id: 99 }) });
    const router = renderAt('/document_new?kind=basic_document');
    await chooseDocType('Image');
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Team' }) as HTMLSelectElement).value).toBe('1'));

    fireEvent.click(screen.getByRole('button', { name: messages.submit }));
    await waitFor(() => expect(errorItems()).toEqual([messages.uploadRequired]));

    chooseFile([SVG], 'diagram.png');
    expect(await screen.findByText(ownMessages.imageNotSupported)).toBeTruthy();
    expect(screen.queryByText('diagram.png')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();

    chooseFile([new Uint8Array(PNG)], 'wiring.png');
    const preview = await screen.findByRole('img', { name: ownMessages.imagePreview('wiring.png') });
    expect(preview.getAttribute('src')).toBe('blob:chosen-image');
    expect(screen.queryByText(ownMessages.imageNotSupported)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: messages.submit }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/basic_document_view'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url.pathname, (c.body as { doc_type: string }).doc_type])).toEqual([
      ['/api/basic_document', 'image'],
    ]);
    expect(xhr.sent.map((x) => x.url)).toEqual(['/api/upload/document/99']);
    expect((xhr.sent[0].body?.get('document') as File).name).toBe('wiring.png');
    expect(alerts).not.toHaveBeenCalled();
  });

  it('drops a chosen file that is no image when the type becomes Image', async () => {
    renderAt('/document_new?kind=basic_document');
    await chooseDocType('File');
    chooseFile(['plain text'], 'notes.txt');
    expect(await screen.findByText('notes.txt')).toBeTruthy();
    await chooseDocType('Image');
    expect(await screen.findByText(ownMessages.imageNotSupported)).toBeTruthy();
    expect(screen.queryByText('notes.txt')).toBeNull();
  });

  it('shows a stored image from its download address with a cache-busting r, its name a download link, and offers to replace it', async () => {
    renderAt('/basic_document_edit?id=5');
    const preview = await screen.findByRole('img', { name: ownMessages.imagePreview('wiring.png') });
    expect(preview.getAttribute('src')).toMatch(/^\/api\/download\/document\/5\?r=[0-9a-z]+$/);
    const region = screen.getByRole('region', { name: 'File' });
    expect(within(region).getByRole('button', { name: 'wiring.png' })).toBeTruthy();
    expect(within(region).getByText(ownMessages.replaceFile)).toBeTruthy();
  });

  it("shows a stored plain file as a download link and no preview, even while the form's type says Image", async () => {
    renderAt('/basic_document_edit?id=8');
    const region = await screen.findByRole('region', { name: 'File' });
    expect(within(region).getByRole('button', { name: 'sheet.pdf' })).toBeTruthy();
    await chooseDocType('Image');
    expect(within(screen.getByRole('region', { name: 'File' })).getByRole('button', { name: 'sheet.pdf' })).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('a File document without an upload', () => {
  it('saves when it holds existing content (spec section 5), and asks for the file when it holds nothing', async () => {
    const router = renderAt('/basic_document_edit?id=9');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Notes' }), { target: { value: 'kept from the old system' } });
    fireEvent.click(screen.getByRole('button', { name: messages.submit }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/basic_document_view'));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url.pathname)).toEqual(['/api/basic_document/9']);

    void router.navigate('/basic_document_edit?id=10');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Empty file'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Notes' }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: messages.submit }));
    await waitFor(() => expect(errorItems()).toEqual([messages.uploadRequired]));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url.pathname)).toEqual(['/api/basic_document/9']);
  });
});

describe('the document type picker', () => {
  it('offers Text, Link, File, Image; its reload asks the server, and the document keeps its own type', async () => {
    renderAt('/basic_document_edit?id=7');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Document type' }).textContent).toBe('Label template'));
    expect(await offeredTypes()).toEqual(['Text', 'Link', 'File', 'Image', 'Label template']);

    acceptedTypes = ['text', 'link', 'file', 'label_template'];
    fireEvent.click(screen.getByRole('button', { name: ownMessages.reloadDocTypes }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/openapi.json')).toBe(true));
    await waitFor(async () => expect(await offeredTypes()).toEqual(['Text', 'Link', 'File', 'Label template']));
    expect(screen.getByRole('combobox', { name: 'Document type' }).textContent).toBe('Label template');
  });

  it('offers no reload in view mode', async () => {
    renderAt('/basic_document_view?id=7');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Document type' }).textContent).toBe('Label template'));
    expect(screen.queryByRole('button', { name: ownMessages.reloadDocTypes })).toBeNull();
  });
});
