/**
 * The object screen in jsdom over a fake /api: what the error list shows while typing, that a
 * form with errors sends nothing, what a save sends, and the change confirmation of an edit.
 * The browser suite (tests/e2e/object*.spec.ts) covers the same against the real server.
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
import { mustGetCategory } from '../../src/schemas';
import type { ObjectMode } from '../../src/resources/consoleRoutes';
import { ObjectScreen } from '../../src/resources/object/ObjectScreen';
import { ConfirmProvider } from '../../src/custom/confirm/ConfirmProvider';
import { UNIQUE_CHECK_ROWS } from '../../src/resources/object/useUniqueChecks';
import { installFetch, jsonResponse, type RecordedCall } from './fetchMock';
import { installXhr } from './uploadXhrMock';

// A firmware's file is hashed in a Web Worker, which jsdom has not: a fixed hash stands for it.
vi.mock('../../src/resources/firmware/hashFile', () => ({ hashFile: () => Promise.resolve('a'.repeat(64)) }));

const profile: Profile = { id: 1, username: 'admin', preferences: {}, is_server_admin: false, teams: [{ id: 1, name: 'First team', role_id: 3 }] };

const objects: Record<string, Record<string, unknown>[]> = {
  team: [{ id: 1, name: 'First team' }],
  type: [{ id: 3, name: 'Sensor', team_id: 1, name_of_uid: 'Serial' }],
  firmware: [
    { id: 7, name: 'Core', team_id: 1, type_id: 3, version: '1.0.0', is_disabled: 0 },
    { id: 8, name: 'Core', team_id: 1, type_id: 3, version: '2.0.0', is_disabled: 0 },
  ],
  devices_group: [
    { id: 11, name: 'North', team_id: 1, type_id: 3, target_firmware_id: 7 },
    { id: 12, name: 'South', team_id: 1, type_id: 3, target_firmware_id: 8 },
  ],
  device: [],
};

const device = {
  id: 20,
  name: 'Probe',
  team_id: 1,
  type_id: 3,
  group_id: 11,
  target_firmware_id: 7,
  uid_for_type: 'A1',
  notes: '',
  icon: null,
  custom_fields_from_type: [],
  provisioning: null,
  author_id: 1,
  author: { id: 1, username: 'admin' },
  type: { id: 3, name: 'Sensor', name_of_uid: 'Serial' },
  group: { id: 11, name: 'North' },
  target_firmware: { id: 7, name: 'Core', version: '1.0.0' },
  date: '2025-11-22T14:05:09Z',
};

let calls: RecordedCall[];
const alerts = vi.fn();
/** What GET /api/get_teams_where_user_is_admin/ answers. */
let adminTeams: { id: number; name: string }[];

/** The admin-teams call answers once this resolves (a test may hold it). */
let adminCallHeld: Promise<void>;
/** What a POST answers instead of a created object (a refusal of the server). */
let refuseCreate: { status: number; Description: string } | undefined;

beforeEach(() => {
  adminTeams = [{ id: 1, name: 'First team' }];
  adminCallHeld = Promise.resolve();
  refuseCreate = undefined;
  objects.device = [];
  setErrorUi({ alert: alerts, goHome: vi.fn() });
  alerts.mockReset();
  calls = installFetch(({ url, method, body }) => {
    const path = url.pathname;
    const one = /^\/api\/(?:full\/)?([a-z_]+)\/(\d+)$/.exec(path);
    if (path === '/api/get_teams_where_user_is_admin/') return adminCallHeld.then(() => jsonResponse({ json_list: adminTeams }));
    if (path.startsWith('/api/issemver/')) return jsonResponse(/^\d+\.\d+\.\d+$/.test(decodeURIComponent(path.slice(14))));
    if (method === 'POST' && refuseCreate) return jsonResponse({ Description: refuseCreate.Description }, refuseCreate.status);
    if (method === 'POST') return jsonResponse({ id: 99, ...(body as object) }, 201);
    if (path === '/api/full/device') {
      // The list dialect as the server speaks it: the type's devices whose name or uid holds q, or
      // whose uid is uid_for_type (both letter case aside), by id, the range's page of them.
      const filter = JSON.parse(url.searchParams.get('filter') ?? '{}') as { type_id?: number; q?: string; uid_for_type?: string };
      const lower = (t: unknown) => String(t).toLowerCase();
      const rows = objects.device.filter(
        (d) =>
          d.type_id === filter.type_id &&
          (filter.q === undefined || [d.name, d.uid_for_type].some((t) => lower(t).includes(lower(filter.q)))) &&
          (filter.uid_for_type === undefined || lower(d.uid_for_type) === lower(filter.uid_for_type)),
      );
      const [start, end] = (JSON.parse(url.searchParams.get('range') ?? 'null') as [number, number] | null) ?? [0, rows.length - 1];
      const page = rows.slice(start, end + 1);
      return jsonResponse(page, 200, { 'content-range': `device ${start}-${start + page.length - 1}/${rows.length}` });
    }
    if (method === 'PUT' && one) return jsonResponse({ ...device, ...(body as object) });
    if (one) {
      if (one[1] === 'device') return jsonResponse(device);
      const row = objects[one[1]]?.find((o) => String(o.id) === one[2]);
      return row ? jsonResponse(row) : jsonResponse({ Description: 'Not found.' }, 404);
    }
    const list = /^\/api\/([a-z_]+)$/.exec(path);
    if (list) {
      const fields = url.searchParams.get('fields')?.split(',');
      const rows = (objects[list[1]] ?? []).map((o) => (fields ? Object.fromEntries(fields.map((f) => [f, o[f]])) : o));
      return jsonResponse({ json_list: rows });
    }
    return jsonResponse({ Description: 'Not found.' }, 404);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetErrorUi();
});

function renderScreen(key: string, mode: ObjectMode, id?: string) {
  const store = createProfileStore(async () => profile);
  const element = (
    <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider(store)} i18nProvider={i18nProvider}>
      <ConfirmProvider>
        <ObjectScreen category={mustGetCategory(key)} mode={mode} id={id} />
      </ConfirmProvider>
    </AdminContext>
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/start'] });
  render(<RouterProvider router={router} />);
  return router;
}

const textbox = (name: string) => screen.getByRole('textbox', { name });
const combobox = (name: string) => screen.getByRole('combobox', { name });
const errorItems = () => within(screen.getByTestId('object-form-errors')).getAllByRole('listitem').map((li) => li.textContent);
const writes = () => calls.filter((c) => c.method !== 'GET');

describe('the add form validates on change', () => {
  it('lists the name and version problems under the heading, with the name summary', async () => {
    renderScreen('firmware', 'new');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: 'bad/name' } });
    await waitFor(() => expect(errorItems()).toEqual([messages.nameNotValid, messages.firmwareNameChars]));
    expect(screen.getByText(messages.fixErrorsHeading)).toBeTruthy();

    fireEvent.change(textbox('Name'), { target: { value: 'Core' } });
    fireEvent.change(textbox('Version'), { target: { value: '1.0' } });
    await waitFor(() => expect(errorItems()).toEqual([messages.versionNotSemver]));
  });

  it('refuses a name + version pair that exists in the team, once a team is chosen', async () => {
    renderScreen('firmware', 'new');
    // The single team is chosen automatically.
    await waitFor(() => expect((combobox('Team') as HTMLSelectElement).value).toBe('1'));
    fireEvent.change(textbox('Name'), { target: { value: 'Core' } });
    fireEvent.change(textbox('Version'), { target: { value: '2.0.0' } });
    await waitFor(() => expect(errorItems()).toEqual([messages.firmwareNotUnique('Core', '2.0.0')]));
    fireEvent.change(textbox('Version'), { target: { value: '2.0.1' } });
    await waitFor(() => expect(screen.queryByTestId('object-form-errors')).toBeNull());
  });

  it('sends nothing while there are errors, and lists the required fields after a try', async () => {
    renderScreen('firmware', 'new');
    await waitFor(() => expect((combobox('Team') as HTMLSelectElement).value).toBe('1'));
    fireEvent.click(screen.getByRole('button', { name: messages.submit }));
    await waitFor(() => expect(errorItems()).toEqual([messages.typeRequired, messages.versionEmpty, messages.uploadRequired]));
    expect(writes()).toEqual([]);
  });

  it('saves the schema defaults and the typed values, then goes to the view page', async () => {
    const router = renderScreen('firmware', 'new');
    await waitFor(() => expect((combobox('Team') as HTMLSelectElement).value).toBe('1'));
    fireEvent.change(textbox('Name'), { target: { value: 'Edge' } });
    await waitFor(() => expect(combobox('Type').hasAttribute('disabled')).toBe(false));
    fireEvent.change(combobox('Type'), { target: { value: '3' } });
    fireEvent.change(textbox('Version'), { target: { value: '0.1.0' } });
    const xhr = installXhr({ status: 200, body: '{}' });
    fireEvent.change(screen.getByTestId('file-input'), { target: { files: [new File(['fw'], 'fw.bin')] } });
    await screen.findByTestId('file-hash');
    fireEvent.click(screen.getByRole('button', { name: messages.submit }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/firmware_view'));
    expect(router.state.location.search).toBe('?id=99');
    const post = writes()[0];
    expect(post.url.pathname).toBe('/api/firmware');
    expect(post.body).toMatchObject({ name: 'Edge', team_id: 1, type_id: 3, version: '0.1.0', is_disabled: 0, firmware_hash: 'a'.repeat(64) });
    expect(xhr.sent.map((x) => x.url)).toEqual(['/api/upload/firmware/99']);
    // The remote semver check was asked.
    expect(calls.some((c) => c.url.pathname === '/api/issemver/0.1.0')).toBe(true);
  });
});

describe('an edit asks before changing type, group, target firmware or version', () => {
  it('lists the changes by name; refused, nothing is sent; accepted, only the changed fields are', async () => {
    const router = renderScreen('device', 'edit', '20');
    const group = await screen.findByRole('combobox', { name: 'Group' });
    // A device in a group cannot have an individual firmware.
    expect(screen.getByText(messages.individualFirmwareInGroup)).toBeTruthy();
    await waitFor(() => expect(within(group).getAllByRole('option').length).toBeGreaterThan(2));
    fireEvent.change(group, { target: { value: '12' } });
    await waitFor(() => expect((combobox('Target firmware') as HTMLSelectElement).value).toBe('8'));

    const confirm = vi.spyOn(window, 'confirm');
    fireEvent.click(screen.getByRole('button', { name: messages.submit }));
    const expected = ['Group: North → South', 'Target firmware: Core (1.0.0) → Core (2.0.0)', messages.confirmChanges].join('\n');
    // Asked in the page, never in the browser's box.
    await waitFor(() => expect(screen.getByRole('dialog').querySelector('#pucs-confirm-text')?.textContent).toBe(expected));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: messages.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: messages.submit }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: ownMessages.ok }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/device_view'));
    // The target firmware follows the group on the server: it is not sent while a group is set.
    expect(writes().map((c) => [c.method, c.url.pathname, c.body])).toEqual([['PUT', '/api/device/20', { group_id: 12 }]]);
    expect(alerts).not.toHaveBeenCalled();
    expect(confirm).not.toHaveBeenCalled();
  });
});

/** The text said under an input (its helper text), if any. */
const underField = (name: string) => document.getElementById(`${textbox(name).id}-helper-text`)?.textContent;

/** A new device of the type Sensor (uid labelled 'Serial'), the single team chosen by itself. */
async function newDevice(uid: string) {
  const router = renderScreen('device', 'new');
  await waitFor(() => expect((combobox('Team') as HTMLSelectElement).value).toBe('1'));
  await waitFor(() => expect(combobox('Type').hasAttribute('disabled')).toBe(false));
  fireEvent.change(combobox('Type'), { target: { value: '3' } });
  fireEvent.change(await screen.findByRole('textbox', { name: 'Serial' }), { target: { value: uid } });
  return router;
}

describe('what only the server knows is said under the field and in the error list (issue 13 item 5)', () => {
  it('a unique ID already used by a device of the type is found while typing, and nothing is sent', async () => {
    objects.device = [{ id: 21, name: 'Other', team_id: 1, type_id: 3, uid_for_type: 'B7' }];
    await newDevice('B7');
    await waitFor(() => expect(underField('Serial')).toBe(messages.uidNotUniquePerType));
    expect(errorItems()).toEqual([messages.uidNotUniquePerType]);
    const asked = calls.filter((c) => c.url.pathname === '/api/full/device');
    // The type's devices whose unique ID is the text (the exact filter of a findsOne field), a few at most.
    expect(asked.map((c) => [JSON.parse(c.url.searchParams.get('filter') ?? ''), c.url.searchParams.get('range'), c.url.searchParams.get('fields')])).toEqual([
      [{ type_id: 3, uid_for_type: 'B7' }, `[0,${UNIQUE_CHECK_ROWS - 1}]`, 'id,type_id,uid_for_type'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: messages.submit }));
    await waitFor(() => expect(screen.getByTestId('object-form-errors')).toBeTruthy());
    expect(writes()).toEqual([]);

    // 'B70' holds 'B7' but is no clash: only an exact one is.
    fireEvent.change(textbox('Serial'), { target: { value: 'B70' } });
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/full/device')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByTestId('object-form-errors')).toBeNull());
    expect(underField('Serial')).toBeUndefined();
  });

  it('a used unique ID is found however many devices of the type hold it as a part of theirs', async () => {
    // 120 devices whose ID holds 'B7' (more than any page of a search), then the one that is 'B7'.
    objects.device = [
      ...Array.from({ length: 120 }, (_, i) => ({ id: 100 + i, name: `Probe ${i}`, team_id: 1, type_id: 3, uid_for_type: `B7-${i}` })),
      { id: 300, name: 'Other', team_id: 1, type_id: 3, uid_for_type: 'B7' },
    ];
    await newDevice('B7');
    await waitFor(() => expect(underField('Serial')).toBe(messages.uidNotUniquePerType));
    expect(errorItems()).toEqual([messages.uidNotUniquePerType]);
  });

  it('a unique ID that differs from a used one by letter case only is free, as on the server', async () => {
    objects.device = [{ id: 21, name: 'Other', team_id: 1, type_id: 3, uid_for_type: 'b7' }];
    const router = await newDevice('B7');
    // Submit waits for the answer (the look-up finds b7) and saves.
    fireEvent.click(screen.getByRole('button', { name: messages.submit }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/device_view'));
    expect(writes().map((c) => (c.body as Record<string, unknown>).uid_for_type)).toEqual(['B7']);
    expect(calls.some((c) => JSON.parse(c.url.searchParams.get('filter') ?? '{}').uid_for_type === 'B7')).toBe(true);
  });

  it("the server's refusal of a used unique ID after Submit: under the field and in the list, not in a snackbar", async () => {
    refuseCreate = { status: 409, Description: 'The value is not unique: device_uid_per_type_key.' };
    const router = await newDevice('C3');
    fireEvent.click(screen.getByRole('button', { name: messages.submit }));
    await waitFor(() => expect(underField('Serial')).toBe(messages.uidNotUniquePerType));
    expect(errorItems()).toEqual([messages.uidNotUniquePerType]);
    expect(alerts).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/start');
    expect((textbox('Serial') as HTMLInputElement).value).toBe('C3');

    fireEvent.change(textbox('Serial'), { target: { value: 'C4' } });
    await waitFor(() => expect(screen.queryByTestId('object-form-errors')).toBeNull());
  });

  it('a name not unique refused by the server is said under the name; another refusal goes to the snackbar', async () => {
    refuseCreate = { status: 409, Description: messages.nameNotUnique('Probe') };
    await newDevice('D1');
    fireEvent.change(textbox('Name'), { target: { value: 'Probe' } });
    fireEvent.click(screen.getByRole('button', { name: messages.submit }));
    await waitFor(() => expect(underField('Name')).toBe(messages.nameNotUnique('Probe')));
    expect(errorItems()).toEqual([messages.nameNotValid, messages.nameNotUnique('Probe')]);
    expect(alerts).not.toHaveBeenCalled();

    refuseCreate = { status: 403, Description: 'Only administrators of the team can do this.' };
    fireEvent.click(screen.getByRole('button', { name: messages.submit }));
    await waitFor(() => expect(alerts).toHaveBeenCalledWith('Only administrators of the team can do this.'));
    expect(screen.queryByTestId('object-form-errors')).toBeNull();
  });
});

describe('leaving a form with unsaved changes asks first (issue 13 item 5)', () => {
  it('asks in the page; Cancel stays with the changes, Leave goes', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const router = renderScreen('device', 'edit', '20');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: 'Probe 2' } });
    fireEvent.blur(name);
    void router.navigate('/devices');
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(ownMessages.unsavedChanges);
    fireEvent.click(within(dialog).getByRole('button', { name: messages.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/start');
    expect((textbox('Name') as HTMLInputElement).value).toBe('Probe 2');

    void router.navigate('/devices');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: ownMessages.leaveForm }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/devices'));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('an untouched form, and a saved one, leave without asking', async () => {
    const router = renderScreen('device', 'edit', '20');
    await screen.findByRole('textbox', { name: 'Name' });
    void router.navigate('/devices');
    await waitFor(() => expect(router.state.location.pathname).toBe('/devices'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('who may modify the object (spec section 6)', () => {
  it('waits for the teams the user administers: no non-admin message for an admin, Edit and Delete once known', async () => {
    let release: () => void = () => {};
    adminCallHeld = new Promise((resolve) => (release = resolve));
    renderScreen('device', 'view', '20');
    expect(await screen.findByTestId('object-name')).toBeTruthy();
    expect(screen.queryByText(messages.onlyAdminsCanModify)).toBeNull();
    expect(screen.queryByRole('button', { name: messages.edit })).toBeNull();
    release();
    expect(await screen.findByRole('button', { name: messages.edit })).toBeTruthy();
    expect(screen.getByRole('button', { name: messages.delete })).toBeTruthy();
    expect(screen.queryByText(messages.onlyAdminsCanModify)).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/api/get_teams_where_user_is_admin/')).toBe(true);
  });

  it('a member who is not an admin of the team reads the object, told so, without Edit or Delete', async () => {
    // The profile still says admin: the fetched list decides.
    adminTeams = [];
    renderScreen('device', 'view', '20');
    expect(await screen.findByText(messages.onlyAdminsCanModify)).toBeTruthy();
    expect(screen.queryByRole('button', { name: messages.edit })).toBeNull();
    expect(screen.queryByRole('button', { name: messages.delete })).toBeNull();
  });
});
