/** @vitest-environment jsdom */
// react-query runs as in a browser (not its server mode), as the page does.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { createProfileStore, type Profile } from '../../src/dataProvider/profile';
import { createConsoleQueryClient } from '../../src/dataProvider/queryClient';
import { http, HttpError, reachability, ServerUnreachableError } from '../../src/dataProvider/http';
import { installFetch, jsonResponse } from './fetchMock';

const profile: Profile = { id: 1, username: 'admin', preferences: {}, is_server_admin: false, teams: [] };

describe('the query cache follows the session', () => {
  it('signing in marks the auth answers read while signed out as stale; other reads stay', async () => {
    let signedIn = false;
    const store = createProfileStore(async () => (signedIn ? profile : null));
    await store.load();
    const client = createConsoleQueryClient(store);
    client.setQueryData(['auth', 'getPermissions', {}], null);
    client.setQueryData(['type', 'getOne', { id: 1 }], { id: 1 });

    signedIn = true;
    await store.load();
    expect(client.getQueryState(['auth', 'getPermissions', {}])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['type', 'getOne', { id: 1 }])?.isInvalidated).toBe(false);
  });

  it("signing out forgets everything the last user read", async () => {
    const store = createProfileStore(async () => profile);
    await store.load();
    const client = createConsoleQueryClient(store);
    client.setQueryData(['device', 'getList', {}], { data: [{ id: 7 }] });
    client.setQueryData(['auth', 'getPermissions', {}], { adminTeamIds: [1] });

    store.signOut();
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});

describe('the query cache follows the server out of reach (issue 27 item 1)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    reachability.answered();
  });

  const signedInClient = async () => {
    const store = createProfileStore(async () => profile);
    await store.load();
    const client = createConsoleQueryClient(store);
    // As the page's QueryClientProvider does: the cache hears when react-query is online again.
    client.mount();
    return client;
  };

  it('a read that cannot reach the server waits with what it had, and is read again once the server answers', async () => {
    const client = await signedInClient();
    let up = true;
    let answers = 0;
    installFetch(() => (up ? jsonResponse({ answer: ++answers }) : Promise.reject(new TypeError('Failed to fetch'))));
    const options = { queryKey: ['device', 'getList'], queryFn: () => http('/device').then((r) => r.json), retryDelay: 0 };
    await client.fetchQuery(options);
    const observer = new QueryObserver(client, options);
    const unsubscribe = observer.subscribe(() => undefined);

    up = false;
    void observer.refetch();
    await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('paused'));
    expect(reachability.reachable()).toBe(false);
    expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: { answer: 1 }, error: null });

    // The server answers again (the probe's call): the read goes on by itself.
    up = true;
    await http('/current_user');
    await vi.waitFor(() => expect(observer.getCurrentResult()).toMatchObject({ status: 'success', fetchStatus: 'idle', error: null }));
    expect(observer.getCurrentResult().data).not.toEqual({ answer: 1 });
    unsubscribe();
  });

  it("a read the server refuses (4xx) is not asked again; a server error (5xx) is", async () => {
    const client = await signedInClient();
    let calls = 0;
    installFetch(() => (++calls, jsonResponse({ Description: 'Not found.' }, 404)));
    const read = (key: string) => client.fetchQuery({ queryKey: [key], queryFn: () => http('/device/9').then((r) => r.json), retryDelay: 0 }).catch((e: unknown) => e);
    expect(await read('refused')).toBeInstanceOf(HttpError);
    expect(calls).toBe(1);
    calls = 0;
    installFetch(() => (++calls, jsonResponse({ Description: 'Internal error.' }, 500)));
    expect(await read('failed')).toBeInstanceOf(HttpError);
    expect(calls).toBe(4);
  });

  it('a change is not kept for later: it fails at once, saying the server cannot be reached', async () => {
    const client = await signedInClient();
    installFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await http('/device').catch(() => undefined);
    expect(reachability.reachable()).toBe(false);
    const save = new MutationObserver(client, { mutationFn: () => http('/device/3', { method: 'PUT', body: { name: 'x' } }) });
    const error = await save.mutate().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerUnreachableError);
  });
});
