/**
 * The console's react-admin store, whose preferences follow the user from browser to browser (spec
 * section 7: PUT /api/user with body preferences; src/schemas/preferences.ts says which). react-admin
 * keeps the theme, a table's columns (react-admin's DatagridConfigurable) and its page size (its
 * list parameters) in this store; what the user chooses of those is sent to the server, and signing
 * in brings what they chose anywhere else. Everything else the store holds (filters, the page shown,
 * selections) stays in this browser, in localStorage as before. A column is kept by its source (a
 * field name), not by react-admin's position, so a table whose columns change keeps the right ones.
 * The PUT replaces the whole field, so a save sends only what this browser changed (the theme, a
 * table's columns or page size) onto what the server holds right then (GET /api/current_user): what
 * the user chose meanwhile in another browser is kept. A failed save is only logged, as spec section
 * 7 has an object update failure (a choice of columns is no reason for an alert over the page, nor a
 * server out of reach a reason for one per click), and loses nothing: the change stays pending and
 * goes with the next save.
 */
import { localStorageStore, type Store } from 'react-admin';
import { http } from './http';
import { ownMessages } from '../messages';
import { fetchProfile, profileStore, type ProfileStore } from './profile';
import { PAGE_SIZE, preferencesSchema, readPreferences, type Preferences } from '../schemas/preferences';

/** react-admin's keys: the theme, a table's list parameters, a configurable table's columns and what they are. */
const THEME_KEY = 'theme';
const LIST_PARAMS = /^(\/?[a-z][a-z0-9_]*)\.listParams$/;
const COLUMNS = /^preferences\.([a-z][a-z0-9_]*)\.datagrid\.columns$/;
const AVAILABLE = /^preferences\.([a-z][a-z0-9_]*)\.datagrid\.availableColumns$/;
const listParamsKey = (table: string) => `${table}.listParams`;
const columnsKey = (table: string) => `preferences.${table}.datagrid.columns`;
const availableKey = (table: string) => `preferences.${table}.datagrid.availableColumns`;

interface AvailableColumn {
  index: string;
  source?: string;
}

export const savePreferences = async (preferences: Preferences): Promise<void> => {
  await http('/user', { method: 'PUT', body: { preferences } });
};

/** What the server holds now: read afresh, as the profile is, not the answer cached at startup. */
export const readServerPreferences = async (): Promise<unknown> => (await fetchProfile(undefined, true))?.preferences;

/** `changes` onto `onto`: the theme and each table's columns and page size that `changes` has, the rest of `onto` kept. */
const merge = (onto: Preferences, changes: Preferences): Preferences => {
  const lists = { ...onto.lists };
  for (const [table, change] of Object.entries(changes.lists ?? {})) lists[table] = { ...lists[table], ...change };
  return { ...onto, ...(changes.theme && { theme: changes.theme }), ...(changes.lists && { lists }) };
};

export interface PreferencesStoreOptions {
  base?: Store;
  profiles?: ProfileStore;
  save?: (preferences: Preferences) => Promise<void>;
  read?: () => Promise<unknown>;
}

export function createPreferencesStore({ base = localStorageStore(), profiles = profileStore, save = savePreferences, read = readServerPreferences }: PreferencesStoreOptions = {}): Store {
  /** Whose preferences these are (undefined: nobody signed in), and what they are. */
  let user: number | undefined;
  let preferences: Preferences = {};
  /** What this browser changed and no save has sent yet. */
  let pending: Preferences = {};
  let saving = false;

  const available = (table: string) => base.getItem<AvailableColumn[]>(availableKey(table)) ?? [];

  /**
   * Shows the user's columns of a table, by source and in their order, once the table has said what
   * its columns are (a first visit in this browser says it later; a table whose columns changed says
   * it again, and the same columns are shown at their new places).
   */
  const placeColumns = (table: string) => {
    const sources = preferences.lists?.[table]?.columns;
    const columns = available(table);
    if (!sources || columns.length === 0) return;
    base.setItem(
      columnsKey(table),
      sources.flatMap((source) => columns.find((c) => c.source === source)?.index ?? []),
    );
  };

  /** The user's preferences into react-admin's keys: theirs win over what this browser held. */
  const apply = () => {
    if (preferences.theme) base.setItem(THEME_KEY, preferences.theme);
    for (const [table, { perPage }] of Object.entries(preferences.lists ?? {})) {
      const params = base.getItem<Record<string, unknown>>(listParamsKey(table));
      if (perPage !== undefined && params?.perPage !== perPage) base.setItem(listParamsKey(table), { filter: {}, ...params, perPage, page: 1 });
      placeColumns(table);
    }
  };

  const follow = () => {
    const state = profiles.get();
    if (state.status !== 'signedIn') {
      user = undefined;
      preferences = {};
      pending = {};
      return;
    }
    if (state.profile.id === user) return;
    user = state.profile.id;
    pending = {};
    preferences = readPreferences(state.profile.preferences);
    apply();
  };
  follow();
  profiles.subscribe(follow);

  /** One save at a time; a change made during one is sent after it, onto what the server holds then. */
  const send = async () => {
    if (saving) return;
    saving = true;
    const owner = user;
    let changes: Preferences = {};
    try {
      while (user !== undefined && user === owner && Object.keys(pending).length > 0) {
        changes = pending;
        pending = {};
        await save(merge(readPreferences(await read()), changes));
        changes = {};
      }
    } catch (error) {
      if (user === owner) pending = merge(changes, pending);
      console.warn(ownMessages.preferencesNotSaved, error);
    } finally {
      saving = false;
    }
  };

  /** What react-admin setting `key` to `value` changes of the preferences, or undefined when `key` is not one of them. */
  const changeOf = (key: string, value: unknown, before: unknown): Preferences | undefined => {
    if (key === THEME_KEY) return { theme: value as Preferences['theme'] };
    const params = LIST_PARAMS.exec(key);
    const perPage = (value as { perPage?: unknown } | undefined)?.perPage;
    // react-admin writes a table's whole state on any sort, filter or page: its page size is a
    // choice only when it differs from what the table showed (the default on a first write).
    const shown = (before as { perPage?: unknown } | undefined)?.perPage ?? PAGE_SIZE;
    if (params && perPage !== undefined) return Number(perPage) === Number(shown) ? undefined : { lists: { [params[1]]: { perPage: Number(perPage) } } };
    const columns = COLUMNS.exec(key);
    if (columns && Array.isArray(value)) {
      const all = available(columns[1]);
      return { lists: { [columns[1]]: { columns: value.flatMap((index) => all.find((c) => c.index === index)?.source ?? []) } } };
    }
    return undefined;
  };

  return {
    ...base,
    setItem<T>(key: string, value: T) {
      const before = base.getItem(key);
      base.setItem(key, value);
      const table = AVAILABLE.exec(key)?.[1];
      if (table !== undefined) placeColumns(table);
      if (user === undefined) return;
      const change = changeOf(key, value, before);
      if (!change) return;
      const next = merge(preferences, change);
      // Only what the schema keeps is sent (a page size typed into the address may be out of bounds).
      if (JSON.stringify(next) === JSON.stringify(preferences) || !preferencesSchema.safeParse(next).success) return;
      preferences = next;
      pending = merge(pending, change);
      void send();
    },
  };
}

/** The console's store (ConsoleAdmin.tsx). */
export const preferencesStore = createPreferencesStore();
