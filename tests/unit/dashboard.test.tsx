/**
 * The home page's figures against a fake /api: the last-seen counts, the configuration states
 * linked to the devices table's filter, the charts' labels (what a screen reader hears), the
 * firmware chart following the chosen type, the line shown to a user without devices, and the
 * guide shown to a user in no team.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AdminContext, memoryStore } from 'react-admin';
import { ownMessages } from '../../src/messages';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { profileStore, type Profile } from '../../src/dataProvider/profile';
import { resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';
import { i18nProvider } from '../../src/i18n';
import { Dashboard } from '../../src/custom/Dashboard';
import type { DashboardFigures } from '../../src/custom/dashboard/dashboardFigures';
import { keepBiggest } from '../../src/custom/dashboard/chartData';
import { installFetch, jsonResponse } from './fetchMock';

const profile: Profile = { id: 1, username: 'alice', preferences: {}, is_server_admin: false, teams: [{ id: 1, name: 'First team', role_id: 3 }] };

const none = { firmware_id: null, name: null, version: null };
const FLEET: DashboardFigures = {
  device_count: 4,
  not_seen_for_a_day: 3,
  never_seen: 1,
  config_states: [
    { config_state: 'synchronized', count: 1 },
    { config_state: 'waiting_to_be_send', count: 0 },
    { config_state: 'conflict', count: 2 },
    { config_state: null, count: 1 },
  ],
  types: [
    {
      type_id: 7,
      name: 'Sensor',
      count: 3,
      current_firmware: [
        { firmware_id: 11, name: 'sensorfw', version: '1.0.0', count: 2 },
        { ...none, count: 1 },
      ],
      target_firmware: [{ firmware_id: 12, name: 'sensorfw', version: '2.0.0', count: 3 }],
    },
    { type_id: 8, name: 'Gateway', count: 1, current_firmware: [{ ...none, count: 1 }], target_firmware: [{ ...none, count: 1 }] },
  ],
  updating_now: 2,
  failed_updates: 1,
  rollouts: [{ id: 31, name: 'greenhouses 2.1', state: 'paused', phase: 2, phases: 4 }],
};
const EMPTY: DashboardFigures = { ...FLEET, updating_now: 0, failed_updates: 0, rollouts: [], device_count: 0, not_seen_for_a_day: 0, never_seen: 0, types: [], config_states: FLEET.config_states.map((s) => ({ ...s, count: 0 })) };

async function renderHome(figures: DashboardFigures, me: Profile = profile) {
  setErrorUi({ alert: vi.fn(), goHome: vi.fn() });
  installFetch(({ url }) => {
    if (url.pathname === '/api/current_user') return jsonResponse(me);
    if (url.pathname === '/api/dashboard') return jsonResponse(figures);
    // The count cards read one object per category.
    return jsonResponse([], 200, { 'Content-Range': 'x */0' });
  });
  await profileStore.load();
  const router = createMemoryRouter(
    [{ path: '*', element: <AdminContext dataProvider={createDataProvider()} i18nProvider={i18nProvider} store={memoryStore()}><Dashboard /></AdminContext> }],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetErrorUi();
});

describe('the home page', () => {
  it('shows the devices not seen for a day and never seen', async () => {
    await renderHome(FLEET);
    const card = (await screen.findByRole('heading', { name: ownMessages.dashboardLastSeen })).closest('.MuiCard-root') as HTMLElement;
    expect(within(card).getByText(ownMessages.dashboardNotSeenForADay).previousSibling?.textContent).toBe('3');
    expect(within(card).getByText(ownMessages.dashboardNeverSeen).previousSibling?.textContent).toBe('1');
  });

  it("links each configuration state to the devices table's filter, and labels the pie", async () => {
    const router = await renderHome(FLEET);
    const conflict = await screen.findByRole('link', { name: 'Conflict 2' });
    expect(screen.getByRole('link', { name: 'Synchronized 1' })).toBeTruthy();
    expect(screen.getByText(`${ownMessages.dashboardNeverConfigured} 1`).closest('a')).toBeNull();
    expect(screen.getByRole('img', { name: 'Configuration sync states: Synchronized 1, Waiting to be sent 0, Conflict 2, Never configured 1' })).toBeTruthy();
    fireEvent.click(conflict);
    expect(router.state.location.pathname).toBe('/devices');
    expect(JSON.parse(new URLSearchParams(router.state.location.search).get('filter') ?? '')).toEqual({ config_state: 'conflict' });
  });

  it('links the devices updating now and those whose update failed to the devices table filtered by their update state', async () => {
    const router = await renderHome(FLEET);
    const card = (await screen.findByRole('heading', { name: ownMessages.dashboardUpdates })).closest('.MuiCard-root') as HTMLElement;
    const updating = within(card).getByRole('link', { name: ownMessages.dashboardUpdatingNow });
    expect(updating.previousSibling?.textContent).toBe('2');
    expect(within(card).getByRole('link', { name: ownMessages.dashboardFailedUpdates }).previousSibling?.textContent).toBe('1');
    fireEvent.click(updating);
    expect(router.state.location.pathname).toBe('/devices');
    expect(JSON.parse(new URLSearchParams(router.state.location.search).get('filter') ?? '')).toEqual({ update_state: ['downloading', 'installing'] });
  });

  it('lists the rollouts under way, each linked to its page with its state and phase of how many', async () => {
    const router = await renderHome(FLEET);
    const link = await screen.findByRole('link', { name: 'greenhouses 2.1' });
    expect(screen.getByText(ownMessages.dashboardRolloutPhase('Paused', 2, 4))).toBeTruthy();
    fireEvent.click(link);
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/rollout_view?id=31');
  });

  it('labels the chart of devices per type, and the firmware chart of the type chosen', async () => {
    await renderHome(FLEET);
    expect(await screen.findByRole('img', { name: 'Devices per type: Sensor 3, Gateway 1' })).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: 'Firmware versions in the field (Sensor): sensorfw (2.0.0): current 0, target 3, sensorfw (1.0.0): current 2, target 0, None: current 1, target 0',
      }),
    ).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: ownMessages.dashboardFirmwareType }));
    fireEvent.click(await screen.findByRole('option', { name: 'Gateway' }));
    expect(await screen.findByRole('img', { name: 'Firmware versions in the field (Gateway): None: current 1, target 1' })).toBeTruthy();
  });

  it('says so to a user whose teams have no device, with no chart', async () => {
    await renderHome(EMPTY);
    expect(await screen.findByText(ownMessages.dashboardNoDevices)).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('tells a user in no team what to do next, with their username, instead of a dashboard of zeros', async () => {
    const router = await renderHome(EMPTY, { ...profile, teams: [] });
    const guide = within(await screen.findByRole('region', { name: ownMessages.noTeamTitle }));
    expect(guide.getByText(ownMessages.noTeamAsk('alice'))).toBeTruthy();
    expect(screen.queryByText(ownMessages.dashboardNoDevices)).toBeNull();
    expect(screen.queryByRole('link', { name: /Devices/ })).toBeNull();
    fireEvent.click(guide.getByRole('link', { name: ownMessages.createTeam }));
    expect(router.state.location.pathname).toBe('/teams');
  });
});

describe('a chart of many groups', () => {
  it('keeps the biggest and sums the rest into one bar per series', () => {
    const bars = Array.from({ length: 12 }, (_, i) => ({ id: i, label: `t${i}`, values: [12 - i, 1] }));
    const kept = keepBiggest(bars);
    expect(kept).toHaveLength(10);
    expect(kept.slice(0, 9).map((b) => b.label)).toEqual(bars.slice(0, 9).map((b) => b.label));
    expect(kept[9]).toEqual({ label: ownMessages.dashboardMore(3), values: [3 + 2 + 1, 3] });
  });
});
