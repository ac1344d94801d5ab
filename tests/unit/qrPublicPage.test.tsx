/**
 * The public QR page rendered in jsdom with a fake /api (spec sections 2 and 6): what a visitor
 * is told for each answer of the public info call and each sign-in state, the device's identity
 * and provisioning as text, and the contact link only when one is configured.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ConsoleAdmin } from '../../src/ConsoleAdmin';
import { profileStore, type Profile } from '../../src/dataProvider/profile';
import { resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';
import type { QrPublicInfo } from '../../src/custom/qrPaths';
import { messages, ownMessages } from '../../src/messages';
import { installFetch, jsonResponse } from './fetchMock';

const profile: Profile = { id: 1, username: 'visitor', preferences: {}, is_server_admin: false, teams: [] };
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';

const alert = vi.fn();

afterEach(() => {
  // No call of the page fails in these answers: nothing may reach the error catalogue's alert.
  const alerts = alert.mock.calls;
  alert.mockClear();
  resetErrorUi();
  vi.unstubAllGlobals();
  expect(alerts).toEqual([]);
});

async function open(info: QrPublicInfo, signedIn: boolean, pageId = info.id, contact: string | null = 'mailto:help@example.com') {
  const calls = installFetch(({ url }) => {
    const path = url.pathname;
    if (path === '/api/current_user') return signedIn ? jsonResponse(profile) : new Response('');
    if (path === `/api/execute_qr_code_action/${info.id}`) return jsonResponse(info);
    if (path === '/api/execute_qr_code_action/busy') return jsonResponse({ Description: ownMessages.tooManyRequests }, 429);
    if (path === '/api/qr_contact') return jsonResponse({ contact_url: contact });
    if (path === '/api/get_teams_where_user_is_admin/') return jsonResponse({ json_list: [] });
    return jsonResponse({ Description: 'Not found.' }, 404);
  });
  setErrorUi({ alert });
  await profileStore.load();
  const router = createMemoryRouter([{ path: '*', element: <ConsoleAdmin /> }], { initialEntries: [`/qr?id=${pageId}`] });
  render(<RouterProvider router={router} />);
  return calls;
}

const base: QrPublicInfo = {
  id: 'q1',
  to_be_claimed: false,
  label_svg_image: null,
  provisioning: null,
  device: { id: 7, name: 'Greenhouse 3', type: 'Sensor board', name_of_uid: 'Serial number', uid_for_type: 'SN-0042', team: 'Lab team' },
};

/** The page's label and value pairs of a list (dt and dd), in order. */
const facts = (list: HTMLElement) =>
  Array.from(list.children, (row) => [row.querySelector(':scope > dt')?.textContent, row.querySelector(':scope > dd')?.textContent]);

describe('the public QR page', () => {
  it('signed out, a device to be claimed: the label as an image, the claim notice, provisioning and the links', async () => {
    await open({ ...base, to_be_claimed: true, label_svg_image: SVG, provisioning: { ssid: 'greenhouse' } }, false);
    expect(await screen.findByText(messages.loginToClaim)).toBeTruthy();
    expect(screen.getByText(ownMessages.qrWaitingToBeClaimed)).toBeTruthy();
    const label = screen.getByRole('img', { name: ownMessages.qrLabelAlt });
    expect(label.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`);
    expect(document.querySelector('svg rect')).toBeNull();
    expect(screen.getByText('greenhouse', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByRole('link', { name: ownMessages.signIn }).getAttribute('href')).toBe('/qr_code_page_login/?id=q1');
    expect(screen.getByRole('link', { name: messages.home }).getAttribute('href')).toBe('/');
    expect((await screen.findByRole('link', { name: ownMessages.qrContact })).getAttribute('href')).toBe('mailto:help@example.com');
  });

  it('signed out, a device not to be claimed: sign in to see it; no provisioning is said so', async () => {
    await open(base, false);
    expect(await screen.findByText(messages.loginToSee)).toBeTruthy();
    expect(screen.getByText(messages.provisioningNotProvided)).toBeTruthy();
    expect(screen.queryByText(ownMessages.qrWaitingToBeClaimed)).toBeNull();
  });

  it('signed in, not a member of the device team: ask a team administrator', async () => {
    await open(base, true);
    expect(await screen.findByText(messages.notTeamMember)).toBeTruthy();
    expect(screen.queryByRole('link', { name: ownMessages.signIn })).toBeNull();
  });

  it('shows provisioning and the label as inert text and image, whatever they hold', async () => {
    const attack = '<img src=x onerror="window.pwned=1"><script>window.pwned=1</script>';
    const label = `<svg xmlns="http://www.w3.org/2000/svg"><script>window.pwned=1</script><foreignObject>${attack}</foreignObject></svg>`;
    await open({ ...base, label_svg_image: label, provisioning: { note: attack } }, false);
    // As text in the list and in the raw JSON alike.
    expect(await screen.findByText(attack, { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText(new RegExp('window.pwned=1</script>'), { selector: 'pre' })).toBeTruthy();
    expect(document.querySelector('script, foreignObject, img[onerror], img[src="x"]')).toBeNull();
    expect(screen.getByRole('img', { name: ownMessages.qrLabelAlt }).getAttribute('src')).toMatch(/^data:image\/svg\+xml;/);
  });

  it('an unknown QR id: the invalid-address message and the home link, no sign-in notice', async () => {
    await open(base, false, 'unknown');
    expect(await screen.findByText(messages.qrInvalid)).toBeTruthy();
    expect(screen.getByRole('link', { name: messages.home })).toBeTruthy();
    expect(screen.queryByText(messages.loginToSee)).toBeNull();
  });

  it('too many requests: says so (the Description), not that the address is invalid', async () => {
    await open(base, false, 'busy');
    expect(await screen.findByText(ownMessages.tooManyRequests)).toBeTruthy();
    expect(screen.queryByText(messages.qrInvalid)).toBeNull();
  });

  it('signed in as a member: a link to the device, no not-a-member notice', async () => {
    await open({ ...base, device_id: 7 }, true);
    expect((await screen.findByRole('link', { name: ownMessages.qrFullInformation })).getAttribute('href')).toBe('/device_view?id=7');
    expect(screen.queryByText(messages.notTeamMember)).toBeNull();
  });

  it.each([
    ['signed out', false],
    ['signed in, not a member', true],
  ])('%s: the link to the device is there too, saying one may not have access', async (_, signedIn) => {
    await open(base, signedIn);
    expect((await screen.findByRole('link', { name: ownMessages.qrFullInformation })).getAttribute('href')).toBe('/device_view?id=7');
  });

  it("names the device as its label does, as text: name, type, the type's unique ID label, team", async () => {
    await open(base, false);
    const identity = await screen.findByLabelText(ownMessages.qrDevice);
    expect(facts(identity)).toEqual([
      [ownMessages.qrDeviceName, 'Greenhouse 3'],
      [ownMessages.qrDeviceType, 'Sensor board'],
      ['Serial number', 'SN-0042'],
      [ownMessages.qrDeviceTeam, 'Lab team'],
    ]);
  });

  it('a device without a type has no type row', async () => {
    await open({ ...base, device: { ...base.device, type: '' } }, false);
    const identity = await screen.findByLabelText(ownMessages.qrDevice);
    expect(facts(identity).map(([label]) => label)).toEqual([ownMessages.qrDeviceName, 'Serial number', ownMessages.qrDeviceTeam]);
  });

  it('lists the provisioning as keys and values, nested ones under their key; the raw JSON behind a toggle', async () => {
    const provisioning = { ssid: 'greenhouse', channel: 6, secure: true, proxy: null, note: '', wifi: { band: '5 GHz', extra: {} }, servers: ['a.example', { host: 'b.example' }] };
    await open({ ...base, provisioning }, false);
    const heading = await screen.findByRole('heading', { name: ownMessages.qrProvisioning });
    const section = heading.closest('section')!;
    const list = section.querySelector(':scope > dl') as HTMLElement;
    expect(facts(list)).toEqual([
      ['ssid', 'greenhouse'],
      ['channel', '6'],
      ['secure', 'true'],
      ['proxy', 'null'],
      ['note', ownMessages.jsonEmpty],
      ['wifi', `band5 GHzextra${ownMessages.jsonEmpty}`],
      ['servers', 'a.examplehostb.example'],
    ]);
    const wifi = list.children[5].querySelector('dd > dl') as HTMLElement;
    expect(facts(wifi)).toEqual([
      ['band', '5 GHz'],
      ['extra', ownMessages.jsonEmpty],
    ]);
    const servers = within(list.children[6] as HTMLElement).getAllByRole('listitem');
    expect(servers.map((item) => item.textContent)).toEqual(['a.example', 'hostb.example']);

    const toggle = within(section).getByRole('button', { name: ownMessages.qrShowRawJson });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const raw = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(raw.hidden).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe(ownMessages.qrHideRawJson);
    expect(raw.hidden).toBe(false);
    expect(raw.textContent).toBe(JSON.stringify(provisioning, null, 2));
    fireEvent.click(toggle);
    expect(raw.hidden).toBe(true);
  });

  it('no contact link when none is configured', async () => {
    const calls = await open(base, false, base.id, null);
    expect(await screen.findByText(messages.loginToSee)).toBeTruthy();
    // The contact read was answered (the fake answers at once; a macrotask lets its promises settle).
    await vi.waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/qr_contact')).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByRole('link', { name: messages.home })).toBeTruthy();
    expect(screen.queryByRole('link', { name: ownMessages.qrContact })).toBeNull();
  });
});
