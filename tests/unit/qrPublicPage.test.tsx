/**
 * The public QR page rendered in jsdom with a fake /api (spec sections 2 and 6): what a visitor
 * is told for each answer of the public info call and each sign-in state.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
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

async function open(info: QrPublicInfo, signedIn: boolean, pageId = info.id) {
  installFetch(({ url }) => {
    const path = url.pathname;
    if (path === '/api/current_user') return signedIn ? jsonResponse(profile) : new Response('');
    if (path === `/api/execute_qr_code_action/${info.id}`) return jsonResponse(info);
    if (path === '/api/execute_qr_code_action/busy') return jsonResponse({ Description: ownMessages.tooManyRequests }, 429);
    if (path === '/api/qr_contact') return jsonResponse({ contact_url: 'mailto:help@example.com' });
    if (path === '/api/get_teams_where_user_is_admin/') return jsonResponse({ json_list: [] });
    return jsonResponse({ Description: 'Not found.' }, 404);
  });
  setErrorUi({ alert });
  await profileStore.load();
  const router = createMemoryRouter([{ path: '*', element: <ConsoleAdmin /> }], { initialEntries: [`/qr?id=${pageId}`] });
  render(<RouterProvider router={router} />);
}

const base: QrPublicInfo = { id: 'q1', to_be_claimed: false, label_svg_image: null, provisioning: null };

describe('the public QR page', () => {
  it('signed out, a device to be claimed: the label as an image, the claim notice, provisioning and the links', async () => {
    await open({ ...base, to_be_claimed: true, label_svg_image: SVG, provisioning: { ssid: 'greenhouse' } }, false);
    expect(await screen.findByText(messages.loginToClaim)).toBeTruthy();
    expect(screen.getByText(ownMessages.qrWaitingToBeClaimed)).toBeTruthy();
    const label = screen.getByRole('img', { name: ownMessages.qrLabelAlt });
    expect(label.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`);
    expect(document.querySelector('svg rect')).toBeNull();
    expect(screen.getByText(/greenhouse/)).toBeTruthy();
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
    expect(await screen.findByText(new RegExp('window.pwned=1</script>'))).toBeTruthy();
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

  it('signed in as a member: a link to the device', async () => {
    await open({ ...base, device_id: 7 }, true);
    expect((await screen.findByRole('link', { name: ownMessages.qrFullInformation })).getAttribute('href')).toBe('/device_view?id=7');
    expect(screen.queryByText(messages.notTeamMember)).toBeNull();
  });
});
