/**
 * The shell rendered in jsdom with a memory router and a fake /api: the sign-in gate, the public
 * pages, the menu and the titles. The browser suite (tests/e2e) covers the same against the server.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ConsoleAdmin } from '../../src/ConsoleAdmin';
import { profileStore, type Profile } from '../../src/dataProvider/profile';
import { resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';
import { messages, ownMessages } from '../../src/messages';
import { ROLE, roleLabel } from '../../src/schemas/role';
import { installFetch, jsonResponse } from './fetchMock';
import { onlyThese, SPEC_MENU_LABELS } from '../specRegistry';

const profile: Profile = { id: 1, username: 'admin', preferences: {}, is_server_admin: true, teams: [{ id: 1, name: 'First team', role_id: 3 }] };

let signedIn = false;
let serverAdmin = true;

beforeEach(async () => {
  setErrorUi({ alert: vi.fn(), goHome: vi.fn() });
  signedIn = false;
  serverAdmin = true;
  installFetch(({ url, method, body }) => {
    const path = url.pathname;
    if (path === '/api/current_user') return signedIn ? jsonResponse({ ...profile, is_server_admin: serverAdmin }) : new Response('');
    if (path === '/api/login' && method === 'POST') {
      if ((body as { password: string }).password !== 'secret') return jsonResponse({ Description: 'Wrong username or password.' }, 401);
      signedIn = true;
      return jsonResponse(undefined, 204);
    }
    if (path === '/api/get_teams_where_user_is_admin/') return jsonResponse({ json_list: [{ id: 1, name: 'First team' }] });
    if (path.startsWith('/api/execute_qr_code_action/')) return jsonResponse({ Description: 'Not found.' }, 404);
    // Tables read pages in the list dialect; pickers read the spec's whole json_list.
    if (path === '/api/full/device') return jsonResponse([{ id: 1, name: 'Sensor 1', team_id: 1 }], 200, { 'Content-Range': 'device 0-0/1' });
    if (/^\/api\/full\/[a-z_]+$/.test(path)) return jsonResponse([], 200, { 'Content-Range': 'x */0' });
    if (/^\/api\/[a-z_]+$/.test(path)) return jsonResponse({ json_list: [] });
    return jsonResponse({ Description: 'Not found.' }, 404);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetErrorUi();
});

async function renderAt(path: string, asSignedIn: boolean) {
  signedIn = asSignedIn;
  await profileStore.load();
  const router = createMemoryRouter([{ path: '*', element: <ConsoleAdmin /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const appTitle = () => document.getElementById('react-admin-title');

describe('signed out', () => {
  it('every console route shows the welcome page with a sign-in link back to it', async () => {
    await renderAt('/devices?x=1', false);
    expect(await screen.findByText(ownMessages.welcome)).toBeTruthy();
    expect(screen.getByRole('link', { name: ownMessages.signIn }).getAttribute('href')).toBe('/login?next=%2Fdevices%3Fx%3D1');
  });

  it('the QR page stays public and says when the code is invalid', async () => {
    await renderAt('/qr?id=x', false);
    expect(await screen.findByText(messages.qrInvalid)).toBeTruthy();
    expect(screen.getByRole('link', { name: ownMessages.signIn }).getAttribute('href')).toBe('/qr_code_page_login/?id=x');
    expect(screen.getByRole('link', { name: messages.home }).getAttribute('href')).toBe('/');
  });

  it('/qr_code_page_login/ leads to the sign-in page with the QR page as next', async () => {
    const router = await renderAt('/qr_code_page_login/?id=5', false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/qr?id=5');
  });

  it('the sign-in page shows a wrong password and returns to next on success', async () => {
    const router = await renderAt('/login?next=%2Fdevices', false);
    fireEvent.change(await screen.findByLabelText(/Username/), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: ownMessages.signIn }));
    expect(await screen.findByText('Wrong username or password.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: ownMessages.signIn }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/devices'));
  });
});

describe('signed in', () => {
  it('shows the menu in order and the list page title', async () => {
    await renderAt('/devices', true);
    expect(await screen.findByText('Sensor 1')).toBeTruthy();
    const menu = document.querySelector('.RaMenu-open, .RaMenu-closed') as HTMLElement;
    const labels = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(onlyThese(labels, SPEC_MENU_LABELS)).toEqual(SPEC_MENU_LABELS);
    await waitFor(() => expect(appTitle()?.textContent).toBe('Devices'));
    expect(screen.getByRole('link', { name: 'Sensor 1' }).getAttribute('href')).toBe('/device_view?id=1');
  });

  it('shows Users in the menu to a server administrator only', async () => {
    const menuLabels = () =>
      within(document.querySelector('.RaMenu-open, .RaMenu-closed') as HTMLElement)
        .getAllByRole('menuitem')
        .map((item) => item.textContent);
    serverAdmin = false;
    await renderAt('/devices', true);
    expect(await screen.findByText('Sensor 1')).toBeTruthy();
    expect(menuLabels()).not.toContain('Users');
    cleanup();
    serverAdmin = true;
    await renderAt('/devices', true);
    expect(await screen.findByText('Sensor 1')).toBeTruthy();
    expect(menuLabels()).toContain('Users');
  });

  it('the add form has the spec title and heading', async () => {
    await renderAt('/device_new', true);
    expect(await screen.findByRole('heading', { name: 'Add a new device' })).toBeTruthy();
    await waitFor(() => expect(appTitle()?.textContent).toBe('Device | Add'));
  });

  it('an unknown path shows the error page', async () => {
    await renderAt('/nonsense/path', true);
    expect(await screen.findByText(ownMessages.pageNotFoundText)).toBeTruthy();
  });

  it("react-admin's own resource addresses are unknown paths too", async () => {
    await renderAt('/device/1/show', true);
    expect(await screen.findByText(ownMessages.pageNotFoundText)).toBeTruthy();
  });

  it('the dashboard is titled Home and lists the teams', async () => {
    await renderAt('/', true);
    expect(await screen.findByText('First team')).toBeTruthy();
    expect(screen.getByText(roleLabel(ROLE.ADMIN), { selector: 'p' })).toBeTruthy();
    await waitFor(() => expect(appTitle()?.textContent).toBe('Home'));
  });
});
