/**
 * A device's rollouts on its screen (issue 30), in jsdom over a fake /api: the Rollouts section lists
 * each rollout newest first (name linked to its page, its state, the device's phase and update in it,
 * the failure message), and while a rollout holds the device the summary says beside the target
 * firmware which rollout set it; a device in no rollout says so, with no such note.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AdminContext, memoryStore } from 'react-admin';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { createAuthProvider } from '../../src/dataProvider/authProvider';
import { createProfileStore, type Profile } from '../../src/dataProvider/profile';
import { resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';
import { i18nProvider } from '../../src/i18n';
import { ownMessages } from '../../src/messages';
import { mustGetCategory } from '../../src/schemas';
import type { DeviceRollout } from '../../src/schemas/deviceRollouts';
import { ObjectScreen } from '../../src/resources/object/ObjectScreen';
import { jsonResponse } from './fetchMock';
import { installFakeApi } from './listFakeApi';
import type { Objects } from './dropdownHarness';

const profile: Profile = { id: 1, username: 'admin', preferences: {}, is_server_admin: false, teams: [{ id: 1, name: 'Blue', role_id: 3 }] };
const base = { team_id: 1, type_id: 3, group_id: null, notes: '', icon: null, custom_fields_from_type: [], provisioning: null, author_id: 1, firmware_history: [] };
const firmware = [
  { id: 7, name: 'Core', team_id: 1, type_id: 3, version: '1.0.0', is_disabled: 0 },
  { id: 8, name: 'Core', team_id: 1, type_id: 3, version: '2.1.0', is_disabled: 0 },
];
const devices = [
  { ...base, id: 20, name: 'Held', uid_for_type: 'A1', target_firmware_id: 8, current_firmware_id: 7, last_seen: null },
  { ...base, id: 21, name: 'Free', uid_for_type: 'A2', target_firmware_id: 7, current_firmware_id: 7, last_seen: null },
  { ...base, id: 22, name: 'Grouped', uid_for_type: 'A3', group_id: 4, target_firmware_id: 8, current_firmware_id: 8, last_seen: null },
  { ...base, id: 23, name: 'Loose', uid_for_type: 'A4', target_firmware_id: 8, current_firmware_id: 8, last_seen: null },
];
const objects: Objects = { team: [{ id: 1, name: 'Blue' }], type: [{ id: 3, name: 'Sensor', team_id: 1, name_of_uid: 'Serial' }], firmware, devices_group: [{ id: 4, name: 'North', team_id: 1, type_id: 3, target_firmware_id: 7 }], device: devices };

const ROLLOUTS: Record<number, DeviceRollout[]> = {
  20: [
    { id: 5, name: 'summer', state: 'running', phase: 2, device_phase: 2, device_state: 'installing', message: null, holds: true, keeps_target: false },
    { id: 3, name: 'spring', state: 'aborted', phase: 3, device_phase: 1, device_state: 'failed', message: 'flash write error', holds: false, keeps_target: false },
  ],
  21: [],
  22: [{ id: 6, name: 'autumn', state: 'finished', phase: 2, device_phase: 1, device_state: 'succeeded', message: null, holds: false, keeps_target: true }],
  23: [{ id: 6, name: 'autumn', state: 'finished', phase: 2, device_phase: 2, device_state: 'succeeded', message: null, holds: false, keeps_target: true }],
};

beforeEach(() => {
  setErrorUi({ alert: vi.fn(), goHome: vi.fn() });
  installFakeApi(objects, ({ url }) => {
    if (url.pathname === '/api/get_teams_where_user_is_admin/') return jsonResponse({ json_list: [{ id: 1, name: 'Blue' }] });
    const rollouts = /^\/api\/device\/(\d+)\/rollouts$/.exec(url.pathname);
    if (rollouts) return jsonResponse(ROLLOUTS[Number(rollouts[1])]);
    const one = /^\/api\/(?:full\/)?device\/(\d+)$/.exec(url.pathname);
    if (!one) return undefined;
    const device = devices.find((d) => d.id === Number(one[1]))!;
    const fw = (id: number) => firmware.find((f) => f.id === id) ?? null;
    return jsonResponse({ ...device, type: { id: 3, name: 'Sensor' }, target_firmware: fw(device.target_firmware_id), current_firmware: fw(device.current_firmware_id) });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetErrorUi();
});

function renderDevice(id: number) {
  const store = createProfileStore(async () => profile);
  const element = (
    <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider(store)} i18nProvider={i18nProvider} store={memoryStore()}>
      <ObjectScreen category={mustGetCategory('device')} mode="view" id={String(id)} />
    </AdminContext>
  );
  render(<RouterProvider router={createMemoryRouter([{ path: '*', element }], { initialEntries: ['/start'] })} />);
}

describe("a device's rollouts on its screen", () => {
  it('lists its rollouts newest first, each linked, with its phase and update in it', async () => {
    renderDevice(20);
    const table = await screen.findByRole('table', { name: ownMessages.sectionRollouts });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['summer', 'Running', ownMessages.rolloutPhaseOf(2, 2), 'Installing', ''],
      ['spring', 'Aborted', '1', 'Failed', 'flash write error'],
    ]);
    expect(within(rows[0]).getByRole('link', { name: 'summer' }).getAttribute('href')).toBe('/rollout_view?id=5');
  });

  it('says beside the target firmware which rollout set it while one holds the device', async () => {
    renderDevice(20);
    const summary = await screen.findByTestId('device-summary');
    const note = await within(summary).findByRole('link', { name: ownMessages.targetSetByRollout('summer', 2) });
    expect(note.getAttribute('href')).toBe('/rollout_view?id=5');
  });

  it('says which finished rollout left a device its target, and for a grouped one that its group does not give it', async () => {
    renderDevice(22);
    const note = await within(await screen.findByTestId('device-summary')).findByRole('link', { name: ownMessages.targetLeftByRollout('autumn', 1, true) });
    expect(note.getAttribute('href')).toBe('/rollout_view?id=6');
    cleanup();
    renderDevice(23);
    expect(await within(await screen.findByTestId('device-summary')).findByRole('link', { name: ownMessages.targetLeftByRollout('autumn', 2, false) })).toBeTruthy();
  });

  it('says a device in no rollout has been in none, with no note beside its target', async () => {
    renderDevice(21);
    expect(await screen.findByText(ownMessages.deviceNoRollouts)).toBeTruthy();
    expect(screen.queryByTestId('held-target')).toBeNull();
  });
});
