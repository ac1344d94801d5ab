/**
 * The rollout's create page over a fake /api (fetch is the only stand-in): the enabled firmwares of
 * the team with their file, the live count of the devices (GET /api/full/device with the team, the
 * firmware's type and the group or filter, range [0,0], read from Content-Range), each phase's size
 * by phaseSizes, a step's problem before it is left, and the POST that lands on the progress page.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AdminContext, memoryStore } from 'react-admin';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { createAuthProvider } from '../../src/dataProvider/authProvider';
import { createProfileStore, type Profile } from '../../src/dataProvider/profile';
import { resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';
import { i18nProvider } from '../../src/i18n';
import { messages, ownMessages } from '../../src/messages';
import { phaseSizes, DEFAULT_PHASES } from '../../src/schemas/rolloutPlan';
import { RolloutCreatePage } from '../../src/resources/rollout/RolloutCreatePage';
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
    { id: 2, name: 'Read only', role_id: 1 },
  ],
};
const DEVICES_IN_GROUP = 200;
const objects: Objects = {
  team: [
    { id: 1, name: 'Blue' },
    { id: 2, name: 'Read only' },
  ],
  type: [{ id: 3, name: 'Sensor', team_id: 1 }],
  firmware: [
    { id: 7, name: 'Core', version: '2.0.0', team_id: 1, type_id: 3, is_disabled: 0, filename: 'core.bin' },
    { id: 8, name: 'Off', version: '1.0.0', team_id: 1, type_id: 3, is_disabled: 1, filename: 'off.bin' },
    { id: 9, name: 'Empty', version: '3.0.0', team_id: 1, type_id: 3, is_disabled: 0, filename: null },
  ],
  devices_group: [{ id: 20, name: 'Field', team_id: 1, type_id: 3 }],
  device: [
    ...Array.from({ length: DEVICES_IN_GROUP }, (_, i) => ({ id: 100 + i, name: `field ${i}`, team_id: 1, type_id: 3, group_id: 20 })),
    { id: 50, name: 'lab one', team_id: 1, type_id: 3, group_id: null },
  ],
};

let calls: RecordedCall[];
let refuseSave: string | undefined;
const alert = vi.fn();

beforeEach(() => {
  refuseSave = undefined;
  alert.mockReset();
  setErrorUi({ alert, goHome: vi.fn() });
  calls = installFakeApi(objects, ({ url, method }) => {
    if (method === 'POST' && url.pathname === '/api/rollout') return refuseSave ? jsonResponse({ Description: refuseSave }, 409) : jsonResponse({ id: 41 }, 201);
    if (url.pathname === '/api/type/3') return jsonResponse({ id: 3, name: 'Sensor' });
    return undefined;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetErrorUi();
});

function renderPage() {
  const store = createProfileStore(async () => profile);
  const element = (
    <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider(store)} i18nProvider={i18nProvider} store={memoryStore()}>
      <RolloutCreatePage />
    </AdminContext>
  );
  const router = createMemoryRouter(
    [
      { path: '/rollout_new', element },
      { path: '/rollout_view', element: <p>progress page</p> },
    ],
    { initialEntries: ['/rollout_new'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: new RegExp(`^${label}`) }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const next = () => fireEvent.click(screen.getByRole('button', { name: ownMessages.rolloutNext }));

/** Fills the first step (name, team, firmware) and goes to the devices. */
async function firstStep() {
  fireEvent.change(await screen.findByRole('textbox', { name: /^Name/ }), { target: { value: 'Core to the field' } });
  await choose('Team', 'Blue');
  await choose('Firmware', messages.firmwareOption('Core', '2.0.0'));
  next();
  await screen.findByRole('radio', { name: ownMessages.rolloutDevicesByLabels.group });
}

const countCalls = () =>
  calls.filter((c) => c.url.pathname === '/api/full/device' && c.url.searchParams.get('range') === '[0,0]').map((c) => JSON.parse(c.url.searchParams.get('filter')!));

describe('the rollout create page', () => {
  it("offers the team's enabled firmwares that hold a file, and only the teams the user administers", async () => {
    renderPage();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /^Team/ }));
    await screen.findByRole('option', { name: 'Blue' });
    expect(screen.queryByRole('option', { name: 'Read only' })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'Blue' }));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /^Firmware/ }));
    await screen.findByRole('option', { name: messages.firmwareOption('Core', '2.0.0') });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([messages.firmwareOption('Core', '2.0.0')]);
  });

  it('says what the first step lacks instead of going on', async () => {
    renderPage();
    await screen.findByRole('combobox', { name: /^Team/ });
    next();
    expect(await screen.findByText(ownMessages.rolloutFirmwareRequired)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toBeTruthy();
  });

  it("counts the group's devices of the firmware's type live, through the list's total", async () => {
    renderPage();
    await firstStep();
    next();
    expect(await screen.findByText(ownMessages.rolloutGroupRequired)).toBeTruthy();
    await choose('Group', 'Field');
    expect(await screen.findByText(ownMessages.rolloutDeviceCount(DEVICES_IN_GROUP, 'Sensor'))).toBeTruthy();
    expect(countCalls()).toContainEqual({ team_id: 1, type_id: 3, group_id: 20 });
  });

  it("counts a filter's matches as the search text changes: the devices of no group first, any group when asked", async () => {
    renderPage();
    await firstStep();
    fireEvent.click(screen.getByRole('radio', { name: ownMessages.rolloutDevicesByLabels.filter }));
    expect(await screen.findByText(ownMessages.rolloutDeviceCount(1, 'Sensor'))).toBeTruthy();
    expect(countCalls()).toContainEqual({ team_id: 1, type_id: 3, group_id: null });
    await choose('Group', ownMessages.rolloutAnyGroup);
    expect(await screen.findByText(ownMessages.rolloutDeviceCount(DEVICES_IN_GROUP + 1, 'Sensor'))).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: ownMessages.rolloutSearchText }), { target: { value: 'field 1' } });
    expect(await screen.findByText(ownMessages.rolloutDeviceCount(111, 'Sensor'))).toBeTruthy();
    expect(countCalls()).toContainEqual({ team_id: 1, type_id: 3, q: 'field 1' });
    await choose('Group', ownMessages.rolloutNoGroup);
    expect(await screen.findByText(ownMessages.rolloutDeviceCount(0, 'Sensor'))).toBeTruthy();
    expect(countCalls()).toContainEqual({ team_id: 1, type_id: 3, q: 'field 1', group_id: null });
    next();
    await screen.findByRole('group', { name: ownMessages.rolloutPhaseHeading(1) });
    next();
    fireEvent.click(await screen.findByRole('button', { name: ownMessages.rolloutSave }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ device_filter: { q: 'field 1', group_id: null }, rollback_on_abort: false });
  });

  it('shows roll back on abort on and disabled, with why, for a rollout over a group, and sends it on', async () => {
    renderPage();
    await firstStep();
    await choose('Group', 'Field');
    next();
    await screen.findByRole('group', { name: ownMessages.rolloutPhaseHeading(1) });
    next();
    const rollback = await screen.findByRole('switch', { name: 'Roll back on abort' });
    expect([(rollback as HTMLInputElement).checked, (rollback as HTMLInputElement).disabled]).toEqual([true, true]);
    expect(screen.getByText(ownMessages.rolloutGroupAlwaysRollsBack)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: ownMessages.rolloutSave }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ devices_group_id: 20, rollback_on_abort: true });
  });

  it('previews how many devices each phase takes by phaseSizes, as phases change, and saves to the progress page', async () => {
    const router = renderPage();
    await firstStep();
    await choose('Group', 'Field');
    await screen.findByText(ownMessages.rolloutDeviceCount(DEVICES_IN_GROUP, 'Sensor'));
    next();
    const sizes = phaseSizes(DEVICES_IN_GROUP, DEFAULT_PHASES);
    const phase = (n: number) => screen.getByRole('group', { name: ownMessages.rolloutPhaseHeading(n) });
    await screen.findByRole('group', { name: ownMessages.rolloutPhaseHeading(4) });
    sizes.forEach((size, i) => expect(within(phase(i + 1)).getByText(ownMessages.rolloutPhaseTakes(size))).toBeTruthy());
    expect(sizes).toEqual([2, 20, 89, 89]);

    // Phase 1 becomes a count of 5 devices; phase 3 goes: 5, then 10% of 195 (20), then the rest.
    fireEvent.mouseDown(within(phase(1)).getByRole('combobox', { name: ownMessages.rolloutPhaseKind }));
    fireEvent.click(await screen.findByRole('option', { name: ownMessages.rolloutPhaseKindLabels.count }));
    fireEvent.change(within(phase(1)).getByRole('spinbutton', { name: ownMessages.rolloutPhaseValue }), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: ownMessages.rolloutRemovePhase(3) }));
    await waitFor(() => expect(screen.queryByRole('group', { name: ownMessages.rolloutPhaseHeading(4) })).toBeNull());
    expect(within(phase(1)).getByText(ownMessages.rolloutPhaseTakes(5))).toBeTruthy();
    expect(within(phase(2)).getByText(ownMessages.rolloutPhaseTakes(20))).toBeTruthy();
    expect(within(phase(3)).getByText(ownMessages.rolloutPhaseTakes(175))).toBeTruthy();

    next();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /^After a phase/ }));
    fireEvent.click(await screen.findByRole('option', { name: ownMessages.rolloutAdvanceLabels.wait }));
    fireEvent.click(screen.getByRole('button', { name: ownMessages.rolloutSave }));
    expect(await screen.findByText(ownMessages.rolloutWaitMinutesRequired)).toBeTruthy();
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Wait (minutes)' }), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: ownMessages.rolloutSave }));

    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/rollout_view?id=41'));
    const post = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/rollout');
    expect(post?.body).toMatchObject({
      name: 'Core to the field',
      team_id: 1,
      firmware_id: 7,
      devices_group_id: 20,
      phases: [{ count: 5 }, { percent: 10 }, { percent: 100 }],
      failure_threshold_percent: 20,
      advance: 'wait',
      wait_minutes: 15,
    });
    expect(post?.body).not.toHaveProperty('device_filter');
  });

  it('takes devices chosen one by one, found by name, and sends their ids', async () => {
    renderPage();
    await firstStep();
    fireEvent.click(screen.getByRole('radio', { name: ownMessages.rolloutDevicesByLabels.chosen }));
    next();
    expect(await screen.findByText(ownMessages.rolloutDevicesRequired)).toBeTruthy();
    const box = screen.getByRole('combobox', { name: ownMessages.rolloutChooseDevices });
    // Focused, as a user's typing leaves it (MUI resets the text of an unfocused box).
    box.focus();
    fireEvent.change(box, { target: { value: 'lab' } });
    fireEvent.click(await screen.findByRole('option', { name: 'lab one' }));
    expect(await screen.findByText(ownMessages.rolloutDeviceCount(1, 'Sensor'))).toBeTruthy();
    // Only devices of no group are offered (one of a group would have the rollout refused): asked so of the server.
    const asked = () => calls.filter((c) => c.url.pathname === '/api/full/device' && c.url.searchParams.get('range') === '[0,19]').map((c) => JSON.parse(c.url.searchParams.get('filter')!));
    box.focus();
    fireEvent.change(box, { target: { value: 'field' } });
    await waitFor(() => expect(asked()).toContainEqual({ team_id: 1, type_id: 3, group_id: null, q: 'field' }));
    expect(asked().every((filter) => filter.group_id === null)).toBe(true);
    expect(screen.queryByRole('option', { name: /^field/ })).toBeNull();
    next();
    expect(within(await screen.findByRole('group', { name: ownMessages.rolloutPhaseHeading(1) })).getByText(ownMessages.rolloutPhaseTakes(1))).toBeTruthy();
    next();
    fireEvent.click(await screen.findByRole('button', { name: ownMessages.rolloutSave }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/rollout');
    expect(post?.body).toMatchObject({ device_ids: [50] });
    expect(post?.body).not.toHaveProperty('devices_group_id');
  });

  it('keeps everything chosen when the server refuses the save, and says why', async () => {
    refuseSave = "A rollout named 'Core to the field' already exists in this team.";
    const router = renderPage();
    await firstStep();
    await choose('Group', 'Field');
    next();
    await screen.findByRole('group', { name: ownMessages.rolloutPhaseHeading(1) });
    next();
    fireEvent.click(await screen.findByRole('button', { name: ownMessages.rolloutSave }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(refuseSave));
    expect(router.state.location.pathname).toBe('/rollout_new');
    fireEvent.click(screen.getByRole('button', { name: ownMessages.rolloutBack }));
    fireEvent.click(screen.getByRole('button', { name: ownMessages.rolloutBack }));
    fireEvent.click(screen.getByRole('button', { name: ownMessages.rolloutBack }));
    expect((await screen.findByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Core to the field');
  });
});
