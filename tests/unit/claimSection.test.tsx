/**
 * The claim section of the public QR page against a fake /api (spec sections 2, 4, 5 and 8): the
 * code check, then the claim form with its required team, options and the calls it sends.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ConsoleAdmin } from '../../src/ConsoleAdmin';
import { profileStore, type Profile } from '../../src/dataProvider/profile';
import { setErrorUi, resetErrorUi } from '../../src/dataProvider/errors';
import { messages, ownMessages } from '../../src/messages';
import { ClaimSection } from '../../src/custom/claim/ClaimSection';
import { ClaimedNotice, rememberClaimed } from '../../src/custom/claim/ClaimedNotice';
import type { ClaimedDevice } from '../../src/custom/claim/claimApi';
import { Harness, optionsHandler, type Objects } from './dropdownHarness';
import { installFetch, jsonResponse, type RecordedCall } from './fetchMock';

const CODE = 'ABCD-EFGH-JKMN-PQRS';
const device: ClaimedDevice = {
  id: 7,
  name: 'pump 7',
  team: 'factory',
  team_id: 1,
  type: 'pump',
  type_id: 3,
  uid_for_type: 'SN-0007',
  target_firmware: { name: 'pump fw', version: '1.2.0' },
};
const TEAMS = [
  { id: 10, name: 'greenhouse' },
  { id: 11, name: 'orchard' },
];
const OBJECTS: Objects = {
  type: [
    { id: 30, name: 'greenhouse pump', team_id: 10 },
    { id: 31, name: 'orchard pump', team_id: 11 },
  ],
  firmware: [
    { id: 40, name: 'gh fw', version: '2.0.0', type_id: 30, is_disabled: 0 },
    { id: 41, name: 'old fw', version: '0.1.0', type_id: 30, is_disabled: 1 },
  ],
  devices_group: [{ id: 50, name: 'north row', type_id: 30, team_id: 10, target_firmware_id: 40 }],
};

interface Api {
  teams?: typeof TEAMS;
  check?: () => Response;
  claim?: () => Response;
}

function fakeApi({ teams = TEAMS, check, claim }: Api = {}) {
  const options = optionsHandler(OBJECTS);
  return installFetch((call) => {
    const path = call.url.pathname;
    if (path === '/api/get_device_by_qr_and_claim_codes/q1')
      return check?.() ?? jsonResponse((call.body as { claim_code: string }).claim_code === CODE ? { is_code_valid: true, device } : { is_code_valid: false });
    if (path === '/api/get_teams_where_user_is_admin/') return jsonResponse({ json_list: teams });
    if (path === '/api/claim_device/7') return claim?.() ?? jsonResponse(undefined, 204);
    if (path === '/api/add_pucs_user_to_team/') return jsonResponse(undefined, 204);
    return options(call);
  });
}

const writes = (calls: RecordedCall[]) => calls.filter((c) => c.method !== 'GET').map((c) => [c.url.pathname, c.body]);

function section(onClaimed = vi.fn()) {
  render(
    <Harness>
      <ClaimSection qrId="q1" contact="mailto:help@example.com" onClaimed={onClaimed} />
    </Harness>,
  );
  return onClaimed;
}

async function enterCode(code: string) {
  fireEvent.change(screen.getByLabelText(new RegExp(ownMessages.claimCode)), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: ownMessages.checkClaimCode }));
}

const teamSelect = () => screen.getByLabelText(new RegExp(ownMessages.claimIntoTeam)) as HTMLSelectElement;

afterEach(() => {
  vi.unstubAllGlobals();
  resetErrorUi();
});

describe('the claim section', () => {
  it('on the public page, a signed-in visitor and a device to be claimed: the code field instead of the not-a-member message', async () => {
    const alert = vi.fn();
    setErrorUi({ alert });
    const profile: Profile = { id: 2, username: 'visitor', preferences: {}, is_server_admin: false, teams: [] };
    const device = { id: 5, name: 'd1', type: 'board', name_of_uid: 'Serial number', uid_for_type: 'SN-1', team: 'Lab' };
    const info = { id: 'q1', to_be_claimed: true, label_svg_image: null, provisioning: null, device };
    const options = optionsHandler(OBJECTS);
    installFetch((call) => {
      const path = call.url.pathname;
      if (path === '/api/current_user') return jsonResponse(profile);
      if (path === '/api/execute_qr_code_action/q1') return jsonResponse(info);
      if (path === '/api/qr_contact') return jsonResponse({ contact_url: 'mailto:help@example.com' });
      if (path === '/api/get_device_by_qr_and_claim_codes/q1') return jsonResponse({ is_code_valid: false });
      if (path === '/api/get_teams_where_user_is_admin/') return jsonResponse({ json_list: TEAMS });
      return options(call);
    });
    await profileStore.load();
    render(<RouterProvider router={createMemoryRouter([{ path: '*', element: <ConsoleAdmin /> }], { initialEntries: ['/qr?id=q1'] })} />);
    expect(await screen.findByRole('button', { name: ownMessages.checkClaimCode })).toBeTruthy();
    expect(screen.queryByText(messages.notTeamMember)).toBeNull();
    await enterCode('WRONG');
    const wrong = (await screen.findByText(messages.wrongClaimCode)).closest('[role="alert"]') as HTMLElement;
    expect(within(wrong).getByRole('link', { name: ownMessages.qrContact }).getAttribute('href')).toBe('mailto:help@example.com');
    expect(alert).not.toHaveBeenCalled();
  });

  it('tells a user who administers no team so, and what to do, instead of asking for a code', async () => {
    const calls = fakeApi({ teams: [] });
    section();
    const notice = await screen.findByTestId('no-admin-teams');
    expect(notice.textContent).toContain(ownMessages.noAdminTeams);
    expect(notice.textContent).toContain(ownMessages.noAdminTeamsHelp('Teams'));
    expect(within(notice).getByRole('link', { name: ownMessages.openTeams('Teams') }).getAttribute('href')).toMatch(/\/teams$/);
    expect(screen.queryByLabelText(new RegExp(ownMessages.claimCode))).toBeNull();
    expect(writes(calls)).toEqual([]);
  });

  it('requires a code before calling the server', async () => {
    const calls = fakeApi();
    section();
    fireEvent.click(screen.getByRole('button', { name: ownMessages.checkClaimCode }));
    expect(await screen.findByText(ownMessages.claimCodeRequired)).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('a rate-limited check shows the Description of the answer', async () => {
    fakeApi({ check: () => jsonResponse({ Description: 'Too many wrong claim codes. Please wait and try again.' }, 429, { 'Retry-After': '900' }) });
    section();
    await enterCode('WRONG');
    expect(await screen.findByText('Too many wrong claim codes. Please wait and try again.')).toBeTruthy();
    expect(screen.queryByText(messages.wrongClaimCode)).toBeNull();
  });

  it('a valid code shows the device; the single team is chosen; Claim sends the claim then adds the support user', async () => {
    const calls = fakeApi({ teams: [TEAMS[0]] });
    const onClaimed = section();
    await enterCode(`  ${CODE} `);
    const details = await screen.findByTestId('claimed-device');
    for (const text of ['pump 7', 'pump', 'SN-0007', 'factory', 'pump fw (1.2.0)']) expect(within(details).getByText(text)).toBeTruthy();
    await waitFor(() => expect(teamSelect().value).toBe('10'));
    expect(screen.getByText(ownMessages.addSupportUserHelp)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: ownMessages.claimSubmit }));
    await waitFor(() => expect(onClaimed).toHaveBeenCalledWith({ deviceId: 7, device: 'pump 7', team: 'greenhouse' }));
    expect(writes(calls)).toEqual([
      ['/api/get_device_by_qr_and_claim_codes/q1', { claim_code: CODE }],
      ['/api/claim_device/7', { claim_code: CODE, team_id: 10, should_firmware_be_copied: true }],
      ['/api/add_pucs_user_to_team/', { team_id: 10 }],
    ]);
  });

  it('requires a team; without the options, no support user and no firmware copy; the chosen type and firmware are sent', async () => {
    const calls = fakeApi();
    const onClaimed = section();
    await enterCode(CODE);
    await screen.findByTestId('claimed-device');
    await waitFor(() => expect(teamSelect().options.length).toBe(3));
    fireEvent.click(screen.getByRole('button', { name: ownMessages.claimSubmit }));
    expect(await screen.findByText(messages.teamRequired)).toBeTruthy();

    fireEvent.change(teamSelect(), { target: { value: '10' } });
    expect(screen.queryByText(messages.teamRequired)).toBeNull();
    fireEvent.click(screen.getByLabelText(ownMessages.copyFirmwareOption));
    fireEvent.click(screen.getByLabelText(ownMessages.addSupportUserOption));
    const type = screen.getByLabelText(ownMessages.claimedType) as HTMLSelectElement;
    await waitFor(() => expect([...type.options].map((o) => o.text)).toEqual([messages.selectAType, 'greenhouse pump']));
    fireEvent.change(type, { target: { value: '30' } });
    const firmware = screen.getByLabelText(ownMessages.claimedTargetFirmware) as HTMLSelectElement;
    await waitFor(() => expect([...firmware.options].map((o) => o.text)).toEqual(['', 'gh fw (2.0.0)']));
    fireEvent.change(firmware, { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: ownMessages.claimSubmit }));
    await waitFor(() => expect(onClaimed).toHaveBeenCalledTimes(1));
    expect(writes(calls).slice(1)).toEqual([
      ['/api/claim_device/7', { claim_code: CODE, team_id: 10, type_id: 30, target_firmware_id: 40, should_firmware_be_copied: false }],
    ]);
  });

  it('a group of the chosen type sends group_id, no firmware of its own and no copy, the firmware picker off', async () => {
    const calls = fakeApi();
    const onClaimed = section();
    await enterCode(CODE);
    await screen.findByTestId('claimed-device');
    await waitFor(() => expect(teamSelect().options.length).toBe(3));
    fireEvent.change(teamSelect(), { target: { value: '10' } });
    const group = screen.getByLabelText(ownMessages.claimedGroup) as HTMLSelectElement;
    expect(group.disabled).toBe(true);
    const type = screen.getByLabelText(ownMessages.claimedType) as HTMLSelectElement;
    await waitFor(() => expect(type.options.length).toBe(2));
    fireEvent.change(type, { target: { value: '30' } });
    const firmware = screen.getByLabelText(ownMessages.claimedTargetFirmware) as HTMLSelectElement;
    await waitFor(() => expect(firmware.options.length).toBe(2));
    fireEvent.change(firmware, { target: { value: '40' } });
    await waitFor(() => expect([...group.options].map((o) => o.text)).toContain('north row'));
    fireEvent.change(group, { target: { value: '50' } });
    await waitFor(() => expect(firmware.disabled).toBe(true));
    expect(firmware.value).toBe('');
    expect(screen.getByText(ownMessages.claimFirmwareOfGroup)).toBeTruthy();
    expect((screen.getByLabelText(ownMessages.copyFirmwareOption) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: ownMessages.claimSubmit }));
    await waitFor(() => expect(onClaimed).toHaveBeenCalledTimes(1));
    expect(writes(calls)[1]).toEqual(['/api/claim_device/7', { claim_code: CODE, team_id: 10, type_id: 30, group_id: 50, should_firmware_be_copied: false }]);
  });

  it('a lost session while checking goes the catalogue way: the sign-in alert and the home page, nothing in place', async () => {
    const alert = vi.fn();
    const goHome = vi.fn();
    setErrorUi({ alert, goHome });
    fakeApi({ check: () => jsonResponse({ Description: 'Not signed in.' }, 401) });
    section();
    await enterCode(CODE);
    await waitFor(() => expect(alert).toHaveBeenCalledWith(messages.pleaseSignIn));
    expect(goHome).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Not signed in.')).toBeNull();
  });

  it('a claim refused for the uid per type shows the catalogue message, not the raw Description', async () => {
    fakeApi({ claim: () => jsonResponse({ Description: 'The value is not unique: device_uid_per_type_key.' }, 409) });
    section();
    await enterCode(CODE);
    await screen.findByTestId('claimed-device');
    await waitFor(() => expect(teamSelect().options.length).toBe(3));
    fireEvent.change(teamSelect(), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: ownMessages.claimSubmit }));
    expect(await screen.findByText(messages.uidNotUniquePerType)).toBeTruthy();
    expect(screen.queryByText(/device_uid_per_type_key/)).toBeNull();
  });

  it('another team drops the type and firmware chosen for the former one, and the pickers start again for the new team', async () => {
    const calls = fakeApi();
    const onClaimed = section();
    await enterCode(CODE);
    await screen.findByTestId('claimed-device');
    await waitFor(() => expect(teamSelect().options.length).toBe(3));
    fireEvent.change(teamSelect(), { target: { value: '10' } });
    const type = screen.getByLabelText(ownMessages.claimedType) as HTMLSelectElement;
    await waitFor(() => expect(type.options.length).toBe(2));
    fireEvent.change(type, { target: { value: '30' } });
    const firmware = screen.getByLabelText(ownMessages.claimedTargetFirmware) as HTMLSelectElement;
    await waitFor(() => expect(firmware.options.length).toBe(2));
    fireEvent.change(firmware, { target: { value: '40' } });
    fireEvent.change(teamSelect(), { target: { value: '11' } });
    await waitFor(() => expect((screen.getByLabelText(ownMessages.claimedType) as HTMLSelectElement).options.length).toBe(2));
    fireEvent.click(screen.getByRole('button', { name: ownMessages.claimSubmit }));
    await waitFor(() => expect(onClaimed).toHaveBeenCalledTimes(1));
    expect(writes(calls)[1]).toEqual(['/api/claim_device/7', { claim_code: CODE, team_id: 11, should_firmware_be_copied: true }]);
  });

  it('a device without a type claimed with no type chosen: the console logs that no type was found or created', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const calls = fakeApi({ check: () => jsonResponse({ is_code_valid: true, device: { ...device, type: null, type_id: null } }) });
    const onClaimed = section();
    await enterCode(CODE);
    await screen.findByTestId('claimed-device');
    await waitFor(() => expect(teamSelect().options.length).toBe(3));
    fireEvent.change(teamSelect(), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: ownMessages.claimSubmit }));
    await waitFor(() => expect(onClaimed).toHaveBeenCalledTimes(1));
    expect(writes(calls)[1]).toEqual(['/api/claim_device/7', { claim_code: CODE, team_id: 10, should_firmware_be_copied: true }]);
    expect(info).toHaveBeenCalledWith(ownMessages.claimNoTypeFound);
    info.mockRestore();
  });

  it('a refused claim shows the Description and keeps the form as it was', async () => {
    const alert = vi.fn();
    setErrorUi({ alert });
    fakeApi({ claim: () => jsonResponse({ Description: 'The device has already been claimed.' }, 409) });
    const onClaimed = section();
    await enterCode(CODE);
    await screen.findByTestId('claimed-device');
    await waitFor(() => expect(teamSelect().options.length).toBe(3));
    fireEvent.change(teamSelect(), { target: { value: '11' } });
    fireEvent.click(screen.getByRole('button', { name: ownMessages.claimSubmit }));
    expect(await screen.findByText('The device has already been claimed.')).toBeTruthy();
    expect(teamSelect().value).toBe('11');
    expect((screen.getByLabelText(ownMessages.addSupportUserOption) as HTMLInputElement).checked).toBe(true);
    expect(onClaimed).not.toHaveBeenCalled();
    expect(alert).not.toHaveBeenCalled();
  });

  it('a claim answered Wrong code! (a new code given meanwhile) goes back to the code field, with the message and the contact link', async () => {
    const calls = fakeApi({ teams: [TEAMS[0]], claim: () => jsonResponse({ Description: messages.wrongClaimCode }, 400) });
    const onClaimed = section();
    await enterCode(CODE);
    await screen.findByTestId('claimed-device');
    await waitFor(() => expect(teamSelect().value).toBe('10'));
    fireEvent.click(screen.getByRole('button', { name: ownMessages.claimSubmit }));
    const alert = (await screen.findByText(messages.wrongClaimCode)).closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByRole('link', { name: ownMessages.qrContact }).getAttribute('href')).toBe('mailto:help@example.com');
    expect((screen.getByLabelText(new RegExp(ownMessages.claimCode)) as HTMLInputElement).value).toBe(CODE);
    expect(screen.queryByTestId('claimed-device')).toBeNull();
    expect(onClaimed).not.toHaveBeenCalled();
    expect(writes(calls).map(([path]) => path)).toEqual(['/api/get_device_by_qr_and_claim_codes/q1', '/api/claim_device/7']);
  });
});

describe('after the reload that follows a claim', () => {
  it('says once that the device is in the team, with the link to its page, for that QR id only', () => {
    rememberClaimed('q1', { deviceId: 7, device: 'pump 7', team: 'greenhouse' });
    const { unmount } = render(
      <Harness>
        <ClaimedNotice qrId="q2" />
        <ClaimedNotice qrId="q1" />
      </Harness>,
    );
    const notice = screen.getByTestId('claimed-notice');
    expect(notice.textContent).toContain(ownMessages.claimedInto('pump 7', 'greenhouse'));
    expect(within(notice).getByRole('link', { name: ownMessages.openClaimedDevice }).getAttribute('href')).toMatch(/\/device_view\?id=7$/);
    expect(screen.getAllByTestId('claimed-notice')).toHaveLength(1);
    unmount();
    render(
      <Harness>
        <ClaimedNotice qrId="q1" />
      </Harness>,
    );
    expect(screen.queryByTestId('claimed-notice')).toBeNull();
  });
});
