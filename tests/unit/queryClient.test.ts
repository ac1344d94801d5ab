import { describe, expect, it } from 'vitest';
import { createProfileStore, type Profile } from '../../src/dataProvider/profile';
import { createConsoleQueryClient } from '../../src/dataProvider/queryClient';

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
