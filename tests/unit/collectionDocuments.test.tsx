/**
 * The collection form's ordered list of documents (spec sections 2, 3 and 7) against a fake /api:
 * the headings, the Dropdown of the team's documents ('name [doc_type]'), add, move up and down,
 * remove, a document already listed refused with the spec's message, the create and update bodies,
 * and the read-only view with links to the documents.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AdminContext, memoryStore } from 'react-admin';
import { mustGetCategory } from '../../src/schemas';
import { messages, ownMessages } from '../../src/messages';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { createAuthProvider } from '../../src/dataProvider/authProvider';
import { createProfileStore, type Profile } from '../../src/dataProvider/profile';
import { resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';
import { i18nProvider } from '../../src/i18n';
import type { ObjectMode } from '../../src/resources/consoleRoutes';
import { ObjectScreen } from '../../src/resources/object/ObjectScreen';
import { addId, moveBy, removeAt } from '../../src/resources/inputs/refListEdits';
import { jsonResponse, type RecordedCall } from './fetchMock';
import { installFakeApi } from './listFakeApi';
import type { Objects } from './dropdownHarness';

const profile: Profile = {
  id: 1,
  username: 'admin',
  preferences: {},
  is_server_admin: false,
  teams: [
    { id: 1, name: 'Blue', role_id: 3 },
    { id: 2, name: 'Red', role_id: 3 },
  ],
};

const manual = messages.documentOption('Manual', 'text');
const checklist = messages.documentOption('Checklist', 'link');
const wiring = messages.documentOption('Wiring', 'image');
const collection = { id: 40, name: 'Pump docs', team_id: 1, basic_docs_list: [{ id: 22 }, { id: 21 }], notes: '' };

const objects: Objects = {
  team: [
    { id: 1, name: 'Blue' },
    { id: 2, name: 'Red' },
  ],
  documents_collection: [collection],
  basic_document: [
    { id: 21, name: 'Manual', team_id: 1, doc_type: 'text' },
    { id: 22, name: 'Checklist', team_id: 1, doc_type: 'link' },
    { id: 23, name: 'Wiring', team_id: 1, doc_type: 'image' },
    { id: 24, name: 'Red notes', team_id: 2, doc_type: 'text' },
  ],
  user: [{ id: 1, username: 'admin' }],
};

let calls: RecordedCall[];

beforeEach(() => {
  setErrorUi({ alert: vi.fn(), goHome: vi.fn() });
  calls = installFakeApi(objects, ({ url, method, body }) => {
    const one = /^\/api\/(?:full\/)?([a-z_]+)\/(\d+)$/.exec(url.pathname);
    if (url.pathname === '/api/get_teams_where_user_is_admin/') return jsonResponse({ json_list: objects.team });
    if (method === 'POST') return jsonResponse({ id: 99, ...(body as object) }, 201);
    if (method === 'PUT') return jsonResponse({ ...collection, ...(body as object) });
    if (one) {
      const row = (objects[one[1]] ?? []).find((o) => String(o.id) === one[2]);
      return row ? jsonResponse(row) : jsonResponse({ Description: 'Not found.' }, 404);
    }
    return undefined;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetErrorUi();
});

function renderScreen(mode: ObjectMode, id?: string) {
  const store = createProfileStore(async () => profile);
  const element = <ObjectScreen category={mustGetCategory('documents_collection')} mode={mode} id={id} />;
  const router = createMemoryRouter(
    [{ path: '*', element: <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider(store)} i18nProvider={i18nProvider} store={memoryStore()}>{element}</AdminContext> }],
    { initialEntries: ['/start'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const documentsList = () => screen.getByRole('group', { name: 'Documents' });
const chosen = () => within(documentsList()).queryAllByRole('listitem').map((li) => li.textContent);
const addPicker = () => within(documentsList()).getByRole('combobox', { name: ownMessages.addDocument }) as HTMLSelectElement;
const offered = () => within(addPicker()).getAllByRole('option').map((o) => o.textContent).filter((t) => t !== '');
const click = (name: string) => fireEvent.click(within(documentsList()).getByRole('button', { name }));

describe('the list edits', () => {
  it('add at the end, refusing a document already listed; remove one; move one place, not past an end', () => {
    expect(addId([21, 22], 23)).toEqual({ ids: [21, 22, 23], duplicate: false });
    expect(addId([21, 22], 21)).toEqual({ ids: [21, 22], duplicate: true });
    expect(removeAt([21, 22, 23], 1)).toEqual([21, 23]);
    expect(moveBy([21, 22, 23], 2, -1)).toEqual([21, 23, 22]);
    expect(moveBy([21, 22, 23], 0, 1)).toEqual([22, 21, 23]);
    expect(moveBy([21, 22, 23], 0, -1)).toEqual([21, 22, 23]);
    expect(moveBy([21, 22, 23], 2, 1)).toEqual([21, 22, 23]);
  });
});

describe("a collection's documents", () => {
  it("add form: 'Add a new documents collection'; the team's documents added, reordered, removed, a duplicate refused; created with team_id, name and [{id}]", async () => {
    const router = renderScreen('new');
    expect(await screen.findByRole('heading', { name: messages.addHeading('documents collection') })).toBeTruthy();
    await waitFor(() => expect(addPicker().disabled).toBe(true));
    expect(documentsList().textContent).toContain(messages.teamFirst);

    const team = screen.getByRole('combobox', { name: 'Team' });
    await waitFor(() => expect(within(team).getAllByRole('option').map((o) => o.textContent)).toContain('Blue'));
    fireEvent.change(team, { target: { value: '1' } });
    await waitFor(() => expect(offered()).toEqual([checklist, manual, wiring]));

    fireEvent.change(addPicker(), { target: { value: '21' } });
    fireEvent.change(addPicker(), { target: { value: '23' } });
    expect(chosen()).toEqual([manual, wiring]);
    fireEvent.change(addPicker(), { target: { value: '21' } });
    expect(chosen()).toEqual([manual, wiring]);
    expect(documentsList().textContent).toContain(messages.documentAlreadyInCollection);

    click(ownMessages.moveUpInList(wiring));
    expect(chosen()).toEqual([wiring, manual]);
    expect(documentsList().textContent).not.toContain(messages.documentAlreadyInCollection);
    fireEvent.change(addPicker(), { target: { value: '22' } });
    click(ownMessages.moveDownInList(wiring));
    expect(chosen()).toEqual([manual, wiring, checklist]);
    click(ownMessages.removeFromList(manual));
    expect(chosen()).toEqual([wiring, checklist]);

    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Pump set' } });
    fireEvent.click(screen.getByRole('button', { name: messages.submit }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/documents_collection_view'));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/documents_collection');
    expect(post.body).toMatchObject({ name: 'Pump set', team_id: 1, basic_docs_list: [{ id: 23 }, { id: 22 }] });
  });

  it('edit form: a reordered list is sent alone, as [{id}]', async () => {
    renderScreen('edit', '40');
    expect(await screen.findByRole('heading', { name: messages.editHeading('documents collection') })).toBeTruthy();
    await waitFor(() => expect(chosen()).toEqual([checklist, manual]));
    click(ownMessages.moveDownInList(checklist));
    fireEvent.click(screen.getByRole('button', { name: messages.submit }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/documents_collection/40');
    expect(put.body).toEqual({ basic_docs_list: [{ id: 21 }, { id: 22 }] });
  });

  it("view: 'View documents collection', the documents in order as links to their views, no buttons", async () => {
    renderScreen('view', '40');
    expect(await screen.findByRole('heading', { name: messages.viewHeading('documents collection') })).toBeTruthy();
    await waitFor(() => expect(chosen()).toEqual([checklist, manual]));
    expect(within(documentsList()).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      [checklist, '/basic_document_view?id=22'],
      [manual, '/basic_document_view?id=21'],
    ]);
    expect(within(documentsList()).queryAllByRole('button')).toEqual([]);
    expect(within(documentsList()).queryByRole('combobox')).toBeNull();
  });
});
