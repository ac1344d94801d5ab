/**
 * A device's configuration on its object screen, in jsdom over a fake /api: the formatted JSON
 * with its sync state, the edit that makes it 'waiting to be sent' (and back), the save that
 * creates the configuration first (and stops when it cannot), the history with each entry's
 * dialog, the conflict view with both resolutions and the key-by-key view (on the view page an
 * admin's choice saved at once, issue 27), and the devices table's state column.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AdminContext, memoryStore } from 'react-admin';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { createAuthProvider } from '../../src/dataProvider/authProvider';
import { createProfileStore, type Profile } from '../../src/dataProvider/profile';
import { resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';
import { formatDate } from '../../src/formatDate';
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
const labels = ownMessages.configStateLabels;

const configs: Record<number, string> = {
  1: '{"interval":60,"mode":"eco","led":true}',
  2: '{"interval":30,"mode":"eco","led":true}',
  3: '{"interval":60,"mode":"turbo","led":true,"extra":1}',
  4: '{"broken":',
};
const base = { team_id: 1, type_id: 3, group_id: null, notes: '', icon: null, custom_fields_from_type: [], provisioning: null, author_id: 1, uid_for_type: 'U' };
const synced = [
  { config_id: 1, date: '2026-01-01T10:00:00Z', source: 'user' },
  { config_id: 2, date: '2026-01-02T10:00:00Z', source: 'device' },
];
const devices = [
  { ...base, id: 20, name: 'Synced', config_id: 2, config_state: 'synchronized', last_config_sync: '2026-01-02T10:00:00Z', config_history: synced },
  {
    ...base,
    id: 21,
    name: 'Clash',
    // The product waits with 2, the device last synchronized 1 and then reported 3.
    config_id: 2,
    config_state: 'conflict',
    last_config_sync: '2026-01-01T10:00:00Z',
    config_history: [synced[0], { config_id: 3, date: '2026-01-03T10:00:00Z', source: 'device' }],
  },
  { ...base, id: 22, name: 'Garbled', config_id: 2, config_state: 'conflict', last_config_sync: null, config_history: [{ config_id: 4, date: '2026-01-03T10:00:00Z', source: 'device' }] },
  { ...base, id: 23, name: 'Odd', config_id: null, config_state: 'lost', last_config_sync: null, config_history: [] },
];
const objects: Objects = { team: [{ id: 1, name: 'Blue' }], type: [{ id: 3, name: 'Sensor', team_id: 1 }], firmware: [], devices_group: [], device: devices };

let calls: RecordedCall[];
let configPost: Response | undefined;
/** The teams GET /api/get_teams_where_user_is_admin/ answers. */
let adminTeams: { id: number; name: string }[];
const alerts = vi.fn();

beforeEach(() => {
  configPost = undefined;
  adminTeams = [{ id: 1, name: 'Blue' }];
  alerts.mockReset();
  setErrorUi({ alert: alerts, goHome: vi.fn() });
  calls = installFakeApi(objects, ({ url, method, body }) => {
    if (url.pathname === '/api/get_teams_where_user_is_admin/') return jsonResponse({ json_list: adminTeams });
    if (url.pathname === '/api/config' && method === 'POST') return configPost ?? jsonResponse({ id: 42 });
    const config = /^\/api\/config\/(\d+)$/.exec(url.pathname);
    if (config) return jsonResponse({ id: Number(config[1]), team_id: 1, config: configs[Number(config[1])], author_id: null, date: '2026-01-01T00:00:00Z' });
    const one = /^\/api\/(?:full\/)?device\/(\d+)$/.exec(url.pathname);
    const device = one && devices.find((d) => d.id === Number(one[1]));
    if (device && method === 'PUT') return jsonResponse({ ...device, ...(body as object) });
    if (device) return jsonResponse({ ...device, type: { id: 3, name: 'Sensor', name_of_uid: null }, author: { id: 1, username: 'admin' } });
    const other = /^\/api\/(?:full\/)?([a-z_]+)\/(\d+)$/.exec(url.pathname);
    const row = other && (objects[other[1]] as Record<string, unknown>[] | undefined)?.find((o) => String(o.id) === other[2]);
    return row ? jsonResponse(row) : undefined;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetErrorUi();
});

function renderScreen(mode: ObjectMode, id: number) {
  const store = createProfileStore(async () => profile);
  const element = (
    <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider(store)} i18nProvider={i18nProvider} store={memoryStore()}>
      <ObjectScreen category={mustGetCategory('device')} mode={mode} id={String(id)} />
    </AdminContext>
  );
  render(<RouterProvider router={createMemoryRouter([{ path: '*', element }], { initialEntries: ['/start'] })} />);
}

const editor = async (text: string) => {
  const box = (await screen.findByRole('textbox', { name: 'Configuration' })) as HTMLTextAreaElement;
  await waitFor(() => expect(box.value).toBe(text));
  return box;
};
const pretty = (id: number) => JSON.stringify(JSON.parse(configs[id]), null, 2);
const state = () => screen.getByTestId('config-sync-state').textContent;
const puts = () => calls.filter((c) => c.method === 'PUT');
const submit = () => fireEvent.click(screen.getByRole('button', { name: messages.submit }));

describe("a device's configuration", () => {
  it('shows the configuration as formatted JSON with its state, last sync and history newest first', async () => {
    renderScreen('view', 20);
    expect((await editor(pretty(2))).readOnly).toBe(true);
    expect(state()).toBe(labels.synchronized);
    expect(within(await screen.findByRole('group', { name: 'Last configuration sync' })).getByText(new RegExp(formatDate('2026-01-02T10:00:00Z')))).toBeTruthy();
    const history = await screen.findByRole('group', { name: 'Configuration history' });
    expect(within(history).getAllByRole('listitem').map((li) => li.querySelector('.MuiListItemText-root')!.textContent)).toEqual([
      `${formatDate('2026-01-02T10:00:00Z')} — ${ownMessages.configHistoryItem(2, 'Device')}`,
      `${formatDate('2026-01-01T10:00:00Z')} — ${ownMessages.configHistoryItem(1, 'PUCS user')}`,
    ]);
    fireEvent.click(within(history).getByRole('button', { name: ownMessages.viewConfigOf(1) }));
    const dialog = await screen.findByRole('dialog', { name: ownMessages.configTitle(1) });
    await waitFor(() => expect(dialog.querySelector('pre')!.textContent).toBe(pretty(1)));
  });

  it("is 'waiting to be sent' once edited away, back to its state when edited back, and refused when not JSON", async () => {
    renderScreen('edit', 20);
    const box = await editor(pretty(2));
    fireEvent.change(box, { target: { value: '{"interval": 10}' } });
    expect(state()).toBe(labels.waiting_to_be_send);
    // The spec's words (sections 2 and 4): waiting to be sent, not yet sent to the device.
    expect(state()?.toLowerCase()).toBe('waiting to be sent');
    expect(screen.getByTestId('config-sync-state').getAttribute('title')).toBe('Not yet sent to the device.');
    fireEvent.change(box, { target: { value: '{"led":true, "mode":"eco", "interval":30}' } });
    expect(state()).toBe(labels.synchronized);
    fireEvent.change(box, { target: { value: '{"interval": ' } });
    await waitFor(() => expect(screen.getByTestId('object-form-errors').textContent).toContain(messages.configNotJson));
    submit();
    await waitFor(() => expect(screen.getByTestId('object-form-errors')).toBeTruthy());
    expect(calls.some((c) => c.method === 'POST' || c.method === 'PUT')).toBe(false);
  });

  it('creates the edited configuration first, then saves the device naming it, waiting to be sent', async () => {
    renderScreen('edit', 20);
    fireEvent.change(await editor(pretty(2)), { target: { value: '{"interval": 10}' } });
    submit();
    await waitFor(() => expect(puts()).toHaveLength(1));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/config');
    expect(post.body).toEqual({ config: '{"interval": 10}', team_id: 1 });
    expect(calls.indexOf(post)).toBeLessThan(calls.indexOf(puts()[0]));
    expect(puts()[0].body).toEqual({ config_id: 42, config_state: 'waiting_to_be_send' });
  });

  it("stops the save with 'Failed to create new configuration' when the configuration cannot be created", async () => {
    configPost = jsonResponse({ Description: 'Refused.' }, 400);
    renderScreen('edit', 20);
    fireEvent.change(await editor(pretty(2)), { target: { value: '{"interval": 10}' } });
    submit();
    await waitFor(() => expect(alerts).toHaveBeenCalledWith(`Refused.\n${messages.failedToCreateConfig}`));
    expect(puts()).toHaveLength(0);
    expect(screen.getByRole('button', { name: messages.submit })).toBeTruthy();
  });

  it("says 'Unknown synchronization state.' for a state it does not know", async () => {
    renderScreen('view', 23);
    await screen.findByRole('group', { name: 'Configuration' });
    expect(state()).toBe(messages.unknownSyncState);
  });
});

describe('a configuration conflict', () => {
  it("shows the device's last report and, in view mode, no choice to a member who is not an admin of its team", async () => {
    adminTeams = [];
    renderScreen('view', 21);
    expect(await screen.findByText(messages.onlyAdminsCanModify)).toBeTruthy();
    expect(screen.getByText(messages.conflict)).toBeTruthy();
    const reported = screen.getByLabelText(ownMessages.deviceLastConfig);
    await waitFor(() => expect(reported.textContent).toBe(pretty(3)));
    expect(screen.queryByRole('button', { name: ownMessages.useDeviceConfig })).toBeNull();
    expect(screen.queryByRole('link', { name: ownMessages.resolveConflict })).toBeNull();
  });

  it("in view mode, saves an admin's choice at once and reads the device again, with no reminder to submit", async () => {
    renderScreen('view', 21);
    expect(await screen.findByRole('link', { name: ownMessages.resolveConflict })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: ownMessages.useProductConfig }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0].body).toEqual({ config_state: 'waiting_to_be_send' });
    const put = calls.indexOf(puts()[0]);
    await waitFor(() => expect(calls.slice(put + 1).some((c) => c.method === 'GET' && /\/device\/21$/.test(c.url.pathname))).toBe(true));
    expect(screen.queryByText(messages.conflictResolved)).toBeNull();
    expect(screen.queryByRole('button', { name: messages.submit })).toBeNull();
  });

  it("uses the device's configuration: its id, synchronized, after the reminder to submit", async () => {
    renderScreen('edit', 21);
    await editor(pretty(2));
    fireEvent.click(await screen.findByRole('button', { name: ownMessages.useDeviceConfig }));
    expect(await screen.findByText(messages.conflictResolved)).toBeTruthy();
    await editor(pretty(3));
    expect(state()).toBe(labels.synchronized);
    submit();
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0].body).toEqual({ config_id: 3, config_state: 'synchronized' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("uses the product's configuration: waiting to be sent", async () => {
    renderScreen('edit', 21);
    await editor(pretty(2));
    fireEvent.click(await screen.findByRole('button', { name: ownMessages.useProductConfig }));
    expect(await screen.findByText(messages.conflictResolved)).toBeTruthy();
    expect(state()).toBe(labels.waiting_to_be_send);
    submit();
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0].body).toEqual({ config_state: 'waiting_to_be_send' });
  });

  it('compares the three versions key by key and saves the keys taken from each side as a new configuration', async () => {
    renderScreen('edit', 21);
    await editor(pretty(2));
    const table = await screen.findByRole('table', { name: ownMessages.compareByKey });
    const row = (key: string) => within(table).getByRole('cell', { name: key }).closest('tr')!;
    await waitFor(() => expect(within(row('interval')).getAllByRole('cell').map((c) => c.textContent).slice(0, 4)).toEqual(['interval', '60', '30', '60']));
    expect(within(row('extra')).getAllByRole('cell')[2].textContent).toBe(ownMessages.keyAbsent);
    // Only the device changed 'mode' and added 'extra': they start on its side; the product changed 'interval'.
    const take = (key: string) => within(table).getByRole('radiogroup', { name: ownMessages.takeKeyFrom(key) });
    expect((within(take('mode')).getByRole('radio', { name: 'Device' }) as HTMLInputElement).checked).toBe(true);
    expect((within(take('interval')).getByRole('radio', { name: 'Product' }) as HTMLInputElement).checked).toBe(true);
    expect(within(row('led')).queryByRole('radiogroup')).toBeNull();
    fireEvent.click(within(take('extra')).getByRole('radio', { name: 'Product' }));
    fireEvent.click(screen.getByRole('button', { name: ownMessages.useChosenValues }));
    const merged = { interval: 30, mode: 'turbo', led: true };
    await editor(JSON.stringify(merged, null, 2));
    expect(state()).toBe(labels.waiting_to_be_send);
    expect(screen.getByText(messages.conflictResolved)).toBeTruthy();
    submit();
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(JSON.parse(String((calls.find((c) => c.method === 'POST')!.body as { config: string }).config))).toEqual(merged);
    expect(puts()[0].body).toEqual({ config_id: 42, config_state: 'waiting_to_be_send' });
  });

  it("takes every key from the device's side as the device's configuration, without a new one", async () => {
    renderScreen('edit', 21);
    await editor(pretty(2));
    const table = await screen.findByRole('table', { name: ownMessages.compareByKey });
    fireEvent.click(within(within(table).getByRole('radiogroup', { name: ownMessages.takeKeyFrom('interval') })).getByRole('radio', { name: 'Device' }));
    fireEvent.click(screen.getByRole('button', { name: ownMessages.useChosenValues }));
    await editor(pretty(3));
    expect(state()).toBe(labels.synchronized);
    submit();
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0].body).toEqual({ config_id: 3, config_state: 'synchronized' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows the raw text of a report that does not parse, and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderScreen('view', 22);
    const reported = await screen.findByLabelText(ownMessages.deviceLastConfig);
    await waitFor(() => expect(reported.textContent).toBe(configs[4]));
    expect(logged).toHaveBeenCalledWith(ownMessages.conflictConfigNotJson(4));
    expect(screen.getByText(ownMessages.notComparableByKey)).toBeTruthy();
  });
});

describe('the devices table', () => {
  it('shows the sync state column with its labels and filters by it', async () => {
    const route = deriveConsoleRoutes(categories).find((r) => r.path === '/devices')!;
    render(
      <RouterProvider
        router={createMemoryRouter(
          [{ path: '*', element: <AdminContext dataProvider={createDataProvider()} i18nProvider={i18nProvider} store={memoryStore()}><ListPage route={route} /></AdminContext> }],
          { initialEntries: ['/devices'] },
        )}
      />,
    );
    await waitFor(() => expect(document.querySelectorAll('tbody tr')).toHaveLength(4));
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    const column = headers.indexOf('Configuration state');
    expect(column).toBeGreaterThan(-1);
    const cell = (name: string) => screen.getByRole('link', { name }).closest('tr')!.querySelectorAll('td')[column].textContent;
    expect([cell('Synced'), cell('Clash')]).toEqual([labels.synchronized, labels.conflict]);

    const filter = screen.getByLabelText('Configuration state') as HTMLSelectElement;
    expect([...filter.options].map((o) => o.textContent)).toEqual([ownMessages.allValues, labels.synchronized, labels.waiting_to_be_send, labels.conflict]);
    fireEvent.change(filter, { target: { value: 'conflict' } });
    await waitFor(() => expect(document.querySelectorAll('tbody tr')).toHaveLength(2));
    expect(screen.getByRole('link', { name: 'Garbled' })).toBeTruthy();
  });
});
