/**
 * A device form and disabled firmwares (spec 'Dropdown': hidden; spec section 4), in jsdom over a
 * fake /api: the target picker never offers one, a disabled target the device already holds is
 * kept by a save, and a target the form newly sets to one (by following a group aiming at it) is
 * the field's problem before any save, worded as the server's refusal.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AdminContext, memoryStore } from 'react-admin';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { createAuthProvider } from '../../src/dataProvider/authProvider';
import { createProfileStore, type Profile } from '../../src/dataProvider/profile';
import { resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';
import { i18nProvider } from '../../src/i18n';
import { messages, ownMessages } from '../../src/messages';
import { mustGetCategory } from '../../src/schemas';
import { ObjectScreen } from '../../src/resources/object/ObjectScreen';
import { jsonResponse, type RecordedCall } from './fetchMock';
import { installFakeApi } from './listFakeApi';
import type { Objects } from './dropdownHarness';

const profile: Profile = { id: 1, username: 'admin', preferences: {}, is_server_admin: false, teams: [{ id: 1, name: 'Blue', role_id: 3 }] };
const base = { team_id: 1, type_id: 3, notes: '', icon: null, custom_fields_from_type: [], provisioning: null, author_id: 1, current_firmware_id: null };
const devices = [
  { ...base, id: 20, name: 'Aimed', uid_for_type: 'A1', group_id: null, target_firmware_id: 9 },
  { ...base, id: 21, name: 'Current', uid_for_type: 'A2', group_id: null, target_firmware_id: 8 },
];
const objects: Objects = {
  team: [{ id: 1, name: 'Blue' }],
  type: [{ id: 3, name: 'Sensor', team_id: 1, name_of_uid: 'Serial' }],
  firmware: [
    { id: 8, name: 'Core', team_id: 1, type_id: 3, version: '2.0.0', is_disabled: 0 },
    { id: 9, name: 'Core', team_id: 1, type_id: 3, version: '0.9.0', is_disabled: 1 },
  ],
  // Stored before targets were checked: a group aiming at the disabled firmware.
  devices_group: [{ id: 5, name: 'Old fleet', team_id: 1, type_id: 3, target_firmware_id: 9 }],
  device: devices,
};

let calls: RecordedCall[];

beforeEach(() => {
  setErrorUi({ alert: vi.fn(), goHome: vi.fn() });
  calls = installFakeApi(objects, ({ url, method, body }) => {
    if (url.pathname === '/api/get_teams_where_user_is_admin/') return jsonResponse({ json_list: [{ id: 1, name: 'Blue' }] });
    const one = /^\/api\/(?:full\/)?([a-z_]+)\/(\d+)$/.exec(url.pathname);
    const row = one && (objects[one[1]] as Record<string, unknown>[] | undefined)?.find((o) => String(o.id) === one[2]);
    return row ? jsonResponse({ ...row, ...(method === 'PUT' ? (body as object) : {}) }) : undefined;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetErrorUi();
});

function renderEdit(id: number) {
  const store = createProfileStore(async () => profile);
  const element = (
    <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider(store)} i18nProvider={i18nProvider} store={memoryStore()}>
      <ObjectScreen category={mustGetCategory('device')} mode="edit" id={String(id)} />
    </AdminContext>
  );
  render(<RouterProvider router={createMemoryRouter([{ path: '*', element }], { initialEntries: ['/start'] })} />);
}

const REFUSED = ownMessages.firmwareDisabled('Core', '0.9.0');
const targetPicker = () => screen.findByRole('combobox', { name: 'Target firmware' });
const optionTexts = (select: HTMLElement) => within(select).getAllByRole('option').map((o) => o.textContent);

describe('a device form and disabled firmwares', () => {
  it('offers no disabled firmware, and saves a device that keeps the disabled target it holds', async () => {
    renderEdit(20);
    const picker = await targetPicker();
    await waitFor(() => expect(optionTexts(picker)).toContain(messages.firmwareOption('Core', '2.0.0')));
    // The held target keeps an option of its own, listed once; no other disabled firmware is offered.
    expect(optionTexts(picker).filter((text) => text === messages.firmwareOption('Core', '0.9.0'))).toHaveLength(1);
    fireEvent.change(screen.getByRole('textbox', { name: 'Notes' }), { target: { value: 'checked' } });
    fireEvent.click(screen.getByRole('button', { name: messages.submit }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(screen.queryByText(REFUSED)).toBeNull();
  });

  it('says a newly set disabled target is refused and does not save', async () => {
    renderEdit(21);
    await targetPicker();
    const group = await screen.findByRole('combobox', { name: 'Group' });
    await waitFor(() => expect(optionTexts(group)).toContain('Old fleet'));
    fireEvent.change(group, { target: { value: '5' } });
    expect((await screen.findAllByText(REFUSED)).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: messages.submit }));
    await waitFor(() => expect(screen.getAllByText(REFUSED).length).toBeGreaterThan(0));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});
