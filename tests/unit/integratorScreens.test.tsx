/**
 * The integrator's path in the console: the example categories (tests/fixtures/schemas/: a site
 * with a field of every kind, a visit referencing it), added to the registry as
 * src/schemas/index.ts would list them, get a menu entry, a table with a column per listed kind,
 * and add, view and edit screens from the generic components, with no other code.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Only the registry changes: the two categories are appended, as src/schemas/index.ts would list
// them. Every console module reads this one.
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
import { categories, mustGetCategory } from '../../src/schemas';
import { messages, ownMessages } from '../../src/messages';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { createAuthProvider } from '../../src/dataProvider/authProvider';
import { createProfileStore, type Profile } from '../../src/dataProvider/profile';
import { resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';
import { i18nProvider } from '../../src/i18n';
import { deriveConsoleRoutes, menuEntries, type ObjectMode } from '../../src/resources/consoleRoutes';
import { ListPage } from '../../src/resources/ListPage';
import { ObjectScreen } from '../../src/resources/object/ObjectScreen';
import { jsonResponse, type RecordedCall } from './fetchMock';
import { installFakeApi } from './listFakeApi';
import type { Objects } from './dropdownHarness';

const profile: Profile = { id: 1, username: 'admin', preferences: {}, is_server_admin: false, teams: [{ id: 1, name: 'Blue', role_id: 3 }] };

const plant = {
  id: 5,
  name: 'Plant',
  team_id: 1,
  code: 'P-1',
  floors: 2,
  latitude: 45.76,
  longitude: 4.84,
  open_to_public: true,
  commissioned: '2024-02-29',
  inspected_at: '2025-11-22T14:05:09Z',
  status: 'live',
  homepage: 'https://plant.example/',
  address: { street: '1 rue de la Paix', city: 'Lyon' },
  notes: '',
  author_id: 1,
  date: '2025-11-22T14:05:09Z',
};
const visit = { id: 9, name: 'Yearly check', team_id: 1, site_id: 5, visited_on: '2025-03-01', hours: 2.5, documents: [], notes: '' };

const objects: Objects = {
  team: [{ id: 1, name: 'Blue' }],
  fixture_site: [plant, { ...plant, id: 6, name: 'Depot', code: 'D-1', status: 'planned', open_to_public: false }],
  fixture_visit: [visit],
  basic_document: [],
  user: [{ id: 1, username: 'admin' }],
};

let calls: RecordedCall[];

beforeEach(() => {
  setErrorUi({ alert: vi.fn(), goHome: vi.fn() });
  calls = installFakeApi(objects, ({ url, method, body }) => {
    const one = /^\/api\/(?:full\/)?([a-z_]+)\/(\d+)$/.exec(url.pathname);
    if (url.pathname === '/api/get_teams_where_user_is_admin/') return jsonResponse({ json_list: [{ id: 1, name: 'Blue' }] });
    if (method === 'POST') return jsonResponse({ id: 99, ...(body as object) }, 201);
    if (method === 'PUT' && one) return jsonResponse({ ...plant, ...(body as object) });
    if (one) {
      const row = (objects[one[1]] ?? []).find((o) => String(o.id) === one[2]);
      const full = one[1] === 'fixture_site' && url.pathname.startsWith('/api/full/') ? { visits: [visit], number_of_visits: 1 } : {};
      return row ? jsonResponse({ ...row, ...full }) : jsonResponse({ Description: 'Not found.' }, 404);
    }
    return undefined;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetErrorUi();
});

function renderAt(element: React.ReactElement, path = '/start') {
  const store = createProfileStore(async () => profile);
  const router = createMemoryRouter(
    [{ path: '*', element: <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider(store)} i18nProvider={i18nProvider} store={memoryStore()}>{element}</AdminContext> }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const renderScreen = (key: string, mode: ObjectMode, id?: string) => renderAt(<ObjectScreen category={mustGetCategory(key)} mode={mode} id={id} />);
const writes = () => calls.filter((c) => c.method !== 'GET');

describe('the menu and routes', () => {
  it('offer Sites and Maintenance visits after the spec entries, with their list and object routes', () => {
    const labels = menuEntries(categories).map((e) => [e.label, e.path]);
    expect(labels).toEqual(expect.arrayContaining([['Sites', '/fixture_sites'], ['Maintenance visits', '/fixture_visits']]));
    const paths = deriveConsoleRoutes(categories).map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['/fixture_sites', '/fixture_site_new', '/fixture_site_view', '/fixture_site_edit', '/fixture_visit_new']));
  });
});

describe('the sites table', () => {
  it("has a column per listed field, each kind shown its way, sorted by name", async () => {
    const route = deriveConsoleRoutes(categories).find((r) => r.path === '/fixture_sites')!;
    renderAt(<ListPage route={route} />, '/fixture_sites');
    await waitFor(() => expect(document.querySelectorAll('tbody tr')).toHaveLength(2));
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(['Name', 'Team', 'Code', 'Floors', 'Latitude', 'Open to the public', 'Commissioned', 'Last inspection', 'Status', 'Home page']);
    const row = document.querySelectorAll('tbody tr')[1] as HTMLElement;
    await waitFor(() => expect(row.textContent).toContain('Blue'));
    expect(within(row).getByRole('link', { name: 'Plant' }).getAttribute('href')).toBe('/fixture_site_view?id=5');
    expect(row.textContent).toContain('45.76');
    expect(row.textContent).toContain('29/02/2024');
    expect(row.textContent).toContain('22/11/2025');
    expect(row.textContent).toContain('Live');
    expect(within(row).getByRole('link', { name: 'https://plant.example/' }).getAttribute('target')).toBe('_blank');
    const list = calls.find((c) => c.url.pathname === '/api/full/fixture_site' && c.url.searchParams.has('range'))!;
    expect(JSON.parse(list.url.searchParams.get('sort')!)).toEqual(['name', 'ASC']);
    expect(screen.getByRole('link', { name: 'Add a new site' }).getAttribute('href')).toBe('/fixture_site_new');
  });
});

describe('the site screens', () => {
  it('add: an input for each kind (en-GB date boxes, number boxes, switch, enum picker, url box), and the save sends them', async () => {
    const router = renderScreen('fixture_site', 'new');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Team' }) as HTMLSelectElement).value).toBe('1'));
    const commissioned = screen.getByLabelText('Commissioned *') as HTMLInputElement;
    expect([commissioned.inputMode, commissioned.placeholder]).toEqual(['numeric', 'DD/MM/YYYY']);
    expect((screen.getByLabelText('Last inspection') as HTMLInputElement).placeholder).toBe('DD/MM/YYYY HH:MM');
    const latitude = screen.getByLabelText('Latitude') as HTMLInputElement;
    expect([latitude.type, latitude.step]).toEqual(['number', 'any']);
    expect((screen.getByLabelText('Floors') as HTMLInputElement).step).toBe('1');
    expect(screen.getByRole('switch', { name: 'Open to the public' })).toBeTruthy();
    const homepage = screen.getByLabelText('Home page') as HTMLInputElement;
    expect(homepage.type).toBe('url');
    expect(screen.getByRole('textbox', { name: 'Address' })).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent?.trim())).toEqual(['Planned', 'Live', 'Retired']);
    fireEvent.click(screen.getByRole('option', { name: 'Live' }));

    fireEvent.change(name, { target: { value: 'Mill' } });
    fireEvent.change(latitude, { target: { value: '45.5' } });
    fireEvent.change(homepage, { target: { value: 'javascript:alert(1)' } });
    fireEvent.change(commissioned, { target: { value: '29/02/2024' } });
    fireEvent.click(screen.getByRole('button', { name: messages.submit }));
    await waitFor(() => expect(screen.getByTestId('object-form-errors').textContent).toContain('Home page'));
    expect(writes()).toEqual([]);

    fireEvent.change(homepage, { target: { value: 'https://mill.example/' } });
    fireEvent.click(screen.getByRole('button', { name: messages.submit }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fixture_site_view'));
    expect(writes()[0].url.pathname).toBe('/api/fixture_site');
    expect(writes()[0].body).toMatchObject({ name: 'Mill', team_id: 1, latitude: 45.5, commissioned: '2024-02-29', status: 'live', homepage: 'https://mill.example/', floors: 1, open_to_public: false });
  });

  it("view: the stored values and the site's maintenance visits", async () => {
    renderScreen('fixture_site', 'view', '5');
    expect((await screen.findByTestId('object-name')).textContent).toContain('Plant');
    await waitFor(() => expect(screen.getByText('Yearly check')).toBeTruthy());
    expect(screen.getByText('Maintenance visits')).toBeTruthy();
    await waitFor(() => expect(screen.getByDisplayValue('P-1')).toBeTruthy());
    for (const value of ['45.76', '29/02/2024', 'https://plant.example/']) expect(screen.getByDisplayValue(value)).toBeTruthy();
    expect(document.body.textContent).toContain('Live');
    expect(document.body.textContent).toContain('"city": "Lyon"');
    expect(screen.getByRole('button', { name: messages.edit })).toBeTruthy();
  });

  it('edit: the stored values in their inputs; a change sends only that field', async () => {
    const router = renderScreen('fixture_site', 'edit', '5');
    const commissioned = (await screen.findByLabelText('Commissioned *')) as HTMLInputElement;
    await waitFor(() => expect(commissioned.value).toBe('29/02/2024'));
    expect((screen.getByLabelText('Latitude') as HTMLInputElement).value).toBe('45.76');
    expect((screen.getByLabelText('Home page') as HTMLInputElement).value).toBe('https://plant.example/');
    fireEvent.change(screen.getByLabelText('Floors'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: messages.submit }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fixture_site_view'));
    expect(writes().map((c) => [c.method, c.url.pathname, c.body])).toEqual([['PUT', '/api/fixture_site/5', { floors: 3 }]]);
  });
  it('edit: dates are typed en-GB; a date that does not exist is named by its label and nothing is saved until it is fixed', async () => {
    const router = renderScreen('fixture_site', 'edit', '5');
    const commissioned = (await screen.findByLabelText('Commissioned *')) as HTMLInputElement;
    await waitFor(() => expect(commissioned.value).toBe('29/02/2024'));
    fireEvent.change(commissioned, { target: { value: '31/02/2026' } });
    fireEvent.click(screen.getByRole('button', { name: messages.submit }));
    await waitFor(() => expect(screen.getByTestId('object-form-errors').textContent).toContain(ownMessages.noSuchDate('Commissioned', '31/02/2026')));
    expect(writes()).toEqual([]);

    fireEvent.change(commissioned, { target: { value: '01/03/2026' } });
    fireEvent.change(screen.getByLabelText('Last inspection'), { target: { value: '15/01/2026 09:05' } });
    fireEvent.click(screen.getByRole('button', { name: messages.submit }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fixture_site_view'));
    expect(writes().map((c) => c.body)).toEqual([{ commissioned: '2026-03-01', inspected_at: new Date(2026, 0, 15, 9, 5).toISOString() }]);
  });
});

describe('the maintenance visit add screen', () => {
  it('picks its site among the sites of the chosen team', async () => {
    renderScreen('fixture_visit', 'new');
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Team' }) as HTMLSelectElement).value).toBe('1'));
    const sitePicker = screen.getByRole('combobox', { name: 'Site' });
    await waitFor(() => expect(within(sitePicker).getAllByRole('option').map((o) => o.textContent)).toEqual(expect.arrayContaining(['Plant', 'Depot'])));
    expect((screen.getByLabelText('Visit date *') as HTMLInputElement).placeholder).toBe('DD/MM/YYYY');
    expect((screen.getByLabelText('Hours spent') as HTMLInputElement).step).toBe('any');
  });
});
