import { defineCategory } from './defineCategory';
import { ownMessages } from '../messages';
import { passwordProblem } from './passwordRules';
import { preferencesProblem } from './preferences';

export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

export const user = defineCategory({
  key: 'user',
  id: 7,
  singular: 'user',
  title: 'User',
  plural: 'Users',
  scope: 'user',
  // A user may delete themself (server/categories/user.ts keeps every team an admin and the server one).
  permissions: { create: 'serverAdmin', update: 'selfOrServerAdmin', delete: 'selfOrServerAdmin' },
  fields: {
    username: {
      kind: 'text',
      label: 'Username',
      required: ownMessages.usernameInvalid,
      maxLength: 64,
      list: true,
      // The server administrator's Users page searches by it (others see themselves and teammates only).
      searchable: true,
      check: (v) => (typeof v === 'string' && USERNAME_PATTERN.test(v) ? undefined : ownMessages.usernameInvalid),
    },
    password: {
      kind: 'text',
      label: 'Password',
      writeOnly: true,
      maxLength: 1000,
      input: 'password',
      // The rules the console can check alone (length); the server adds the username and the common list.
      check: (v) => passwordProblem(v),
    },
    // A user changing their own password sends the current one with it (server/auth/passwordChange.ts).
    current_password: { kind: 'text', label: 'Current password', writeOnly: true, maxLength: 1000, input: 'password' },
    password_hash: { kind: 'text', label: 'Password hash', system: true, secret: true },
    // What the console keeps for the user (theme, columns, page sizes): only the shape of preferences.ts, bounded.
    preferences: {
      kind: 'json',
      label: 'Preferences',
      default: {},
      private: true,
      check: preferencesProblem,
      // An optional field takes null (src/schemas/compile.ts); preferences are an object, {} when none.
      checkWith: { on: [], check: (v) => (v === null ? ownMessages.preferencesNotObject : undefined) },
    },
    // Seen by the user themself and the server administrator only; changed by the server
    // administrator only, never for the last active one (server/categories/userChanges.ts).
    is_server_admin: { kind: 'boolean', label: 'Server administrator', default: false, private: true },
    // A deactivated user's sessions end and none opens (server/auth/sessions.ts); set by the server administrator only.
    active: { kind: 'boolean', label: 'Active', default: true, list: true },
    // Set at each sign-in (server/auth/sessions.ts createSession).
    last_sign_in: { kind: 'datetime', label: 'Last sign-in', system: true, private: true },
    // A server administrator creates a user straight into a team (server/categories/userChanges.ts): create only.
    join_team_id: { kind: 'integer', label: 'Team to join', writeOnly: true },
    join_role_id: { kind: 'integer', label: 'Role in the team to join', writeOnly: true },
    // The username's look-alike key (src/schemas/lookalike.ts), set by server/auth/usernameKey.ts on
    // every write: its UNIQUE constraint refuses 'Bob' or 'b0b' beside 'bob'.
    username_key: { kind: 'text', label: 'Username key', system: true, secret: true, derived: true },
  },
  summary: ['username', 'id'],
  // The server administrator's Users page (src/resources/user/): a list only, no object screens.
  console: { list: '/users', listKind: 'table', base: 'user', listOnly: true, menu: { order: 7, serverAdminOnly: true } },
  unique: [
    { name: 'user_username_key', fields: ['username'], message: (o) => ownMessages.usernameTaken(String(o.username)) },
    { name: 'user_username_lookalike_key', fields: ['username_key'], message: (o) => ownMessages.usernameTaken(String(o.username)) },
  ],
});
