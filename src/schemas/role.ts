import { defineCategory } from './defineCategory';
import { teamField } from './fields';
import { messages, ownMessages } from '../messages';

/** A user's role in a team (spec: NONE 0, USER 1, TEAMLEADER 2, ADMIN 3). */
export const ROLE = { NONE: 0, USER: 1, TEAMLEADER: 2, ADMIN: 3 } as const;

/** Every role has its display name (ownMessages.roleLabels, issue 13 item 8), by its name in ROLE. */
const ROLE_LABELS: Readonly<Record<keyof typeof ROLE, string>> = ownMessages.roleLabels;

/** What the console calls a role ('Member' for ROLE.USER); a value outside ROLE reads 'Role {id}' (messages.roleName). */
export function roleLabel(id: number): string {
  const name = (Object.keys(ROLE) as (keyof typeof ROLE)[]).find((key) => ROLE[key] === id);
  return name === undefined ? messages.roleName(id) : ROLE_LABELS[name];
}

/** Every way a role has been named, lower-cased: the console's label ('team lead'), ROLE's name
 * ('teamleader'), the spec's dropdown name ('not_authorized', 'user', 'admin') and the number, so
 * `npm run user` accepts what the console shows and what scripts already pass (issue 27 item 10). */
const ROLE_NAMES: ReadonlyMap<string, number> = new Map(
  (Object.keys(ROLE) as (keyof typeof ROLE)[]).flatMap((key) =>
    [ROLE_LABELS[key], key, messages.roleName(ROLE[key]), String(ROLE[key])].map((n) => [n.toLowerCase(), ROLE[key]] as const),
  ),
);

/** The role a person or a script names, case-insensitive; undefined for no role of ROLE. */
export function roleByName(name: string): number | undefined {
  return ROLE_NAMES.get(name.trim().toLowerCase());
}

const checkRole = (v: unknown, label: string) => (v === 0 || v === 1 || v === 2 || v === 3 ? undefined : ownMessages.wrongFieldType(label, '0, 1, 2 or 3'));

export const role = defineCategory({
  key: 'role',
  id: 6,
  singular: 'role',
  title: 'Role',
  plural: 'Roles',
  scope: 'team',
  permissions: { create: 'teamAdmin', update: 'teamAdmin', delete: 'teamAdmin' },
  fields: {
    team_id: { ...teamField, onDelete: 'cascade' },
    user_id: { kind: 'ref', ref: 'user', label: 'User', required: ownMessages.wrongFieldType('user_id', 'a user id'), sameTeam: false, list: true, onDelete: 'cascade' },
    role_id: { kind: 'integer', label: 'Role', default: ROLE.USER, list: true, check: checkRole },
    // A team admin adds an existing user by name (the teams page); server/categories/role.ts
    // resolves it to user_id, exact match.
    username: { kind: 'text', label: 'Username', writeOnly: true, maxLength: 64, resolvesTo: 'user_id', unresolved: ownMessages.noSuchUser },
  },
  // username: the member's, looked up, so a team's role list shows who each member is.
  summary: ['team_id', 'user_id', 'role_id', 'id', 'username'],
  unique: [{ name: 'role_user_per_team_key', fields: ['team_id', 'user_id'], message: () => ownMessages.alreadyMember }],
  expansions: { user: { field: 'user_id' } },
  lookups: { username: { via: 'user_id', field: 'username' } },
});
