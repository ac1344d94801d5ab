/**
 * The light entry (src/entry/PublicEntry.tsx) in jsdom with a fake /api and a stand-in for the
 * console's chunk: what a signed-out visitor gets without the console, and the hand-over to the
 * console once signed in. The console's own pages are covered by ConsoleAdmin.test.tsx.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Profile } from '../../src/dataProvider/profile';
import type { QrPublicInfo } from '../../src/custom/qrPaths';
import { messages, ownMessages } from '../../src/messages';
import { DRAWN_PAGE_DATA_ID } from '../../src/entry/drawnPage';
import { installFetch, jsonResponse, type RecordedCall } from './fetchMock';

const { loadConsole } = vi.hoisted(() => ({ loadConsole: vi.fn() }));
vi.mock('../../src/entry/consoleChunk', () => ({
  loadConsole,
  prefetchConsole: () => void loadConsole().catch(() => undefined),
}));

/** The console as the entry sees it: a component; it shows the address it starts from. */
const FakeConsole = () => <p>console at {`${window.location.pathname}${window.location.search}`}</p>;

const profile: Profile = { id: 1, username: 'admin', preferences: {}, is_server_admin: false, teams: [] };
const info: QrPublicInfo = {
  id: 'q1',
  to_be_claimed: true,
  label_svg_image: '<svg xmlns="http://www.w3.org/2000/svg"/>',
  provisioning: null,
  device: { id: 5, name: 'd1', type: 'board', name_of_uid: 'Serial number', uid_for_type: 'SN-1', team: 'Lab' },
};

let signedIn = false;
let calls: RecordedCall[] = [];
/** When set, current_user waits for it (a slow profile call). */
let profileGate: Promise<void> | undefined;
/** The server out of reach: every call fails as a stopped server's does. */
let down = false;

beforeEach(() => {
  signedIn = false;
  profileGate = undefined;
  down = false;
  loadConsole.mockReset();
  loadConsole.mockResolvedValue(FakeConsole);
  // jsdom has no scrolling; moving to another page scrolls to the top.
  vi.stubGlobal('scrollTo', vi.fn());
  calls = installFetch(async ({ url, method, body }) => {
    if (down) throw new TypeError('Failed to fetch');
    const path = url.pathname;
    if (path === '/api/current_user') {
      await profileGate;
      return signedIn ? jsonResponse(profile) : new Response('');
    }
    if (path === '/api/login' && method === 'POST') {
      if ((body as { password: string }).password !== 'secret') return jsonResponse({ Description: ownMessages.wrongCredentials }, 401);
      signedIn = true;
      return jsonResponse(undefined, 204);
    }
    if (path === '/api/execute_qr_code_action/q1') return jsonResponse(info);
    if (path === '/api/qr_contact') return jsonResponse({ contact_url: 'mailto:help@example.com' });
    return jsonResponse({ Description: 'Not found.' }, 404);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * Opens the entry at `path` as a page load does (src/main.tsx), with modules of its own (the
 * profile store starts as a fresh page's): the startup reads sent, then the entry rendered.
 */
async function openAt(path: string, asSignedIn = false) {
  vi.resetModules();
  const { profileStore } = await import('../../src/dataProvider/profile');
  const { setErrorUi } = await import('../../src/dataProvider/errors');
  const { startReads } = await import('../../src/entry/startup');
  const { PublicEntry } = await import('../../src/entry/PublicEntry');
  setErrorUi({ alert: vi.fn(), goHome: vi.fn() });
  window.history.replaceState(null, '', path);
  signedIn = asSignedIn;
  startReads();
  const loaded = profileStore.settled();
  render(<PublicEntry />);
  return { store: profileStore, loaded };
}

const address = () => `${window.location.pathname}${window.location.search}`;

describe('the light entry, signed out', () => {
  it('the sign-in page: no console until the user types; a wrong password is said in place; signing in hands over to the console', async () => {
    const { store, loaded } = await openAt('/login?next=%2Fdevices');
    await loaded;
    const username = await screen.findByLabelText(ownMessages.username);
    expect(loadConsole).not.toHaveBeenCalled();
    fireEvent.input(username, { target: { value: 'admin' } });
    expect(loadConsole).toHaveBeenCalled();
    fireEvent.input(screen.getByLabelText(ownMessages.password), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: ownMessages.signIn }));
    expect((await screen.findByRole('alert')).textContent).toBe(ownMessages.wrongCredentials);
    expect(screen.queryByText(/console at/)).toBeNull();

    fireEvent.input(screen.getByLabelText(ownMessages.password), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: ownMessages.signIn }));
    // The console starts from the sign-in address, whose next it follows (ConsoleAdmin.test.tsx).
    expect(await screen.findByText('console at /login?next=%2Fdevices')).toBeTruthy();
    expect(store.get()).toEqual({ status: 'signedIn', profile });
  });

  it('the QR page shows without a sign-in check: its content comes before the profile', async () => {
    let release = () => {};
    profileGate = new Promise((resolve) => (release = resolve));
    const { loaded } = await openAt('/qr?id=q1');
    expect(await screen.findByRole('img', { name: ownMessages.qrLabelAlt })).toBeTruthy();
    expect(screen.getByText(ownMessages.qrWaitingToBeClaimed)).toBeTruthy();
    expect(screen.queryByText(messages.loginToClaim)).toBeNull();
    release();
    await loaded;
    expect(await screen.findByText(messages.loginToClaim)).toBeTruthy();
    expect(screen.getByRole('link', { name: ownMessages.signIn }).getAttribute('href')).toBe('/qr_code_page_login/?id=q1');
    expect((await screen.findByRole('link', { name: ownMessages.qrContact })).getAttribute('href')).toBe('mailto:help@example.com');
    expect(loadConsole).not.toHaveBeenCalled();
    // Sent at startup with the profile; the page took that answer rather than asking again.
    expect(calls.filter((c) => c.url.pathname.startsWith('/api/execute_qr_code_action/'))).toHaveLength(1);
  });

  it('a QR page the server drew comes with its answers: drawn from them at the first render, neither read again', async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = DRAWN_PAGE_DATA_ID;
    block.textContent = JSON.stringify({ qr: { id: 'q1', status: 200, body: { ...info, device: { ...info.device, name: 'drawn d1' } } }, contact_url: 'https://drawn.example/help' });
    document.body.append(block);
    try {
      const { loaded } = await openAt('/qr?id=q1');
      // Before the profile settles or any answer arrives: what the server drew, not a spinner.
      expect(screen.getByText('drawn d1')).toBeTruthy();
      expect(screen.getByRole('link', { name: ownMessages.qrContact }).getAttribute('href')).toBe('https://drawn.example/help');
      await loaded;
      expect(await screen.findByText(messages.loginToClaim)).toBeTruthy();
      expect(calls.map((c) => c.url.pathname)).toEqual(['/api/current_user']);
    } finally {
      block.remove();
    }
  });

  it('a QR page the server drew with a refusal shows what the read would have shown', async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = DRAWN_PAGE_DATA_ID;
    block.textContent = JSON.stringify({ qr: { id: 'q1', status: 429, body: { Description: ownMessages.tooManyRequests } }, contact_url: null });
    document.body.append(block);
    try {
      await (await openAt('/qr?id=q1')).loaded;
      expect(screen.getByRole('alert').textContent).toBe(ownMessages.tooManyRequests);
      expect(calls.map((c) => c.url.pathname)).toEqual(['/api/current_user']);
    } finally {
      block.remove();
    }
  });

  it('a page opened while the server is out of reach says so on the welcome page; Retry brings the console of a valid session', async () => {
    down = true;
    await (await openAt('/devices', true)).loaded;
    expect(await screen.findByText(ownMessages.serverUnreachable)).toBeTruthy();
    expect(screen.getByRole('heading', { name: ownMessages.welcome })).toBeTruthy();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: ownMessages.retry }));
    expect(await screen.findByText('console at /devices')).toBeTruthy();
  });

  it('every other route shows the welcome page, whose sign-in button opens the form in place', async () => {
    await (await openAt('/devices?x=1')).loaded;
    expect(await screen.findByRole('heading', { name: ownMessages.welcome })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: ownMessages.signIn }));
    expect(await screen.findByLabelText(ownMessages.username)).toBeTruthy();
    expect(address()).toBe('/login?next=%2Fdevices%3Fx%3D1');
    expect(loadConsole).not.toHaveBeenCalled();
  });

  it('the QR page sign-in link leads to the sign-in page with the QR page as next', async () => {
    await (await openAt('/qr_code_page_login/?id=5')).loaded;
    expect(await screen.findByLabelText(ownMessages.username)).toBeTruthy();
    expect(address()).toBe('/login?next=%2Fqr%3Fid%3D5');
  });
});

describe('the light entry, signed in', () => {
  it('loads the console at once; a failed load says so with Retry, which loads it again', async () => {
    loadConsole.mockRejectedValueOnce(new Error('chunk failed'));
    await (await openAt('/devices', true)).loaded;
    expect(await screen.findByText(ownMessages.chunkLoadFailed)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: ownMessages.retry }));
    expect(await screen.findByText('console at /devices')).toBeTruthy();
  });

  it('stays in the console once it is there, signed out again included', async () => {
    const { store, loaded } = await openAt('/devices', true);
    await loaded;
    expect(await screen.findByText('console at /devices')).toBeTruthy();
    store.signOut();
    await waitFor(() => expect(screen.getByText('console at /devices')).toBeTruthy());
    expect(screen.queryByRole('heading', { name: ownMessages.welcome })).toBeNull();
  });
});
