/**
 * The store whose preferences follow the user (issue 27 item 11): what a signed-in user chose on
 * another browser is put where react-admin reads it (theme, a table's page size, its columns by
 * source once the table says what its columns are); what they choose is saved, and only that, onto
 * what the server holds then (what they chose meanwhile in another browser is kept).
 */
import { describe, expect, it, vi } from 'vitest';
import { memoryStore } from 'react-admin';
import { createProfileStore, type Profile } from '../../src/dataProvider/profile';
import { createPreferencesStore } from '../../src/dataProvider/preferencesStore';
import { ownMessages } from '../../src/messages';
import { PAGE_SIZE, type Preferences } from '../../src/schemas/preferences';

const profile = (id: number, preferences: unknown): Profile => ({ id, username: `user${id}`, preferences, is_server_admin: false, teams: [] });

const AVAILABLE = [
  { index: '0', source: 'name' },
  { index: '1', source: 'uid_for_type' },
  { index: '2', source: 'firmware_status' },
];

async function setUp(first: Profile | null) {
  let next: Profile | null = first;
  const profiles = createProfileStore(async () => next);
  await profiles.load();
  const base = memoryStore();
  // As the console's localStorage store, ready before anything is put in it.
  base.setup();
  // The server's copy of the signed-in user's preferences: what GET /api/current_user reads, what a PUT replaces.
  const server = { preferences: first?.preferences };
  const save = vi.fn(async (p: Preferences) => {
    server.preferences = p;
  });
  const store = createPreferencesStore({ base, profiles, save, read: async () => server.preferences });
  const signInAs = async (p: Profile | null) => {
    next = p;
    server.preferences = p?.preferences;
    await profiles.load({ fresh: true });
  };
  return { store, base, save, server, profiles, signInAs };
}

describe('preferencesStore', () => {
  it("puts the signed-in user's theme, page sizes and columns where react-admin reads them", async () => {
    const { store } = await setUp(profile(1, { theme: 'dark', lists: { device: { perPage: 50, columns: ['firmware_status', 'name'] } } }));
    expect(store.getItem('theme')).toBe('dark');
    expect(store.getItem('device.listParams')).toEqual({ filter: {}, perPage: 50, page: 1 });
    // The columns wait for the table to say which it has (a first visit in this browser).
    expect(store.getItem('preferences.device.datagrid.columns')).toBeUndefined();
    store.setItem('preferences.device.datagrid.availableColumns', AVAILABLE);
    expect(store.getItem('preferences.device.datagrid.columns')).toEqual(['2', '0']);
    // A new version of the table with a column in front: the same columns, at their new places.
    store.setItem('preferences.device.datagrid.availableColumns', [{ index: '0', source: 'id' }, ...AVAILABLE.map((c, i) => ({ ...c, index: String(i + 1) }))]);
    expect(store.getItem('preferences.device.datagrid.columns')).toEqual(['3', '1']);
  });

  it('saves what the user chooses, columns by source, and nothing for what is not a preference', async () => {
    const { store, save } = await setUp(profile(1, {}));
    store.setItem('theme', 'dark');
    await vi.waitFor(() => expect(save).toHaveBeenLastCalledWith({ theme: 'dark' }));
    store.setItem('device.listParams', { filter: { q: 'pump' }, perPage: 10, page: 2 });
    await vi.waitFor(() => expect(save).toHaveBeenLastCalledWith({ theme: 'dark', lists: { device: { perPage: 10 } } }));
    store.setItem('preferences.device.datagrid.availableColumns', AVAILABLE);
    store.setItem('preferences.device.datagrid.columns', ['0', '2']);
    await vi.waitFor(() =>
      expect(save).toHaveBeenLastCalledWith({ theme: 'dark', lists: { device: { perPage: 10, columns: ['name', 'firmware_status'] } } }),
    );
    // A page of several categories is named by its list route.
    store.setItem('/documents.listParams', { filter: {}, perPage: 50 });
    await vi.waitFor(() => expect(save.mock.lastCall?.[0].lists?.['/documents']).toEqual({ perPage: 50 }));
    const calls = save.mock.calls.length;
    // Another filter with the same page size, a selection, an out-of-bounds page size: nothing to save.
    store.setItem('device.listParams', { filter: { q: 'valve' }, perPage: 10, page: 1 });
    store.setItem('device.selectedIds', [1, 2]);
    store.setItem('device.listParams', { filter: {}, perPage: 100_000, page: 1 });
    await Promise.resolve();
    expect(save).toHaveBeenCalledTimes(calls);
  });

  it("a table's first sort or filter at the default page size is no choice of page size: nothing is saved", async () => {
    const { store, save } = await setUp(profile(1, {}));
    store.setItem('device.listParams', { filter: { q: 'pump' }, perPage: PAGE_SIZE, page: 1, sort: 'name' });
    store.setItem('team.listParams', { filter: {}, perPage: PAGE_SIZE, page: 2 });
    await Promise.resolve();
    expect(save).not.toHaveBeenCalled();
    // Back to the default after another size is a choice.
    store.setItem('device.listParams', { filter: {}, perPage: 50, page: 1 });
    await vi.waitFor(() => expect(save).toHaveBeenLastCalledWith({ lists: { device: { perPage: 50 } } }));
    store.setItem('device.listParams', { filter: {}, perPage: PAGE_SIZE, page: 1 });
    await vi.waitFor(() => expect(save).toHaveBeenLastCalledWith({ lists: { device: { perPage: PAGE_SIZE } } }));
  });

  it('saves nothing while signed out, and takes the next user’s preferences when they sign in', async () => {
    const { store, save, signInAs } = await setUp(null);
    store.setItem('theme', 'dark');
    expect(save).not.toHaveBeenCalled();
    await signInAs(profile(2, { theme: 'light', lists: { team: { perPage: 5 } } }));
    expect(store.getItem('theme')).toBe('light');
    expect(store.getItem('team.listParams')).toEqual({ filter: {}, perPage: 5, page: 1 });
    // A stored value from before the schema is none.
    await signInAs(null);
    await signInAs(profile(3, { lang: 'en' }));
    store.setItem('theme', 'dark');
    await vi.waitFor(() => expect(save).toHaveBeenLastCalledWith({ theme: 'dark' }));
  });

  it('a failed save is only logged and loses nothing: the next change sends both', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { store, save } = await setUp(profile(1, {}));
    const failure = new Error('Failed to fetch');
    save.mockRejectedValueOnce(failure);
    store.setItem('theme', 'dark');
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(ownMessages.preferencesNotSaved, failure));
    expect(store.getItem('theme')).toBe('dark');
    store.setItem('team.listParams', { filter: {}, perPage: 50 });
    await vi.waitFor(() => expect(save).toHaveBeenLastCalledWith({ theme: 'dark', lists: { team: { perPage: 50 } } }));
    warn.mockRestore();
  });

  it("a save keeps what another browser saved meanwhile: B's dark theme survives A's choice of columns", async () => {
    const { store, save, server } = await setUp(profile(1, { theme: 'light', lists: { device: { perPage: 25 } } }));
    store.setItem('preferences.device.datagrid.availableColumns', AVAILABLE);
    // Browser B, signed in as the same user, switches to dark; A still shows light.
    server.preferences = { theme: 'dark', lists: { device: { perPage: 25 }, team: { perPage: 5 } } };
    store.setItem('preferences.device.datagrid.columns', ['1', '0']);
    await vi.waitFor(() =>
      expect(save).toHaveBeenLastCalledWith({ theme: 'dark', lists: { device: { perPage: 25, columns: ['uid_for_type', 'name'] }, team: { perPage: 5 } } }),
    );
    // B then changes the team table's page size, and A (still showing light) chooses a theme: only that is A's.
    server.preferences = { theme: 'light', lists: { device: { perPage: 25, columns: ['uid_for_type', 'name'] }, team: { perPage: 10 } } };
    store.setItem('theme', 'dark');
    await vi.waitFor(() => expect(server.preferences).toEqual({ theme: 'dark', lists: { device: { perPage: 25, columns: ['uid_for_type', 'name'] }, team: { perPage: 10 } } }));
  });

  it('one save at a time: a change made during a save goes in the next, onto the copy the server holds then', async () => {
    const { store, save, server } = await setUp(profile(1, {}));
    let finish = () => {};
    save.mockImplementationOnce(async (p) => {
      await new Promise<void>((resolve) => (finish = resolve));
      server.preferences = p;
    });
    store.setItem('theme', 'dark');
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    store.setItem('team.listParams', { filter: {}, perPage: 50 });
    expect(save).toHaveBeenCalledTimes(1);
    finish();
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save).toHaveBeenLastCalledWith({ theme: 'dark', lists: { team: { perPage: 50 } } });
  });
});
