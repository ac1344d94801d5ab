/**
 * A device's reported firmware state on its object screen and in the devices table, in jsdom over
 * a fake /api: the current firmware with its status icon, the update history newest first (names
 * read in one call), last seen; nothing of it while adding or in what a save sends; the table's
 * optional status column, hidden until the user shows it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AdminContext, memoryStore } from 'react-admin';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { createAuthProvider } from '../../src/dataProvider/authProvider';
import { createProfileStore, type Profile } from '../../src/dataProvider/profile';
import { resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';
import { formatDate, relativeTime } from '../../src/formatDate';
import { i18nProvider } from '../../src/i18n';
import { messages, ownMessages } from '../../src/messages';
import { categories, mustGetCategory } from '../../src/schemas';
import { deriveConsoleRoutes, type ObjectMode } from '../../src/resources/consoleRoutes';
import { ListPage } from '../../src/resources/ListPage';
import { ObjectScreen } from '../../src/resources/object/ObjectScreen';
import { jsonResponse, type RecordedCall } from './fetchMock';
import { installFakeApi } from './listFakeApi';
import type { Objects } from './dropdownHarness';

const profile: Profile = { id: 1, username: 'admin', preferences: {}, is_server_admin: false, teams: [{ id: 1, name: 'Blue', role_id: 3 }] };
const lastSeen = new Date(Date.now() - 3 * 3_600_000 - 10 * 60_000).toISOString();

const base = { team_id: 1, type_id: 3, group_id: null, notes: '', icon: null, custom_fields_from_type: [], provisioning: null, author_id: 1 };
const devices = [
  { ...base, id: 20, name: 'Pending', uid_for_type: 'A1', target_firmware_id: 8, current_firmware_id: 7, last_seen: lastSeen },
  { ...base, id: 21, name: 'Bare', uid_for_type: 'A2', target_firmware_id: null, current_firmware_id: null, last_seen: null, firmware_history: [] },
  { ...base, id: 22, name: 'Current', uid_for_type: 'A3', target_firmware_id: 8, current_firmware_id: 8, last_seen: lastSeen },
];
const history = [
  { date: '2025-01-10T08:00:00Z', firmware_id: 7 },
  { date: '2026-03-01T08:00:00Z', firmware_id: 8 },
  { date: '2025-06-01T08:00:00Z', firmware_id: 7 },
  { date: '2024-02-01T08:00:00Z', firmware_id: 99 },
];
const objects: Objects = {
  team: [{ id: 1, name: 'Blue' }],
  type: [{ id: 3, name: 'Sensor', team_id: 1, name_of_uid: 'Serial' }],
  firmware: [
    { id: 7, name: 'Core', team_id: 1, type_id: 3, version: '1.0.0', is_disabled: 0 },
    { id: 8, name: 'Core', team_id: 1, type_id: 3, version: '2.0.0', is_disabled: 0 },
  ],
  devices_group: [],
  device: devices,
};

/** GET /api/full/device/{id}: the device with its expansions, as the server answers. */
function fullDevice(id: number) {
  const device = devices.find((d) => d.id === id)!;
  const firmware = (fid: number | null) => (objects.firmware as Record<string, unknown>[]).find((f) => f.id === fid) ?? null;
  return {
    ...device,
    firmware_history: id === 20 ? history : [],
    type: { id: 3, name: 'Sensor', name_of_uid: 'Serial' },
    target_firmware: firmware(device.target_firmware_id),
    current_firmware: firmware(device.current_firmware_id),
    author: { id: 1, username: 'admin' },
  };
}

let calls: RecordedCall[];

beforeEach(() => {
  setErrorUi({ alert: vi.fn(), goHome: vi.fn() });
  calls = installFakeApi(objects, ({ url, method, body }) => {
    if (url.pathname === '/api/get_teams_where_user_is_admin/') return jsonResponse({ json_list: [{ id: 1, name: 'Blue' }] });
    const one = /^\/api\/(?:full\/)?device\/(\d+)$/.exec(url.pathname);
    if (one && method === 'PUT') return jsonResponse({ ...fullDevice(Number(one[1])), ...(body as object) });
    if (one) return jsonResponse(fullDevice(Number(one[1])));
    const other = /^\/api\/(?:full\/)?([a-z_]+)\/(\d+)$/.exec(url.pathname);
    const row = other && (objects[other[1]] as Record<string, unknown>[] | undefined)?.find((o) => String(o.id) === other[2]);
    if (row) return jsonResponse(row);
    return undefined;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetErrorUi();
});

function renderScreen(mode: ObjectMode, id?: number) {
  const store = createProfileStore(async () => profile);
  const element = (
    <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider(store)} i18nProvider={i18nProvider} store={memoryStore()}>
      <ObjectScreen category={mustGetCategory('device')} mode={mode} id={id === undefined ? undefined : String(id)} />
    </AdminContext>
  );
  render(<RouterProvider router={createMemoryRouter([{ path: '*', element }], { initialEntries: ['/start'] })} />);
}

const group = (name: string) => screen.findByRole('group', { name });

describe('the device form shows what the device reports', () => {
  it("shows the current firmware as 'name (version)' linking to its view, with the pending status icon", async () => {
    renderScreen('view', 20);
    const current = await group('Current firmware');
    const link = within(current).getByRole('link', { name: messages.firmwareOption('Core', '1.0.0') });
    expect(link.getAttribute('href')).toBe('/firmware_view?id=7');
    expect(within(current).getByRole('img', { name: ownMessages.firmwareStatusPending })).toBeTruthy();
  });

  it('shows the ok and none states, and says when no current firmware is reported', async () => {
    renderScreen('view', 22);
    expect(within(await group('Current firmware')).getByRole('img', { name: ownMessages.firmwareStatusOk })).toBeTruthy();
    cleanup();
    renderScreen('view', 21);
    const current = await group('Current firmware');
    expect(within(current).getByRole('img', { name: ownMessages.firmwareStatusNone })).toBeTruthy();
    expect(within(current).getByText(ownMessages.noCurrentFirmware)).toBeTruthy();
  });

  it('lists the firmware history newest first with en-GB dates, reading the names in one call', async () => {
    renderScreen('view', 20);
    const box = await group('Firmware update history');
    await waitFor(() => expect(within(box).getAllByRole('listitem')).toHaveLength(4));
    expect(within(box).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      `${formatDate('2026-03-01T08:00:00Z')} — Core (2.0.0)`,
      `${formatDate('2025-06-01T08:00:00Z')} — Core (1.0.0)`,
      `${formatDate('2025-01-10T08:00:00Z')} — Core (1.0.0)`,
      `${formatDate('2024-02-01T08:00:00Z')} — ${ownMessages.firmwareNoLongerExists('99')}`,
    ]);
    expect(formatDate('2026-03-01T08:00:00Z')).toMatch(/^01\/03\/2026, /);
    const firmwareReads = calls.filter((c) => c.url.pathname === '/api/full/firmware');
    expect(firmwareReads).toHaveLength(1);
    expect(JSON.parse(firmwareReads[0].url.searchParams.get('filter')!)).toEqual({ id: [8, 7, 99] });
  });

  it('says when there is no history, and Never for a device not seen yet', async () => {
    renderScreen('view', 21);
    expect(within(await group('Firmware update history')).getByText(ownMessages.noFirmwareHistory)).toBeTruthy();
    expect(within(await group('Last seen')).getByText(ownMessages.neverSeen)).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/full/firmware')).toBe(false);
  });

  it('shows last seen as an en-GB date and time with how long ago', async () => {
    renderScreen('view', 20);
    expect(within(await group('Last seen')).getByText(ownMessages.lastSeenAt(formatDate(lastSeen), relativeTime(lastSeen)))).toBeTruthy();
    expect(relativeTime(lastSeen)).toBe('3 hours ago');
  });

  it('keeps them read-only in edit mode: a save sends only what the user changed', async () => {
    renderScreen('edit', 20);
    expect(within(await group('Current firmware')).getByRole('link', { name: 'Core (1.0.0)' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Notes' }), { target: { value: 'checked' } });
    fireEvent.click(screen.getByRole('button', { name: messages.submit }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ notes: 'checked' });
  });

  it('shows none of them while adding a device', async () => {
    renderScreen('new');
    await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.queryByRole('group', { name: 'Current firmware' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Firmware update history' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Last seen' })).toBeNull();
  });
});

describe('the devices table', () => {
  const route = deriveConsoleRoutes(categories).find((r) => r.path === '/devices')!;
  const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent);

  it('reads both firmware ids and shows the status column once the user asks for it', async () => {
    render(
      <RouterProvider
        router={createMemoryRouter(
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
          { initialEntries: ['/devices'] },
        )}
      />,
    );
    await waitFor(() => expect(document.querySelectorAll('tbody tr')).toHaveLength(3));
    expect(headers()).not.toContain(ownMessages.firmwareStatus);
    const read = calls.find((c) => c.url.pathname === '/api/full/device')!;
    expect(read.url.searchParams.get('fields')!.split(',')).toEqual(expect.arrayContaining(['current_firmware_id', 'target_firmware_id']));

    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    fireEvent.click(await screen.findByRole('switch', { name: ownMessages.firmwareStatus }));
    await waitFor(() => expect(headers()).toContain(ownMessages.firmwareStatus));
    fireEvent.keyDown(screen.getByRole('switch', { name: ownMessages.firmwareStatus }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('switch')).toBeNull());
    const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr')!;
    expect(within(rowOf('Pending')).getByRole('img', { name: ownMessages.firmwareStatusPending })).toBeTruthy();
    expect(within(rowOf('Bare')).getByRole('img', { name: ownMessages.firmwareStatusNone })).toBeTruthy();
    expect(within(rowOf('Current')).getByRole('img', { name: ownMessages.firmwareStatusOk })).toBeTruthy();
  });
});
