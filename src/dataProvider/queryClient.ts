/**
 * react-admin's query cache, bound to the profile store. Whatever was read for one session must not
 * outlive it: signing out (or a 401) empties the cache, so the next user sees nothing of the last;
 * signing in, by whatever page, re-reads the auth answers (permissions, identity), so that a team
 * admin gets the Edit and Delete buttons at once rather than after a reload.
 *
 * It is also bound to the server's reachability (issue 27 item 1): a read that could not reach the
 * server does not fail, it waits (react-query's paused state, its onlineManager following
 * reachability.ts) with what it showed before kept on screen, and every query is read again once
 * the server answers. A change (a mutation) is never kept for later: it fails at once and says so.
 */
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { HttpError, reachability, ServerUnreachableError } from './http';
import type { ProfileStore } from './profile';

/** react-query's own default number of retries of a failed read, kept for the other failures. */
const READ_RETRIES = 3;

/**
 * A read that did not reach the server is tried again, however often: react-query waits for the
 * server to answer before each try (it is 'offline' meanwhile), so it never hammers it.
 */
export const retryWhileUnreachable = (_failures: number, error: unknown): boolean => error instanceof ServerUnreachableError;

/**
 * A 4xx is the server's answer about the request itself (not found, not allowed, bad input): asking
 * again gets the same answer, only later, with the page waiting meanwhile ('Not found.' after
 * seconds of ' [waiting for server response]').
 */
const refusedByServer = (error: unknown): boolean => error instanceof HttpError && error.status >= 400 && error.status < 500;

/** react-query is 'online' when the server answers, whatever the browser's network says. */
export function followReachability(): void {
  onlineManager.setEventListener((setOnline) => {
    setOnline(reachability.reachable());
    return reachability.subscribe(() => setOnline(reachability.reachable()));
  });
}

/** react-admin keeps its authProvider answers under this key (getPermissions, getIdentity, ...). */
const AUTH_QUERY_KEY = ['auth'];

export function bindQueriesToProfile(client: QueryClient, store: ProfileStore): () => void {
  let wasSignedIn = store.get().status === 'signedIn';
  return store.subscribe(() => {
    const signedIn = store.get().status === 'signedIn';
    if (signedIn === wasSignedIn) return;
    wasSignedIn = signedIn;
    if (signedIn) void client.invalidateQueries({ queryKey: AUTH_QUERY_KEY });
    else client.clear();
  });
}

export function createConsoleQueryClient(store: ProfileStore): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: (failures, error) => retryWhileUnreachable(failures, error) || (failures < READ_RETRIES && !refusedByServer(error)) },
      mutations: { networkMode: 'always' },
    },
  });
  followReachability();
  bindQueriesToProfile(client, store);
  return client;
}
