/**
 * The devices-in-group block and its 'Add devices' dialog against a fake /api: the group's
 * devices with 'Delete from the group', the dialog's title, text, columns and select/deselect-all,
 * the count in 'Add selected devices (n)', the batch PUT and the stop at a refusal (shown as a
 * table's bulk actions show it). The moves go through the data provider: the group's screen and any
 * other mounted view of those devices (a table) show the new membership without a reload.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, memoryStore, useGetList, useGetOne } from 'react-admin';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { i18nProvider } from '../../src/i18n';
import { messages, ownMessages } from '../../src/messages';
import { mustGetCategory } from '../../src/schemas';
import { resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';
import type { ObjectMode } from '../../src/resources/consoleRoutes';
import { DevicesInGroupPanel } from '../../src/resources/devices_group/DevicesInGroupPanel';
import { override } from '../../src/resources/devices_group/override';
import { installFetch, jsonResponse, type RecordedCall } from './fetchMock';

const category = mustGetCategory('devices_group');
const group = {
  id: 20,
  name: 'Field',
  team_id: 1,
  type_id: 3,
  type_name: 'Sensor',
  devices: [
    { id: 10, name: 'd1' },
    { id: 11, name: 'd2' },
  ],
};
const candidates = [
  { id: 10, name: 'd1', group_id: 20, group: { name: 'Field' } },
  { id: 13, name: 'lab 2', group_id: 21, group: { name: 'Lab' } },
  { id: 12, name: 'free 1', group_id: null, group: null },
  { id: 14, name: 'free 10', group_id: null, group: null },
];
let moreDevices = 0;
/** The server's devices of group 20, as PUTs of group_id leave them. */
let members: { id: number; name: string }[];

let calls: RecordedCall[];
let failPut: string | undefined;
const alert = vi.fn();

beforeEach(() => {
  failPut = undefined;
  moreDevices = 0;
  members = [...group.devices];
  alert.mockReset();
  setErrorUi({ alert, goHome: vi.fn() });
  calls = installFetch(({ url, method, body }) => {
    if (method === 'GET' && url.pathname === '/api/full/devices_group/20') return jsonResponse({ ...group, devices: members });
    const filter = JSON.parse(url.searchParams.get('filter') ?? '{}') as { q?: string; group_id?: number };
    if (method === 'GET' && url.pathname === '/api/full/device' && filter.group_id === 20) {
      return jsonResponse(members, 200, { 'Content-Range': `device 0-${members.length - 1}/${members.length}` });
    }
    if (method === 'GET' && url.pathname === '/api/full/device') {
      // The server's page: sorted by name, searched, and the total (moreDevices beyond these four).
      const q = filter.q ?? '';
      const found = candidates.filter((d) => d.name.includes(q)).sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
      return jsonResponse(found, 200, { 'Content-Range': `device 0-${found.length - 1}/${found.length + moreDevices}` });
    }
    if (method === 'PUT' && url.pathname === '/api/batch/device') {
      // One transaction: a refused id leaves the whole batch as it was.
      const { ids, data } = body as { ids: number[]; data: { group_id: unknown } };
      if (ids.some((id) => `/api/device/${id}` === failPut)) return jsonResponse({ Description: 'Refused.' }, 400);
      for (const id of ids) {
        const name = [...candidates, ...members].find((d) => d.id === id)?.name ?? '';
        members = members.filter((d) => d.id !== id);
        if (data.group_id === 20) members.push({ id, name });
      }
      return jsonResponse({ count: ids.length });
    }
    if (method === 'PUT' && url.pathname === failPut) return jsonResponse({ Description: 'Refused.' }, 400);
    if (method === 'PUT') {
      const id = Number(url.pathname.split('/').pop());
      const name = [...candidates, ...members].find((d) => d.id === id)?.name ?? '';
      members = members.filter((d) => d.id !== id);
      if ((body as { group_id?: unknown }).group_id === 20) members.push({ id, name });
      return jsonResponse({ id });
    }
    return jsonResponse({ Description: 'Not found.' }, 404);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetErrorUi();
});

const inConsole = (children: React.ReactNode) => (
  <MemoryRouter>
    <AdminContext dataProvider={createDataProvider()} i18nProvider={i18nProvider} store={memoryStore()}>
      {children}
    </AdminContext>
  </MemoryRouter>
);

function renderPanel({ mode = 'view', isAdmin = true, record = group }: { mode?: ObjectMode; isAdmin?: boolean; record?: Record<string, unknown> } = {}) {
  render(inConsole(<DevicesInGroupPanel category={category} record={record as typeof group} mode={mode} isAdmin={isAdmin} refresh={vi.fn()} />));
}

/** The group's screen as ObjectScreen reads it (its refresh reads the group again). */
const GroupScreen = ({ mode }: { mode: ObjectMode }) => {
  const { data, refetch } = useGetOne('devices_group', { id: 20 });
  return data ? <DevicesInGroupPanel category={category} record={data} mode={mode} isAdmin refresh={() => void refetch()} /> : null;
};

/** Another view of the same devices mounted meanwhile: a table of the group's devices. */
const DevicesTable = () => {
  const { data } = useGetList('device', { filter: { group_id: 20 }, pagination: { page: 1, perPage: 25 }, sort: { field: 'name', order: 'ASC' } });
  return <ul aria-label="devices table">{data?.map((d) => <li key={d.id}>{String(d.name)}</li>)}</ul>;
};

async function renderScreen(mode: ObjectMode = 'view') {
  render(
    inConsole(
      <>
        <GroupScreen mode={mode} />
        <DevicesTable />
      </>,
    ),
  );
  await screen.findByTestId('devices-in-group');
  await waitFor(() => expect(tableNames()).toEqual(['d1', 'd2']));
}

// Also while a dialog hides them from the accessibility tree.
const tableNames = () => within(screen.getByRole('list', { name: 'devices table', hidden: true })).queryAllByRole('listitem', { hidden: true }).map((li) => li.textContent);
const groupNames = () => within(screen.getByTestId('devices-in-group')).queryAllByRole('link', { hidden: true }).map((a) => a.textContent);

/** A read of the dialog's devices (of the group's type), not of the group's members. */
const isCandidatesRead = (c: RecordedCall) => c.url.pathname === '/api/full/device' && 'type_id' in JSON.parse(c.url.searchParams.get('filter') ?? '{}');
const puts = () => calls.filter((c) => c.method === 'PUT').map((c) => [c.url.pathname, c.body]);

async function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: messages.addDevices }));
  const dialog = await screen.findByRole('dialog', { name: messages.selectDevicesForGroup('Field') });
  await within(dialog).findByText('free 1');
  return dialog;
}

describe('the devices-in-group block', () => {
  it('is the panel of the group override', () => {
    expect(override.panels).toContain(DevicesInGroupPanel);
  });

  it('shows nothing while the group does not exist yet', () => {
    renderPanel({ mode: 'new', record: { name: 'New group' } });
    expect(screen.queryByTestId('devices-in-group')).toBeNull();
  });

  it("lists the group's devices, linked to their view pages, each with 'Delete from the group'", () => {
    renderPanel();
    const block = screen.getByTestId('devices-in-group');
    expect(within(block).getByRole('link', { name: 'd1' }).getAttribute('href')).toBe('/device_view?id=10');
    expect(within(block).getAllByRole('button', { name: messages.deleteFromGroup })).toHaveLength(2);
  });

  it("'Delete from the group' sets the device's group to null; the group and every other view of its devices show it at once", async () => {
    await renderScreen('edit');
    fireEvent.click(screen.getAllByRole('button', { name: messages.deleteFromGroup })[1]);
    await waitFor(() => expect(groupNames()).toEqual(['d1']));
    await waitFor(() => expect(tableNames()).toEqual(['d1']));
    expect(puts()).toEqual([['/api/device/11', { group_id: null }]]);
  });

  it('hides every button from non-admins', () => {
    renderPanel({ isAdmin: false });
    expect(screen.getByRole('link', { name: 'd2' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows a big group 25 devices at a time', () => {
    const devices = Array.from({ length: 60 }, (_, i) => ({ id: 100 + i, name: `m${i}` }));
    renderPanel({ record: { ...group, devices } });
    const block = screen.getByTestId('devices-in-group');
    expect(within(block).getAllByRole('button', { name: messages.deleteFromGroup })).toHaveLength(25);
    expect(within(block).getByRole('link', { name: 'm0' })).toBeTruthy();
    fireEvent.click(within(block).getByRole('button', { name: /next page/i }));
    expect(within(block).getByRole('link', { name: 'm25' })).toBeTruthy();
    expect(within(block).queryByRole('link', { name: 'm0' })).toBeNull();
  });

  it('says when the group is empty', () => {
    renderPanel({ record: { ...group, devices: [] } });
    expect(screen.getByText(ownMessages.noDevicesInGroup)).toBeTruthy();
  });
});

describe("the 'Add devices' dialog", () => {
  it("asks the server for the first page of the group's type and team by name, and lists them with their current group, the group's own not to be chosen", async () => {
    renderPanel();
    const dialog = await openDialog();
    expect(within(dialog).getByText(messages.devicesOfType('Sensor'))).toBeTruthy();
    const get = calls.find(isCandidatesRead)!;
    expect(JSON.parse(get.url.searchParams.get('filter')!)).toEqual({ type_id: 3, team_id: 1 });
    expect(JSON.parse(get.url.searchParams.get('sort')!)).toEqual(['name', 'ASC']);
    expect(JSON.parse(get.url.searchParams.get('range')!)).toEqual([0, 49]);
    const headers = within(dialog).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.slice(1)).toEqual([messages.nameColumn, messages.currentGroupColumn]);
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').slice(1).map((c) => c.textContent))).toEqual([
      ['d1', 'Field'],
      ['free 1', ''],
      ['free 10', ''],
      ['lab 2', 'Lab'],
    ]);
    expect((within(dialog).getByRole('checkbox', { name: 'd1' }) as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).queryByText(ownMessages.moreMatches(1))).toBeNull();
  });

  it("searches the server as the user types, says how many more match, reads more on 'Show more', and keeps a choice across searches", async () => {
    moreDevices = 120;
    await renderScreen();
    const dialog = await openDialog();
    expect(within(dialog).getByText(ownMessages.moreMatches(120))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'lab 2' }));
    fireEvent.change(within(dialog).getByLabelText(ownMessages.searchObjects('Devices')), { target: { value: 'free' } });
    await waitFor(() => expect(within(dialog).queryByText('lab 2')).toBeNull());
    const searched = calls.filter(isCandidatesRead).at(-1)!;
    expect(JSON.parse(searched.url.searchParams.get('filter')!)).toEqual({ type_id: 3, team_id: 1, q: 'free' });
    fireEvent.click(within(dialog).getByRole('button', { name: ownMessages.showMore }));
    await waitFor(() => expect(JSON.parse(calls.at(-1)!.url.searchParams.get('range')!)).toEqual([0, 99]));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'free 10' }));
    fireEvent.click(within(dialog).getByRole('button', { name: messages.addSelectedDevices(2) }));
    await waitFor(() => expect(groupNames()).toEqual(['d1', 'd2', 'free 10', 'lab 2']));
    expect(puts()).toEqual([['/api/batch/device', { ids: [14, 13], data: { group_id: 20 } }]]);
  });

  it('selects and deselects all, and counts the selection in the add button', async () => {
    renderPanel();
    const dialog = await openDialog();
    const addButton = (n: number) => within(dialog).getByRole('button', { name: messages.addSelectedDevices(n) }) as HTMLButtonElement;
    expect(addButton(0).disabled).toBe(true);
    const all = within(dialog).getByRole('checkbox', { name: ownMessages.selectAllDevices });
    fireEvent.click(all);
    expect(addButton(3).disabled).toBe(false);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'lab 2' }));
    expect(addButton(2)).toBeTruthy();
    expect((all as HTMLInputElement).getAttribute('data-indeterminate')).toBe('true');
    fireEvent.click(all);
    expect(addButton(3)).toBeTruthy();
    fireEvent.click(all);
    expect(addButton(0).disabled).toBe(true);
    fireEvent.click(within(dialog).getByText('free 10'));
    expect(addButton(1)).toBeTruthy();
  });

  it('moves the selected devices in with one batch call, then the group and every other view of its devices show them, and closes', async () => {
    await renderScreen();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'lab 2' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'free 1' }));
    fireEvent.click(within(dialog).getByRole('button', { name: messages.addSelectedDevices(2) }));
    await waitFor(() => expect(groupNames()).toEqual(['d1', 'd2', 'free 1', 'lab 2']));
    await waitFor(() => expect(tableNames()).toEqual(['d1', 'd2', 'free 1', 'lab 2']));
    expect(puts()).toEqual([['/api/batch/device', { ids: [12, 13], data: { group_id: 20 } }]]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("a refused batch stops as a table's bulk action does: the refusal in the dialog, which stays open with the list read again and every device still chosen", async () => {
    failPut = '/api/device/14';
    await renderScreen();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: ownMessages.selectAllDevices }));
    fireEvent.click(within(dialog).getByRole('button', { name: messages.addSelectedDevices(3) }));
    await waitFor(() => expect(within(dialog).getAllByRole('alert').map((a) => a.textContent)).toContain(ownMessages.batchStopped('Refused.', 0, 3)));
    expect(within(dialog).getByRole('status').textContent).toBe(ownMessages.bulkProgress(0, 3));
    expect(alert).not.toHaveBeenCalled();
    expect(puts()).toEqual([['/api/batch/device', { ids: [12, 14, 13], data: { group_id: 20 } }]]);
    expect(groupNames()).toEqual(['d1', 'd2']);
    expect(screen.getByRole('dialog')).toBeTruthy();
    await waitFor(() => expect(calls.filter(isCandidatesRead)).toHaveLength(2));
    for (const name of ['free 1', 'free 10', 'lab 2']) expect((within(dialog).getByRole('checkbox', { name }) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByRole('button', { name: messages.addSelectedDevices(3) })).toBeTruthy();
  });

  it("'Close' closes without changing anything", async () => {
    renderPanel();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts()).toEqual([]);
  });
});
