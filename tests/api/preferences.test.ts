/**
 * A user's console preferences (spec section 7: PUT /api/user with body preferences; issue 27 item
 * 11): stored per user and read back with the profile by any new session (another browser), only
 * the shape of src/schemas/preferences.ts and bounded; a refused body changes nothing; nobody
 * writes another user's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import {
  MAX_PREFERENCE_COLUMNS,
  MAX_PREFERENCE_PAGE_SIZE,
  MAX_PREFERENCE_TABLES,
  MAX_PREFERENCES_BYTES,
  THEMES,
} from '../../src/schemas/preferences';
import { adminWithTeam, api, createTestApp, createUser, expectError, ROLE, signIn, type Client, type TestApp } from './helpers';

let t: TestApp;
let alice: Client;
let aliceId: number;
let bob: Client;
let bobId: number;

const PASSWORD = 'correct horse battery';
const CHOSEN = {
  theme: 'dark',
  lists: { device: { columns: ['name', 'uid_for_type', 'firmware_status'], perPage: 50 }, team: { perPage: 10 }, '/documents': { perPage: 5 } },
};

/** What a new session of the user reads at startup (GET /api/current_user): another browser. */
async function freshProfilePreferences(username: string): Promise<unknown> {
  const other = api(t.app, await signIn(t.app, username, PASSWORD));
  return (await other.get('/api/current_user')).json().preferences;
}

const stored = async (id: number) => (await t.db.query<{ preferences: unknown }>('SELECT preferences FROM "user" WHERE id = $1', [id])).rows[0].preferences;

beforeAll(async () => {
  t = await createTestApp();
  const a = await adminWithTeam(t, 'alice');
  ({ client: alice, userId: aliceId } = a);
  bobId = await createUser(t.db, 'bob', PASSWORD);
  bob = api(t.app, await signIn(t.app, 'bob', PASSWORD));
  // Teammates: each sees the other, so a write to the other is refused for what it is (not 404).
  expect((await alice.post('/api/role', { team_id: a.teamId, username: 'bob', role_id: ROLE.USER })).statusCode).toBe(201);
});
afterAll(() => t.close());

describe('PUT /api/user {preferences}', () => {
  it('stores the theme, columns and page sizes, and a new session of the user reads them back', async () => {
    const res = await bob.put('/api/user', { preferences: CHOSEN });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: bobId, preferences: CHOSEN });
    expect(await freshProfilePreferences('bob')).toEqual(CHOSEN);
    // The session that wrote them reads them too (its cached profile is forgotten).
    expect((await bob.get('/api/current_user')).json().preferences).toEqual(CHOSEN);
  });

  it("writes only the caller's own: another user's preferences stay as they were", async () => {
    await bob.put('/api/user', { preferences: CHOSEN });
    expect((await alice.put('/api/user', { preferences: { theme: 'light' } })).statusCode).toBe(200);
    expect(await stored(bobId)).toEqual(CHOSEN);
    // Nor through the other user's own address, even as the admin of their team.
    expect((await alice.put(`/api/user/${bobId}`, { preferences: { theme: 'light' } })).statusCode).toBe(403);
    expect(await stored(bobId)).toEqual(CHOSEN);
    expect(await stored(aliceId)).toEqual({ theme: 'light' });
  });

  it('refuses what is not a preference, with a 400 that says why, and changes nothing', async () => {
    await bob.put('/api/user', { preferences: CHOSEN });
    const tooManyTables = Object.fromEntries(Array.from({ length: MAX_PREFERENCE_TABLES + 1 }, (_, i) => [`table_${i}`, { perPage: 10 }]));
    const columns = (n: number) => Array.from({ length: n }, (_, i) => `column_${i}`);
    const refused: [unknown, string][] = [
      [null, ownMessages.preferencesNotObject],
      ['dark', ownMessages.preferencesNotObject],
      [[], ownMessages.preferencesNotObject],
      [{ theme: 'purple' }, ownMessages.preferenceTheme(THEMES)],
      [{ lang: 'en' }, ownMessages.unknownPreference('lang')],
      [{ lists: { device: { perPage: 0 } } }, ownMessages.preferencePageSize(MAX_PREFERENCE_PAGE_SIZE)],
      [{ lists: { device: { perPage: 2.5 } } }, ownMessages.preferencePageSize(MAX_PREFERENCE_PAGE_SIZE)],
      [{ lists: { device: { perPage: MAX_PREFERENCE_PAGE_SIZE + 1 } } }, ownMessages.preferencePageSize(MAX_PREFERENCE_PAGE_SIZE)],
      [{ lists: { device: { perPage: '50' } } }, ownMessages.preferencePageSize(MAX_PREFERENCE_PAGE_SIZE)],
      [{ lists: { device: { columns: 'name' } } }, ownMessages.preferenceColumns(MAX_PREFERENCE_COLUMNS)],
      [{ lists: { device: { columns: ['name', 'name'] } } }, ownMessages.preferenceColumns(MAX_PREFERENCE_COLUMNS)],
      [{ lists: { device: { columns: ['<script>'] } } }, ownMessages.preferenceColumns(MAX_PREFERENCE_COLUMNS)],
      [{ lists: { device: { columns: columns(MAX_PREFERENCE_COLUMNS + 1) } } }, ownMessages.preferenceColumns(MAX_PREFERENCE_COLUMNS)],
      [{ lists: { device: { sort: 'name' } } }, ownMessages.unknownPreference('sort')],
      [{ lists: { 'Not a key': { perPage: 10 } } }, ownMessages.preferenceTable],
      [{ lists: { '/a/b': { perPage: 10 } } }, ownMessages.preferenceTable],
      [{ lists: tooManyTables }, ownMessages.preferenceTables(MAX_PREFERENCE_TABLES)],
    ];
    for (const [preferences, message] of refused) {
      await expectError(bob.put('/api/user', { preferences }), 400, message);
      expect(await stored(bobId), JSON.stringify(preferences).slice(0, 80)).toEqual(CHOSEN);
    }
  });

  it('bounds the size: preferences over MAX_PREFERENCES_BYTES are refused whole', async () => {
    await bob.put('/api/user', { preferences: CHOSEN });
    const wide = Array.from({ length: MAX_PREFERENCE_COLUMNS }, (_, i) => `a_rather_long_column_name_number_${i}`);
    const lists = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`table_${i}`, { columns: wide }]));
    expect(JSON.stringify({ lists }).length).toBeGreaterThan(MAX_PREFERENCES_BYTES);
    await expectError(bob.put('/api/user', { preferences: { lists } }), 400, ownMessages.preferencesTooLarge(MAX_PREFERENCES_BYTES));
    expect(await stored(bobId)).toEqual(CHOSEN);
  });

  it('the user form checks them the same way (PUT /api/user/{id})', async () => {
    await expectError(bob.put(`/api/user/${bobId}`, { preferences: { theme: 'purple' } }), 400, ownMessages.preferenceTheme(THEMES));
    await expectError(bob.put(`/api/user/${bobId}`, { preferences: null }), 400, ownMessages.preferencesNotObject);
    expect((await bob.put(`/api/user/${bobId}`, { preferences: {} })).statusCode).toBe(200);
    expect(await freshProfilePreferences('bob')).toEqual({});
  });

  it('requires a session', async () => {
    expect((await api(t.app).put('/api/user', { preferences: { theme: 'dark' } })).statusCode).toBe(401);
  });
});
