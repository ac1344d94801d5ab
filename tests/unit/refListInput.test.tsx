/**
 * An integrator's refList field (the 'Documents used' of the example's maintenance visit) edited
 * in the console with the generic list input: documents of the visit's team added in order,
 * reordered, removed, posted as [{ id }, ...]; the view lists their names as links.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The example categories appended to the registry, as src/schemas/index.ts would list them.
import type { Category } from '../../src/schemas';

vi.mock('../../src/schemas', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/schemas')>();
  const { site } = await import('../fixtures/schemas/site');
  const { maintenanceVisit } = await import('../fixtures/schemas/maintenanceVisit');
  // A registry of other keys than the product's: its lookups take any string.
  const known: readonly Category[] = real.categories;
  const categories = [...known, ...[site, maintenanceVisit].filter((f) => !known.some((c) => c.key === f.key))];
  real.checkRegistry(categories);
  const byKey = new Map(categories.map((c) => [c.key, c]));
  const mustGetCategory = (key: string) => {
    const c = byKey.get(key);
    if (!c) throw new Error(`Unknown category '${key}'`);
    return c;
  };
  return { ...real, categories, getCategory: (key: string) => byKey.get(key), mustGetCategory };
});

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

const visit = { id: 9, name: 'Yearly check', team_id: 1, site_id: 5, visited_on: '2025-03-01', hours: 2.5, documents: [{ id: 22 }, 21], notes: '' };

const objects: Objects = {
  team: [
    { id: 1, name: 'Blue' },
    { id: 2, name: 'Red' },
  ],
  fixture_site: [{ id: 5, name: 'Plant', team_id: 1, code: 'P-1', status: 'live', commissioned: '2024-02-29' }],
  fixture_visit: [visit],
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

function renderScreen(key: string, mode: ObjectMode, id?: string) {
  const store = createProfileStore(async () => profile);
  const element = <ObjectScreen category={mustGetCategory(key)} mode={mode} id={id} />;
  const router = createMemoryRouter(
    [{ path: '*', element: <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider(store)} i18nProvider={i18nProvider} store={memoryStore()}>{element}</AdminContext> }],
    { initialEntries: ['/start'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const documentsList = () => screen.getByRole('group', { name: 'Documents used' });
const chosen = () => within(documentsList()).queryAllByRole('listitem').map((li) => li.textContent);
const addPicker = () => within(documentsList()).getByRole('combobox', { name: ownMessages.addToList }) as HTMLSelectElement;
const offered = () => within(addPicker()).getAllByRole('option').map((o) => o.textContent).filter((t) => t !== '');

describe("a maintenance visit's documents", () => {
  it('wait for the team, then offer its documents; added, reordered and removed, they are posted in the chosen order', async () => {
    const router = renderScreen('fixture_visit', 'new');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(documentsList().textContent).toContain(ownMessages.noObjects));
    expect(addPicker().disabled).toBe(true);
    // (A fixture's key: not the product's, so the lookup is asked for any string.)
    expect(documentsList().textContent).toContain(mustGetCategory<string>('fixture_visit').fields.team_id.requiredFirst);

    const team = screen.getByRole('combobox', { name: 'Team' });
    await waitFor(() => expect(within(team).getAllByRole('option').map((o) => o.textContent)).toContain('Blue'));
    fireEvent.change(team, { target: { value: '1' } });
    await waitFor(() => expect(addPicker().disabled).toBe(false));
    await waitFor(() => expect(offered()).toEqual([checklist, manual, wiring]));

    fireEvent.change(addPicker(), { target: { value: '21' } });
    fireEvent.change(addPicker(), { target: { value: '23' } });
    expect(chosen()).toEqual([manual, wiring]);
    expect(offered()).toEqual([checklist]);

    fireEvent.click(within(documentsList()).getByRole('button', { name: ownMessages.moveUpInList(wiring) }));
    expect(chosen()).toEqual([wiring, manual]);
    fireEvent.change(addPicker(), { target: { value: '22' } });
    fireEvent.click(within(documentsList()).getByRole('button', { name: ownMessages.moveDownInList(wiring) }));
    expect(chosen()).toEqual([manual, wiring, checklist]);
    fireEvent.click(within(documentsList()).getByRole('button', { name: ownMessages.removeFromList(manual) }));
    expect(chosen()).toEqual([wiring, checklist]);
    expect(offered()).toEqual([manual]);

    fireEvent.change(name, { target: { value: 'Spring check' } });
    const sitePicker = screen.getByRole('combobox', { name: 'Site' });
    await waitFor(() => expect(within(sitePicker).getAllByRole('option').map((o) => o.textContent)).toContain('Plant'));
    fireEvent.change(sitePicker, { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Visit date *'), { target: { value: '01/04/2025' } });
    fireEvent.click(screen.getByRole('button', { name: messages.submit }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fixture_visit_view'));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/fixture_visit');
    expect(post.body).toMatchObject({ name: 'Spring check', team_id: 1, site_id: 5, documents: [{ id: 23 }, { id: 22 }] });
  });

  it("drop the documents of the former team when the team changes, as a Dropdown clears a choice outside its filters", async () => {
    renderScreen('fixture_visit', 'new');
    const team = await screen.findByRole('combobox', { name: 'Team' });
    await waitFor(() => expect(within(team).getAllByRole('option').map((o) => o.textContent)).toContain('Red'));
    fireEvent.change(team, { target: { value: '1' } });
    await waitFor(() => expect(offered()).toEqual([checklist, manual, wiring]));
    fireEvent.change(addPicker(), { target: { value: '21' } });
    expect(chosen()).toEqual([manual]);
    fireEvent.change(team, { target: { value: '2' } });
    await waitFor(() => expect(documentsList().textContent).toContain(ownMessages.noObjects));
    expect(offered()).toEqual([messages.documentOption('Red notes', 'text')]);
  });

  it('view: the names in the stored order, each a link to its document, nothing to change', async () => {
    renderScreen('fixture_visit', 'view', '9');
    await waitFor(() => expect(chosen()).toEqual([checklist, manual]));
    const links = within(documentsList()).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      [checklist, '/basic_document_view?id=22'],
      [manual, '/basic_document_view?id=21'],
    ]);
    expect(within(documentsList()).queryAllByRole('button')).toEqual([]);
    expect(within(documentsList()).queryByRole('combobox')).toBeNull();
  });
});
