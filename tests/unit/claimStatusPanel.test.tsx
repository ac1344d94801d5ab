/**
 * The device form's claim status block against a fake /api: admins set a device to be claimed and
 * see its claim code once; unsetting asks first; plain members only read the status.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Notification } from 'react-admin';
import { ownMessages } from '../../src/messages';
import { mustGetCategory } from '../../src/schemas';
import { ClaimStatusPanel } from '../../src/resources/device/ClaimStatusPanel';
import { Harness } from './dropdownHarness';
import { installFetch, jsonResponse } from './fetchMock';
import { resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';

const category = mustGetCategory('device');
const CODE = 'ABCD-EFGH-JKMN-PQRS';

function panel(record: { id: number; to_be_claimed: boolean }, isAdmin: boolean, refresh = vi.fn()) {
  const ui = (r: typeof record) => (
    <Harness>
      <ClaimStatusPanel category={category} record={r} mode="view" isAdmin={isAdmin} refresh={refresh} />
      <Notification />
    </Harness>
  );
  const view = render(ui(record));
  return { refresh, rerender: (r: typeof record) => view.rerender(ui(r)), unmount: view.unmount };
}

afterEach(() => {
  resetErrorUi();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('ClaimStatusPanel', () => {
  it('plain members read the status and get no button', () => {
    panel({ id: 7, to_be_claimed: true }, false);
    expect(screen.getByText(ownMessages.qrWaitingToBeClaimed)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('setting it shows the claim code once, with the note and a copy button, then reads the device again', async () => {
    const calls = installFetch(() => jsonResponse({ claim_code: CODE }));
    const { refresh, rerender, unmount } = panel({ id: 7, to_be_claimed: false }, true);
    expect(screen.getByText(ownMessages.notWaitingToBeClaimed)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: ownMessages.setToBeClaimed }));
    expect((await screen.findByTestId('claim-code')).textContent).toBe(CODE);
    expect(screen.getByText(ownMessages.claimCodeShownOnce)).toBeTruthy();
    expect(screen.getByRole('button', { name: ownMessages.copyClaimCode })).toBeTruthy();
    expect(calls.map((c) => [c.method, c.url.pathname, c.body])).toEqual([['PUT', '/api/set_device_claimed_status/7', { to_be_claimed: true }]]);
    expect(refresh).toHaveBeenCalledTimes(1);

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
    const calls = installFetch(() => jsonResponse({ claim_code: null }));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { refresh } = panel({ id: 7, to_be_claimed: true }, true);
    fireEvent.click(screen.getByRole('button', { name: ownMessages.unsetToBeClaimed }));
    expect(confirm).toHaveBeenCalledWith(ownMessages.unsetToBeClaimedConfirm);
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: ownMessages.unsetToBeClaimed }));
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(calls.map((c) => [c.method, c.url.pathname, c.body])).toEqual([['PUT', '/api/set_device_claimed_status/7', { to_be_claimed: false }]]);
    expect(screen.queryByTestId('claim-code')).toBeNull();
  });

  it('a refused call alerts its Description (spec section 8) and reads nothing again', async () => {
    const alert = vi.fn();
    setErrorUi({ alert });
    installFetch(() => jsonResponse({ Description: 'Only administrators of the team can do this.' }, 403));
    const { refresh } = panel({ id: 7, to_be_claimed: false }, true);
    fireEvent.click(screen.getByRole('button', { name: ownMessages.setToBeClaimed }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Only administrators of the team can do this.'));
    expect(refresh).not.toHaveBeenCalled();
    expect(screen.queryByTestId('claim-code')).toBeNull();
  });
});
