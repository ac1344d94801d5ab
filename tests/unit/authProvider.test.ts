import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider } from '../../src/dataProvider/authProvider';
import { createProfileStore, fetchProfile, type Profile } from '../../src/dataProvider/profile';
import { HttpError, reachability, ServerUnreachableError } from '../../src/dataProvider/http';
import { resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';
import { installFetch, jsonResponse } from './fetchMock';
import { CSRF_VALUE } from '../../src/csrf';

const profile: Profile = {
  id: 1,
  username: 'admin',
  preferences: {},
  is_server_admin: true,
  teams: [
    { id: 1, name: 'First team', role_id: 3 },
    { id: 2, name: 'Other', role_id: 1 },
  ],
};

const alert = vi.fn();
beforeEach(() => {
  alert.mockReset();
  setErrorUi({ alert, goHome: vi.fn() });
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetErrorUi();
  reachability.answered();
});

/** What GET /api/get_teams_where_user_is_admin/ answers (the fake server's truth, not the profile's). */
let adminTeams: { id: number; name: string }[] = [];

/** A fake server with one session flag. */
function fakeServer() {
  let signedIn = false;
  adminTeams = [{ id: 1, name: 'First team' }];
  const calls = installFetch(({ url, method, body }) => {
    if (url.pathname === '/api/current_user') return signedIn ? jsonResponse(profile) : new Response('', { status: 200 });
    if (url.pathname === '/api/login' && method === 'POST') {
      const { username, password } = body as { username: string; password: string };
      if (username !== 'admin' || password !== 'secret') return jsonResponse({ Description: 'Wrong username or password.' }, 401);
      signedIn = true;
      return jsonResponse(undefined, 204);
    }
    if (url.pathname === '/api/get_teams_where_user_is_admin/') {
      return signedIn ? jsonResponse({ json_list: adminTeams }) : jsonResponse({ Description: 'Sign-in required.' }, 401);
    }
    if (url.pathname === '/api/logout' && method === 'POST') {
      signedIn = false;
      return jsonResponse(undefined, 204);
    }
    return jsonResponse({ Description: 'Not found.' }, 404);
  });
  return { calls, setSignedIn: (v: boolean) => (signedIn = v) };
}

describe('profile', () => {
  it('fetchProfile answers null for the empty body of a signed-out visitor', async () => {
    fakeServer();
    expect(await fetchProfile()).toBeNull();
  });

  it('the store shares one request between concurrent loads and notifies listeners', async () => {
    const { calls } = fakeServer();
    const store = createProfileStore();
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.get()).toEqual({ status: 'loading' });
    await Promise.all([store.load(), store.load(), store.settled()]);
    expect(calls).toHaveLength(1);
    expect(store.get()).toEqual({ status: 'signedOut' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("signing in while the page's first read of the profile is still out reads it afresh, from the server itself, and keeps that answer", async () => {
    let answerFirst!: (p: null) => void;
    const reads: (boolean | undefined)[] = [];
    const store = createProfileStore((_signal, fresh) => {
      reads.push(fresh);
      return reads.length === 1 ? new Promise((resolve) => (answerFirst = resolve)) : Promise.resolve(profile);
    });
    const first = store.load();
    installFetch(() => jsonResponse(undefined, 204));
    const signedIn = await store.signIn({ username: 'alice', password: 'alice password' });
    expect(signedIn).toEqual({ status: 'signedIn', profile });
    expect(reads).toEqual([false, true]);
    // The signed-out answer of the first read, arriving late, does not undo the sign-in.
    answerFirst(null);
    await first;
    expect(store.get()).toEqual({ status: 'signedIn', profile });
  });

  it('a failing profile call is reported and leaves the visitor signed out', async () => {
    installFetch(() => jsonResponse({ Description: 'Internal server error.' }, 500));
    const store = createProfileStore();
    expect(await store.load()).toEqual({ status: 'signedOut' });
    expect(alert).toHaveBeenCalledWith('Internal server error.');
  });
});

describe('authProvider', () => {
  it('login posts the credentials then loads the profile', async () => {
    const { calls } = fakeServer();
    const store = createProfileStore();
    const auth = createAuthProvider(store);
    await auth.login({ username: 'admin', password: 'secret' });
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['POST /api/login', 'GET /api/current_user']);
    expect(calls[0].body).toEqual({ username: 'admin', password: 'secret' });
    expect(calls[0].headers.get('X-Requested-With')).toBe(CSRF_VALUE);
    expect(store.get()).toEqual({ status: 'signedIn', profile });
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    expect(await auth.getIdentity!()).toEqual({ id: 1, fullName: 'admin' });
  });

  it('login with wrong credentials rejects with the 401 and stays signed out', async () => {
    fakeServer();
    const store = createProfileStore();
    const auth = createAuthProvider(store);
    await store.load();
    const error = await auth.login({ username: 'admin', password: 'nope' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).description).toBe('Wrong username or password.');
    expect(store.get().status).toBe('signedOut');
    expect(alert).not.toHaveBeenCalled();
  });

  it('checkAuth rejects without a profile, quietly, towards the welcome page', async () => {
    fakeServer();
    const auth = createAuthProvider(createProfileStore());
    await expect(auth.checkAuth({})).rejects.toEqual({ redirectTo: '/', message: false });
    await expect(auth.getIdentity!()).rejects.toThrow();
    expect(await auth.getPermissions!({})).toBeUndefined();
  });

  it('getPermissions answers the teams, roles and the teams the user administers', async () => {
    const server = fakeServer();
    server.setSignedIn(true);
    const auth = createAuthProvider(createProfileStore());
    expect(await auth.getPermissions!({})).toEqual({ isServerAdmin: true, teams: profile.teams, adminTeamIds: [1] });
    expect(server.calls.map((c) => c.url.pathname)).toContain('/api/get_teams_where_user_is_admin/');
  });

  it('the teams the user administers are fetched (spec section 6), so a role changed since sign-in counts', async () => {
    const server = fakeServer();
    server.setSignedIn(true);
    const auth = createAuthProvider(createProfileStore());
    adminTeams = [{ id: 2, name: 'Other' }];
    expect((await auth.getPermissions!({})).adminTeamIds).toEqual([2]);
    expect(alert).not.toHaveBeenCalled();
  });

  it('a failed call is reported, and the profile roles answer instead', async () => {
    installFetch(({ url }) =>
      url.pathname === '/api/current_user' ? jsonResponse(profile) : jsonResponse({ Description: 'Internal server error.' }, 500),
    );
    const auth = createAuthProvider(createProfileStore());
    expect((await auth.getPermissions!({})).adminTeamIds).toEqual([1]);
    expect(alert).toHaveBeenCalledWith('Internal server error.');
  });

  it('logout posts /api/logout, forgets the profile and returns to the welcome page', async () => {
    const server = fakeServer();
    server.setSignedIn(true);
    const store = createProfileStore();
    const auth = createAuthProvider(store);
    await store.load();
    expect(await auth.logout({})).toBe('/');
    expect(server.calls.at(-1)?.url.pathname).toBe('/api/logout');
    expect(server.calls.at(-1)?.headers.get('X-Requested-With')).toBe(CSRF_VALUE);
    expect(store.get()).toEqual({ status: 'signedOut' });
  });

  it('logout when already signed out makes no call', async () => {
    const server = fakeServer();
    const store = createProfileStore();
    await store.load();
    await createAuthProvider(store).logout({});
    expect(server.calls.map((c) => c.url.pathname)).toEqual(['/api/current_user']);
  });

  it('checkError signs out on 401 and ignores other errors', async () => {
    const server = fakeServer();
    server.setSignedIn(true);
    const store = createProfileStore();
    const auth = createAuthProvider(store);
    await store.load();
    await expect(auth.checkError(new HttpError('x', 500, null))).resolves.toBeUndefined();
    await expect(auth.checkError(new HttpError('x', 403, null))).resolves.toBeUndefined();
    expect(store.get().status).toBe('signedIn');
    await expect(auth.checkError(new HttpError('x', 401, null))).rejects.toMatchObject({ redirectTo: '/', logoutUser: false });
    expect(store.get().status).toBe('signedOut');
  });

  it('the server out of reach signs nobody out: checkError lets it pass, the profile is kept', async () => {
    const server = fakeServer();
    server.setSignedIn(true);
    const store = createProfileStore();
    const auth = createAuthProvider(store);
    await store.load();
    await expect(auth.checkError(new ServerUnreachableError('GET'))).resolves.toBeUndefined();
    installFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect((await store.load()).status).toBe('signedIn');
    expect(store.get().status).toBe('signedIn');
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    // The page's banner says it; no snackbar for a read.
    expect(alert).not.toHaveBeenCalled();
  });

  it('a page opened while the server is out of reach shows the signed-out pages, and the session comes back by itself once it answers', async () => {
    installFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const store = createProfileStore();
    expect((await store.load()).status).toBe('signedOut');
    expect(reachability.reachable()).toBe(false);
    // The server answers again, the user's session still valid: no click, no reload.
    const server = fakeServer();
    server.setSignedIn(true);
    reachability.checkNow();
    await vi.waitFor(() => expect(store.get()).toMatchObject({ status: 'signedIn', profile: { username: 'admin' } }));
    expect(alert).not.toHaveBeenCalled();
  });
});
