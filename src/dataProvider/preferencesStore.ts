/**
 * The console's react-admin store, whose preferences follow the user from browser to browser (spec
 * section 7: PUT /api/user with body preferences; src/schemas/preferences.ts says which). react-admin
 * keeps the theme, a table's columns (react-admin's DatagridConfigurable) and its page size (its
 * list parameters) in this store; what the user chooses of those is sent to the server, and signing
 * in brings what they chose anywhere else. Everything else the store holds (filters, the page shown,
 * selections) stays in this browser, in localStorage as before. A column is kept by its source (a
 * field name), not by react-admin's position, so a table whose columns change keeps the right ones.
 * A failed save is only logged, as spec section 7 has an object update failure (a choice of columns
 * is no reason for an alert over the page, nor a server out of reach a reason for one per click),
 * and loses nothing: the choice stays in this browser and goes with the next one.
 */
import { localStorageStore, type Store } from 'react-admin';
import { http } from './http';
import { ownMessages } from '../messages';
import { profileStore, type ProfileStore } from './profile';
import { preferencesSchema, readPreferences, type Preferences } from '../schemas/preferences';

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

type TablePreferences = NonNullable<Preferences['lists']>[string];

export const savePreferences = async (preferences: Preferences): Promise<void> => {
  await http('/user', { method: 'PUT', body: { preferences } });
};

export interface PreferencesStoreOptions {
  base?: Store;
  profiles?: ProfileStore;
  save?: (preferences: Preferences) => Promise<void>;
}

export function createPreferencesStore({ base = localStorageStore(), profiles = profileStore, save = savePreferences }: PreferencesStoreOptions = {}): Store {
  /** Whose preferences these are (undefined: nobody signed in), and what they are. */
  let user: number | undefined;
  let preferences: Preferences = {};
  let saving = false;
  let again = false;

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
      return;
    }
    if (state.profile.id === user) return;
    user = state.profile.id;
    preferences = readPreferences(state.profile.preferences);
    apply();
  };
  follow();
  profiles.subscribe(follow);

  /** One save at a time; a change during one is sent after it, as the latest preferences. */
  const send = async () => {
    if (saving) {
      again = true;
      return;
    }
    saving = true;
    try {
      do {
        again = false;
        await save(preferences);
      } while (again && user !== undefined);
    } catch (error) {
      console.warn(ownMessages.preferencesNotSaved, error);
    } finally {
      saving = false;
    }
  };

  const withTable = (table: string, change: (current: TablePreferences) => TablePreferences): Preferences => ({
    ...preferences,
    lists: { ...preferences.lists, [table]: change(preferences.lists?.[table] ?? {}) },
  });

  /** The preferences after react-admin set `key` to `value`, or undefined when `key` is not one of them. */
  const changed = (key: string, value: unknown): Preferences | undefined => {
    if (key === THEME_KEY) return { ...preferences, theme: value as Preferences['theme'] };
    const params = LIST_PARAMS.exec(key);
    const perPage = (value as { perPage?: unknown } | undefined)?.perPage;
    if (params && perPage !== undefined) return withTable(params[1], (t) => ({ ...t, perPage: Number(perPage) }));
    const columns = COLUMNS.exec(key);
    if (columns && Array.isArray(value)) {
      const all = available(columns[1]);
      const sources = value.flatMap((index) => all.find((c) => c.index === index)?.source ?? []);
      return withTable(columns[1], (t) => ({ ...t, columns: sources }));
    }
    return undefined;
  };

  return {
    ...base,
    setItem<T>(key: string, value: T) {
      base.setItem(key, value);
      const table = AVAILABLE.exec(key)?.[1];
      if (table !== undefined) placeColumns(table);
      if (user === undefined) return;
      const next = changed(key, value);
      // Only what the schema keeps is sent (a page size typed into the address may be out of bounds).
      if (!next || JSON.stringify(next) === JSON.stringify(preferences) || !preferencesSchema.safeParse(next).success) return;
      preferences = next;
      void send();
    },
  };
}

/** The console's store (ConsoleAdmin.tsx). */
export const preferencesStore = createPreferencesStore();
