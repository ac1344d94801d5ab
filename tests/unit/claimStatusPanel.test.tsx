/**
 * The device form's claim status block against a fake /api: admins set a device to be claimed and
 * see its claim code once; unsetting asks first; plain members only read the status. The change
 * goes through the data provider: any mounted view of the device reads it again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Notification, useGetOne } from 'react-admin';
import { ownMessages } from '../../src/messages';
import { mustGetCategory } from '../../src/schemas';
import { ClaimStatusPanel } from '../../src/resources/device/ClaimStatusPanel';
import { Harness } from './dropdownHarness';
import { installFetch, jsonResponse, type RecordedCall } from './fetchMock';
import { useRef } from 'react';
import { resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';

const category = mustGetCategory('device');
const CODE = 'ABCD-EFGH-JKMN-PQRS';

/** Another view of device 7 mounted meanwhile (its screen, a table): how many times it was read. */
const DeviceView = () => {
  const { dataUpdatedAt } = useGetOne('device', { id: 7 });
  const reads = useRef(new Set<number>());
  if (dataUpdatedAt) reads.current.add(dataUpdatedAt);
  return <output aria-label="device reads">{reads.current.size}</output>;
};
const deviceReads = () => screen.getByLabelText('device reads').textContent;
const isDeviceRead = (c: RecordedCall) => c.url.pathname === '/api/full/device/7';
const claimCalls = (calls: RecordedCall[]) => calls.filter((c) => !isDeviceRead(c));

function panel(record: { id: number; to_be_claimed: boolean }, isAdmin: boolean) {
  const ui = (r: typeof record) => (
    <Harness>
      <ClaimStatusPanel category={category} record={r} mode="view" isAdmin={isAdmin} refresh={vi.fn()} />
      <DeviceView />
      <Notification />
    </Harness>
  );
  const view = render(ui(record));
  return { rerender: (r: typeof record) => view.rerender(ui(r)), unmount: view.unmount };
}

/** The fake /api: the device for its views, `answer` for the claim call. */
const api = (answer: () => Response) => installFetch((c) => (isDeviceRead(c) ? jsonResponse({ id: 7, name: 'Pump' }) : answer()));

afterEach(() => {
  resetErrorUi();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('ClaimStatusPanel', () => {
  it('plain members read the status and get no button', () => {
    api(() => jsonResponse({}));
    panel({ id: 7, to_be_claimed: true }, false);
    expect(screen.getByText(ownMessages.qrWaitingToBeClaimed)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('setting it shows the claim code once, with the note and a copy button, then every view of the device reads it again', async () => {
    const calls = api(() => jsonResponse({ claim_code: CODE }));
    const { rerender, unmount } = panel({ id: 7, to_be_claimed: false }, true);
    await waitFor(() => expect(deviceReads()).toBe('1'));
    expect(screen.getByText(ownMessages.notWaitingToBeClaimed)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: ownMessages.setToBeClaimed }));
    expect((await screen.findByTestId('claim-code')).textContent).toBe(CODE);
    expect(screen.getByText(ownMessages.claimCodeShownOnce)).toBeTruthy();
    expect(screen.getByRole('button', { name: ownMessages.copyClaimCode })).toBeTruthy();
    expect(claimCalls(calls).map((c) => [c.method, c.url.pathname, c.body])).toEqual([['PUT', '/api/set_device_claimed_status/7', { to_be_claimed: true }]]);
    await waitFor(() => expect(deviceReads()).toBe('2'));

    // The device read again keeps the code on screen; opened again later, the code is gone for good.
    rerender({ id: 7, to_be_claimed: true });
    expect(screen.getByText(ownMessages.qrWaitingToBeClaimed)).toBeTruthy();
    expect(screen.getByTestId('claim-code').textContent).toBe(CODE);
    unmount();
    panel({ id: 7, to_be_claimed: true }, true);
    expect(screen.queryByTestId('claim-code')).toBeNull();
    expect(screen.getByRole('button', { name: ownMessages.newClaimCode })).toBeTruthy();
  });

  it('unsetting asks for confirmation and calls nothing when refused', async () => {
    const calls = api(() => jsonResponse({ claim_code: null }));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    panel({ id: 7, to_be_claimed: true }, true);
    await waitFor(() => expect(deviceReads()).toBe('1'));
    fireEvent.click(screen.getByRole('button', { name: ownMessages.unsetToBeClaimed }));
    expect(confirm).toHaveBeenCalledWith(ownMessages.unsetToBeClaimedConfirm);
    expect(claimCalls(calls)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: ownMessages.unsetToBeClaimed }));
    await waitFor(() => expect(deviceReads()).toBe('2'));
    expect(claimCalls(calls).map((c) => [c.method, c.url.pathname, c.body])).toEqual([['PUT', '/api/set_device_claimed_status/7', { to_be_claimed: false }]]);
    expect(screen.queryByTestId('claim-code')).toBeNull();
  });

  it('a refused call alerts its Description (spec section 8) and reads nothing again', async () => {
    const alert = vi.fn();
    setErrorUi({ alert });
    api(() => jsonResponse({ Description: 'Only administrators of the team can do this.' }, 403));
    panel({ id: 7, to_be_claimed: false }, true);
    await waitFor(() => expect(deviceReads()).toBe('1'));
    fireEvent.click(screen.getByRole('button', { name: ownMessages.setToBeClaimed }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Only administrators of the team can do this.'));
    expect(deviceReads()).toBe('1');
    expect(screen.queryByTestId('claim-code')).toBeNull();
  });
});
