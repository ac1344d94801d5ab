/**
 * The rollout's screen over a fake /api (fetch is the only stand-in): its progress on top (state,
 * a bar per phase with its counts), read again by itself while it runs; the failed devices linking
 * to their pages; the history; the buttons its state offers to team admins, each a PUT of its
 * action, Abort after a confirmation, a refusal's reason shown; members read only.
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
import { ownMessages } from '../../src/messages';
import { mustGetCategory } from '../../src/schemas';
import { phaseSizes, type RolloutProgress } from '../../src/schemas/rolloutPlan';
import { ObjectScreen } from '../../src/resources/object/ObjectScreen';
import { deviceStateLabel } from '../../src/resources/rollout/deviceStateLabel';
import { jsonResponse, type RecordedCall } from './fetchMock';
import { installFakeApi } from './listFakeApi';
import type { Objects } from './dropdownHarness';

const admin: Profile = { id: 1, username: 'admin', preferences: {}, is_server_admin: false, teams: [{ id: 1, name: 'Blue', role_id: 3 }] };
const member: Profile = { ...admin, username: 'member', teams: [{ id: 1, name: 'Blue', role_id: 1 }] };
const objects: Objects = {
  team: [{ id: 1, name: 'Blue' }],
  firmware: [{ id: 7, name: 'Core', version: '2.0.0', team_id: 1, type_id: 3, is_disabled: 0 }],
  devices_group: [{ id: 20, name: 'Field', team_id: 1, type_id: 3 }],
  device: Array.from({ length: 30 }, (_, i) => ({ id: 100 + i, name: `field ${i}`, team_id: 1, type_id: 3, group_id: i < 25 ? 20 : null })),
};
const GROUP_DEVICES = 25;
const rollout = {
  id: 5,
  name: 'Core to the field',
  team_id: 1,
  firmware_id: 7,
  type_id: 3,
  devices_group_id: 20,
  device_filter: null,
  device_ids: [],
  phases: [{ percent: 10 }, { percent: 100 }],
  failure_threshold_percent: 20,
  phase_timeout_minutes: null,
  advance: 'auto',
  wait_minutes: null,
  rollback_on_abort: false,
  state: 'running',
  phase: 1,
  notes: '',
  author_id: 1,
};
const phase = (p: Partial<RolloutProgress['phases'][number]>) => ({
  devices: 0,
  pending: 0,
  downloading: 0,
  installing: 0,
  succeeded: 0,
  failed: 0,
  started_at: null,
  ended_at: null,
  ...p,
});
const running: RolloutProgress = {
  state: 'running',
  phase: 1,
  next_phase_at: null,
  waits_for_continue: false,
  phases: [phase({ devices: 10, downloading: 2, installing: 3, succeeded: 4, failed: 1, started_at: '2026-11-28T10:00:00Z' }), phase({ devices: 90, pending: 90 })],
  failed_devices: [{ id: 33, name: 'field 3', phase: 1, message: 'flash write error' }],
  timeline: [
    { date: '2026-11-28T10:00:00Z', succeeded: 0, failed: 0 },
    { date: '2026-11-28T10:05:00Z', succeeded: 4, failed: 1 },
  ],
  history: [
    { date: '2026-11-28T10:00:00Z', event: 'start', phase: 0, by: 'admin' },
    { date: '2026-11-28T10:00:00Z', event: 'phase_started', phase: 1, by: null },
  ],
};

let calls: RecordedCall[];
let progress: RolloutProgress;
let refusal: string | undefined;

beforeEach(() => {
  progress = running;
  refusal = undefined;
  setErrorUi({ alert: vi.fn(), goHome: vi.fn() });
  calls = installFakeApi(objects, ({ url, method, body }) => {
    if (url.pathname === '/api/full/rollout/5') return jsonResponse({ ...rollout, state: progress.state, phase: progress.phase });
    if (url.pathname === '/api/rollout/5/progress') return jsonResponse(progress);
    if (method === 'PUT' && url.pathname === '/api/rollout/5/state') {
      if (refusal) return jsonResponse({ Description: refusal }, 409);
      const { action } = body as { action: string };
      progress = action === 'start' ? running : { ...progress, state: action === 'pause' ? 'paused' : action === 'abort' ? 'aborted' : 'running' };
      return jsonResponse(progress);
    }
    return undefined;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetErrorUi();
});

function renderScreen(profile: Profile = admin) {
  const store = createProfileStore(async () => profile);
  const element = (
    <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider(store)} i18nProvider={i18nProvider} store={memoryStore()}>
      <ObjectScreen category={mustGetCategory('rollout')} mode="view" id="5" />
    </AdminContext>
  );
  render(<RouterProvider router={createMemoryRouter([{ path: '*', element }], { initialEntries: ['/rollout_view?id=5'] })} />);
}

const stateLine = (state: string, n: number, of: number) => ownMessages.rolloutStateLine(ownMessages.rolloutStateLabels[state], n, of);
const button = (action: string) => screen.findByRole('button', { name: ownMessages.rolloutActionLabels[action] });
const stateCalls = () => calls.filter((c) => c.url.pathname === '/api/rollout/5/state').map((c) => c.body);

describe('the rollout screen', () => {
  it("shows its state, a bar per phase with each state's count, the chart, the failed devices linking to their pages, and the history", async () => {
    renderScreen();
    expect(await screen.findByText(stateLine('running', 1, 2))).toBeTruthy();
    const first = screen.getByRole('group', { name: ownMessages.rolloutPhaseHeading(1) });
    expect(first.getAttribute('aria-current')).toBe('step');
    for (const [state, n] of [['pending', 0], ['downloading', 2], ['installing', 3], ['succeeded', 4], ['failed', 1]] as const) {
      expect(within(first).getByText(`${deviceStateLabel(state, 1, 1)}: ${n}`)).toBeTruthy();
    }
    expect(within(screen.getByRole('group', { name: ownMessages.rolloutPhaseHeading(2) })).getByText(`${ownMessages.rolloutDeviceStateLabels.pending}: 90`)).toBeTruthy();
    expect(screen.getByRole('img', { name: ownMessages.rolloutChartText(4, 1) })).toBeTruthy();
    const failed = screen.getByRole('table', { name: ownMessages.rolloutFailedHeading });
    expect(within(failed).getByRole('link', { name: 'field 3' }).getAttribute('href')).toBe('/device_view?id=33');
    expect(within(failed).getByText('flash write error')).toBeTruthy();
    const history = screen.getByRole('list', { name: ownMessages.rolloutHistoryHeading });
    expect(within(history).getByText(ownMessages.rolloutEventLabels.start)).toBeTruthy();
    expect(within(history).getByText(`${ownMessages.rolloutEventLabels.phase_started}, ${ownMessages.rolloutHistoryPhase(1)}`)).toBeTruthy();
  });

  it('reads its progress again by itself while it runs', async () => {
    renderScreen();
    await screen.findByText(stateLine('running', 1, 2));
    progress = { ...running, phases: [phase({ devices: 10, succeeded: 9, failed: 1 }), phase({ devices: 90, pending: 90 })] };
    const first = screen.getByRole('group', { name: ownMessages.rolloutPhaseHeading(1) });
    expect(await within(first).findByText(`${ownMessages.rolloutDeviceStateLabels.succeeded}: 9`)).toBeTruthy();
  });

  it('pauses it with PUT state {"action":"pause"}, then offers Resume', async () => {
    renderScreen();
    expect(screen.queryByRole('button', { name: ownMessages.rolloutActionLabels.continue })).toBeNull();
    fireEvent.click(await button('pause'));
    expect(await screen.findByText(stateLine('paused', 1, 2))).toBeTruthy();
    expect(stateCalls()).toEqual([{ action: 'pause' }]);
    expect(await button('resume')).toBeTruthy();
    expect(screen.queryByRole('button', { name: ownMessages.rolloutActionLabels.pause })).toBeNull();
  });

  it('offers Continue when the phase waits for it', async () => {
    progress = { ...running, waits_for_continue: true };
    renderScreen();
    expect(await screen.findByText(ownMessages.rolloutWaitsForContinue)).toBeTruthy();
    fireEvent.click(await button('continue'));
    await waitFor(() => expect(stateCalls()).toEqual([{ action: 'continue' }]));
  });

  it('aborts only once confirmed (over a group: its devices that succeeded are given back too, rollback asked or not)', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderScreen();
    fireEvent.click(await button('abort'));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(ownMessages.rolloutAbortConfirm(rollout.name, true)));
    expect(stateCalls()).toEqual([]);
    fireEvent.click(await button('abort'));
    expect(await screen.findByText(stateLine('aborted', 1, 2))).toBeTruthy();
    expect(stateCalls()).toEqual([{ action: 'abort' }]);
    expect(screen.queryByRole('button', { name: ownMessages.rolloutActionLabels.resume })).toBeNull();
  });

  it("shows the server's refusal beside the buttons", async () => {
    refusal = 'This rollout is finished: it cannot be paused.';
    renderScreen();
    fireEvent.click(await button('pause'));
    expect(await screen.findByText(refusal)).toBeTruthy();
  });

  it("offers Start for a draft, with what each phase would take now (the group's devices counted)", async () => {
    progress = { ...running, state: 'draft', phase: 0, phases: [], failed_devices: [], timeline: [], history: [] };
    renderScreen();
    expect(await screen.findByText(ownMessages.rolloutNotStarted)).toBeTruthy();
    const preview = await screen.findByRole('list', { name: ownMessages.rolloutDraftPreview(GROUP_DEVICES) });
    const sizes = phaseSizes(GROUP_DEVICES, rollout.phases);
    expect(within(preview).getAllByRole('listitem').map((li) => li.textContent)).toEqual(
      sizes.map((n, i) => `${ownMessages.rolloutPhaseHeading(i + 1)}: ${ownMessages.rolloutPhaseTakes(n)}`),
    );
    fireEvent.click(await button('start'));
    expect(await screen.findByText(stateLine('running', 1, 2))).toBeTruthy();
    expect(stateCalls()).toEqual([{ action: 'start' }]);
  });

  it('shows a member the progress without buttons', async () => {
    renderScreen(member);
    expect(await screen.findByText(ownMessages.rolloutAdminsOnly)).toBeTruthy();
    expect(screen.getByText(stateLine('running', 1, 2))).toBeTruthy();
    expect(screen.queryByRole('button', { name: ownMessages.rolloutActionLabels.pause })).toBeNull();
  });
});
