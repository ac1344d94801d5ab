/**
 * The generic tables (src/resources/list/): columns from the schema, server-side sort, filters,
 * search and paging through the list dialect, links, the add button and the CSV export.
 */
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AdminContext, memoryStore } from 'react-admin';
import { categories } from '../../src/schemas';
import { messages, ownMessages } from '../../src/messages';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';
import { i18nProvider } from '../../src/i18n';
import { deriveConsoleRoutes } from '../../src/resources/consoleRoutes';
import { ListPage } from '../../src/resources/ListPage';
import { installFetch, jsonResponse, type RecordedCall } from './fetchMock';
import { dialect, installFakeApi } from './listFakeApi';
import { optionTexts, type Objects } from './dropdownHarness';

const devices = Array.from({ length: 30 }, (_, i) => ({
  id: i + 1,
  name: `Device ${String(i + 1).padStart(2, '0')}`,
  team_id: i < 20 ? 1 : 2,
  type_id: i < 20 ? 10 : 12,
  group_id: i < 5 ? 20 : null,
  uid_for_type: `UID-${i + 1}`,
  target_firmware_id: i >= 5 && i < 20 ? 30 : null,
  last_seen: '2025-11-22T14:05:09Z',
}));

const objects: Objects = {
  team: [
    { id: 1, name: 'Blue' },
    { id: 2, name: 'Red' },
  ],
  type: [
    { id: 10, name: 'Sensor', team_id: 1, name_of_uid: 'Serial' },
    { id: 11, name: 'Gateway', team_id: 1, name_of_uid: 'MAC' },
    { id: 12, name: 'Meter', team_id: 2, name_of_uid: 'Serial' },
  ],
  devices_group: [
    { id: 20, name: 'North', team_id: 1, type_id: 10, target_firmware_id: null },
    { id: 21, name: 'South', team_id: 1, type_id: 11, target_firmware_id: null },
  ],
  firmware: [{ id: 30, name: 'fw', team_id: 1, type_id: 10, version: '1.2.0', is_disabled: 0 }],
  device: devices,
  basic_document: [{ id: 40, name: 'Manual', team_id: 1, doc_type: 'file', target_class: 'device' }],
  documents_collection: [{ id: 50, name: 'Set', team_id: 1 }],
};

const routes = deriveConsoleRoutes(categories);
const routeOf = (path: string) => routes.find((r) => r.path === path)!;

let calls: RecordedCall[];
const alert = vi.fn();

beforeEach(() => {
  alert.mockReset();
  setErrorUi({ alert, goHome: vi.fn() });
  calls = installFakeApi(objects);
});
afterEach(() => {
  // Unmount first: a table still mounted could call the real fetch once the stub is gone.
  cleanup();
  vi.unstubAllGlobals();
  resetErrorUi();
  localStorage.clear();
});

const noAuth = { login: async () => {}, logout: async () => {}, checkAuth: async () => {}, checkError: async () => {} };

/** Without adminTeamIds, no sign-in at all (no permissions are read). */
function renderList(path: string, adminTeamIds?: number[]) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          // A store of its own: react-admin's default one is shared by every test of the file, and
          // keeps the sort, filters and page one test leaves behind.
          <AdminContext
            dataProvider={createDataProvider()}
            i18nProvider={i18nProvider}
            store={memoryStore()}
            authProvider={adminTeamIds && { ...noAuth, getPermissions: async () => ({ isServerAdmin: false, teams: [], adminTeamIds }) }}
          >
            <ListPage route={routeOf(path)} />
          </AdminContext>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const listCalls = (key: string) => calls.filter((c) => c.url.pathname === `/api/full/${key}` && c.url.searchParams.has('range'));
const lastListCall = (key: string) => listCalls(key).at(-1)!;
const bodyRows = () => document.querySelectorAll('tbody tr');
// The first cell after the selection column of a table with bulk actions.
const firstCellTexts = () => [...bodyRows()].map((r) => r.querySelector('td:not(:has(input[type="checkbox"]))')?.textContent);

describe('the devices table', () => {
  it("shows the schema's list columns, references by name, and reads one page of 25 sorted by name", async () => {
    renderList('/devices');
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    const headers = [...document.querySelectorAll('thead th')].filter((th) => !th.querySelector('input[type="checkbox"]')).map((th) => th.textContent);
    expect(headers).toEqual(['Name', 'Team', 'Type', 'Group', 'Unique ID by type', 'Target firmware', 'Configuration state', 'Last seen', 'Update']);
    // Devices have bulk actions: a checkbox column first.
    expect(document.querySelectorAll('tbody input[type="checkbox"]')).toHaveLength(25);
    expect(dialect(listCalls('device')[0])).toEqual({ sort: ['name', 'ASC'], range: [0, 24], filter: {} });

    const row = bodyRows()[0];
    await waitFor(() => expect(within(row as HTMLElement).getByText('North')).toBeTruthy());
    expect(row.textContent).toContain('Blue');
    expect(row.textContent).toContain('Sensor');
    expect(row.textContent).toContain('UID-1');
    // Last seen as how long ago, the en-GB date on hover.
    expect(row.querySelector('td.column-last_seen')?.textContent).toMatch(/^\d+ d ago$/);
    expect(row.querySelector('td.column-last_seen [title]')?.getAttribute('title')).toContain('22/11/2025');
    await waitFor(() => expect(bodyRows()[5].textContent).toContain('fw (1.2.0)'));
  });

  it('reads each referenced category once for the whole page (no call per row)', async () => {
    renderList('/devices');
    await waitFor(() => expect(bodyRows()[5].textContent).toContain('fw (1.2.0)'));
    for (const key of ['team', 'type', 'devices_group', 'firmware']) {
      const reads = calls.filter((c) => c.url.pathname === `/api/full/${key}`);
      expect(reads, key).toHaveLength(1);
      expect(dialect(reads[0]).filter.id.length).toBeGreaterThan(0);
    }
  });

  it('links names and references to their view pages, and a row click opens the object', async () => {
    const router = renderList('/devices');
    const link = await screen.findByRole('link', { name: 'Device 01' });
    expect(link.getAttribute('href')).toBe('/device_view?id=1');
    // Once every reference is read (the last to show is the firmware), each links to its own page.
    await waitFor(() => expect(bodyRows()[5].textContent).toContain('fw (1.2.0)'));
    const hrefs = (name: string) => [...new Set(screen.getAllByRole('link', { name }).map((a) => a.getAttribute('href')))];
    expect(hrefs('Sensor')).toEqual(['/type_view?id=10']);
    expect(hrefs('North')).toEqual(['/group_view?id=20']);
    expect(hrefs('fw (1.2.0)')).toEqual(['/firmware_view?id=30']);
    fireEvent.click(bodyRows()[2].querySelectorAll('td')[4]);
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/device_view?id=3'));
  });

  it('sorts on the server when a header is clicked; reference columns are not sortable', async () => {
    renderList('/devices');
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    const header = (field: string) => document.querySelector(`thead [data-field="${field}"]`);
    fireEvent.click(header('name')!);
    await waitFor(() => expect(dialect(lastListCall('device')).sort).toEqual(['name', 'DESC']));
    await waitFor(() => expect(firstCellTexts()[0]).toBe('Device 30'));
    expect(header('team_id')).toBeNull();
    fireEvent.click(header('uid_for_type')!);
    await waitFor(() => expect(dialect(lastListCall('device')).sort).toEqual(['uid_for_type', 'ASC']));
  });

  it('pages on the server: the next page asks for range [25,49]', async () => {
    renderList('/devices');
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    expect(screen.getByText(/1-25 of 30/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    expect(dialect(lastListCall('device')).range).toEqual([25, 49]);
  });

  it('filters by team, type and group on the server; a new type clears the group', async () => {
    renderList('/devices');
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    const team = screen.getByLabelText('Team') as HTMLSelectElement;
    const type = screen.getByLabelText('Type') as HTMLSelectElement;
    const group = screen.getByLabelText('Group') as HTMLSelectElement;
    await waitFor(() => expect(optionTexts(team)).toEqual([messages.allTeams, 'Blue', 'Red']));
    expect(optionTexts(group)).toEqual([messages.selectTypeToFilterGroups]);

    fireEvent.change(team, { target: { value: '1' } });
    await waitFor(() => expect(dialect(lastListCall('device')).filter).toEqual({ team_id: 1 }));
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
    await waitFor(() => expect(optionTexts(type)).toEqual([messages.allTypes, 'Gateway', 'Sensor']));

    fireEvent.change(type, { target: { value: '10' } });
    await waitFor(() => expect(optionTexts(group)).toEqual([messages.allGroups, 'North']));
    fireEvent.change(group, { target: { value: '20' } });
    await waitFor(() => expect(dialect(lastListCall('device')).filter).toEqual({ team_id: 1, type_id: 10, group_id: 20 }));
    await waitFor(() => expect(bodyRows()).toHaveLength(5));

    fireEvent.change(type, { target: { value: '11' } });
    await waitFor(() => expect(dialect(lastListCall('device')).filter).toEqual({ team_id: 1, type_id: 11 }));
    expect(group.value).toBe('');

    fireEvent.change(team, { target: { value: '' } });
    await waitFor(() => expect(dialect(lastListCall('device')).filter).toEqual({ type_id: 11 }));
  });

  it('searches the name and the unique ID on the server after a short pause, and says so; typing opens nothing', async () => {
    const router = renderList('/devices');
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Name or unique ID' }), { target: { value: 'ice 2' } });
    await waitFor(() => expect(listCalls('device').map((call) => dialect(call).filter)).toContainEqual({ q: 'ice 2' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    // 'UID-1' is device 1's unique ID and the start of UID-10 to UID-19's: typed, it is a search only.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Name or unique ID' }), { target: { value: 'UID-1' } });
    await waitFor(() => expect(listCalls('device').map((call) => dialect(call).filter)).toContainEqual({ q: 'UID-1' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(0));
    expect(calls.filter((c) => 'uid_for_type' in (dialect(c).filter ?? {}))).toEqual([]);
    expect(router.state.location.pathname).toBe('/devices');
  });

  it('Enter in the search box opens the device whose unique ID is the text, and only then', async () => {
    const router = renderList('/devices');
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    const box = screen.getByRole('searchbox', { name: 'Name or unique ID' });
    // No device has this ID: Enter searches at once and the user stays on the table.
    fireEvent.change(box, { target: { value: 'UID-99' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(listCalls('device').map((call) => dialect(call).filter)).toContainEqual({ uid_for_type: 'UID-99' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(0));
    expect(router.state.location.pathname).toBe('/devices');

    fireEvent.change(box, { target: { value: 'UID-1' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/device_view?id=1'));
    // The look-up reads ids only, two at most: enough to know it is one.
    const lookUp = calls.filter((c) => dialect(c).filter?.uid_for_type === 'UID-1');
    expect(lookUp.map((c) => [dialect(c).range, c.url.searchParams.get('fields')])).toEqual([[[0, 1], 'id']]);
  });

  it('offers the add form of the category', async () => {
    renderList('/devices');
    const add = await screen.findByRole('link', { name: messages.addHeading('device') });
    expect(add.getAttribute('href')).toBe('/device_new');
  });

  it('exports the filtered list as CSV through the download helper', async () => {
    // jsdom has no object URLs and does not download: record the link the helper clicks instead.
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
        ? new Response('id,name\n1,Device 01\n', { headers: { 'Content-Disposition': 'attachment; filename="device.csv"' } })
        : undefined,
    );
    renderList('/devices');
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    const type = screen.getByLabelText('Type') as HTMLSelectElement;
    await waitFor(() => expect(optionTexts(type)).toHaveLength(4));
    fireEvent.change(type, { target: { value: '10' } });
    await waitFor(() => expect(dialect(lastListCall('device')).filter).toEqual({ type_id: 10 }));
    fireEvent.click(screen.getByRole('button', { name: ownMessages.exportCsv }));
    await waitFor(() => expect(saved).toEqual(['device.csv']));
    const exported = calls.find((c) => c.url.pathname === '/api/download/csv_export/device')!;
    expect(exported.url.searchParams.get('type_id')).toBe('10');
    expect(exported.url.searchParams.has('group_id')).toBe(false);
    expect(exported.url.searchParams.get('r')).toBeTruthy();
    expect(JSON.parse(exported.url.searchParams.get('sort')!)).toEqual(['name', 'ASC']);
  });

  it('shows a failed export with the error catalogue', async () => {
    calls = installFakeApi(objects, ({ url }) =>
      url.pathname.startsWith('/api/download/') ? jsonResponse({ Description: 'The filter must be an id.' }, 400) : undefined,
    );
    renderList('/devices');
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    fireEvent.click(screen.getByRole('button', { name: ownMessages.exportCsv }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('The filter must be an id.'));
  });
});

describe('other tables', () => {
  it('firmwares: their columns, the disabled switch and team and type filters only', async () => {
    renderList('/firmwares');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(['Name', 'Team', 'Type', 'Version', 'Disabled']);
    expect(screen.getByLabelText('Team')).toBeTruthy();
    expect(screen.getByLabelText('Type')).toBeTruthy();
    expect(screen.queryByLabelText('Group')).toBeNull();
  });

  it('/documents shows basic documents and collections in one table (tests/unit/documentsTable.test.tsx), and one add button', async () => {
    renderList('/documents');
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(screen.getAllByRole('table')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Documents collections' })).toBeNull();
    const adds = screen.getAllByRole('link', { name: /^Add a new/ });
    expect(adds.map((a) => a.getAttribute('href'))).toEqual(['/document_new']);
    expect(screen.getByRole('link', { name: 'Set' }).getAttribute('href')).toBe('/documents_collection_view?id=50');
    expect(listCalls('basic_document')).toHaveLength(1);
    expect(listCalls('documents_collection')).toHaveLength(1);
  });

  it('an empty category says what to do: a device needs a type first, with the button adding one', async () => {
    calls = installFakeApi({ ...objects, device: [], type: [], devices_group: [], firmware: [] });
    renderList('/devices', [1]);
    const empty = await screen.findByTestId('empty-list');
    expect(empty.textContent).toContain('No devices yet.');
    await waitFor(() => expect(empty.textContent).toContain('A device needs a type first: add a type, then the device.'));
    expect(within(empty).getByRole('link', { name: 'Add a new type' }).getAttribute('href')).toBe('/type_new');
    expect(screen.queryByText(ownMessages.noResults)).toBeNull();
  });

  it('an empty category whose prerequisite exists offers to add its first object', async () => {
    calls = installFakeApi({ ...objects, devices_group: [] });
    renderList('/groups', [1]);
    const empty = await screen.findByTestId('empty-list');
    await waitFor(() => expect(empty.textContent).toContain(ownMessages.emptyListAddFirst('group')));
    expect(empty.textContent).toContain('No groups yet.');
    expect(within(empty).getByRole('link', { name: 'Add a new group' }).getAttribute('href')).toBe('/group_new');
  });

  it('an empty category that needs nothing first offers to add its first object', async () => {
    calls = installFakeApi({ ...objects, type: [] });
    renderList('/types', [1]);
    const empty = await screen.findByTestId('empty-list');
    await waitFor(() => expect(empty.textContent).toBe(`No types yet.${ownMessages.emptyListAddFirst('type')}Add a new type`));
  });

  it('a user who administers no team is told whom to ask, with no button to a form they cannot save', async () => {
    calls = installFakeApi({ ...objects, device: [], type: [], devices_group: [], firmware: [] });
    renderList('/devices', []);
    const empty = await screen.findByTestId('empty-list');
    await waitFor(() => expect(empty.textContent).toContain(ownMessages.emptyListAskAdmin));
    expect(within(empty).queryByRole('link')).toBeNull();
  });

  it('an empty result says so', async () => {
    renderList('/groups');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Groups' })).getAllByRole('listitem')).toHaveLength(2));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Name' }), { target: { value: 'nothing like it' } });
    expect(await screen.findByText(ownMessages.noResults)).toBeTruthy();
    // A search that finds nothing is not an empty category: no guide to adding the first one.
    expect(screen.queryByTestId('empty-list')).toBeNull();
  });

  it('a read that fails is not an empty result: the list says it could not be read', async () => {
    renderList('/groups');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Groups' })).getAllByRole('listitem')).toHaveLength(2));
    installFetch(() => jsonResponse({ Description: 'The database is not available.' }, 500));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Name' }), { target: { value: 'North' } });
    expect(await screen.findByText(ownMessages.listReadFailed)).toBeTruthy();
    expect(alert).toHaveBeenCalledWith('The database is not available.');
    expect(screen.queryByText(ownMessages.noResults)).toBeNull();
    expect(screen.queryByTestId('empty-list')).toBeNull();
  });
});
