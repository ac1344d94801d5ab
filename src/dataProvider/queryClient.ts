/**
 * react-admin's query cache, bound to the profile store. Whatever was read for one session must not
 * outlive it: signing out (or a 401) empties the cache, so the next user sees nothing of the last;
 * signing in, by whatever page, re-reads the auth answers (permissions, identity), so that a team
 * admin gets the Edit and Delete buttons at once rather than after a reload.
 */
import { QueryClient } from '@tanstack/react-query';
import type { ProfileStore } from './profile';

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
  const client = new QueryClient();
  bindQueriesToProfile(client, store);
  return client;
}
