/**
 * Writes docs/API.md from the registry: the generic calls, then each category's fields.
 * `npm run docs` regenerates it; a unit test fails when it is stale.
 */
import { categories, type Category, type FieldSpec } from '../src/schemas';

const HEADER = `# API

Generated from the registry by \`npm run docs\`; do not edit by hand.

Every call is under \`/api\`. Errors answer \`{ "Description": "..." }\` with the status code.
Signed-out callers get 401 on every call except \`GET /api/current_user\`, \`POST /api/login\`,
\`POST /api/logout\` and the public QR calls. Every non-GET call must carry the header
\`X-Requested-With: pucs\`, and an \`Origin\` header, when present, must be the server's own (else 403).

## Sign-in

| call | answer |
|---|---|
| \`POST /api/login\` \`{"username","password"}\` | 204 and an HttpOnly session cookie; 401 for a wrong password or unknown user (same answer); 429 with \`Retry-After\` after too many failures per account or address |
| \`POST /api/logout\` | 204; the session ends on the server |
| \`GET /api/current_user\` | \`{id, username, preferences, is_server_admin, teams: [{id, name, role_id}]}\`, or an empty body when signed out |
| \`GET /api/get_teams_where_user_is_admin/\` | \`{"json_list": [{id, name}]}\` |
| \`GET /api/issemver/{value}\` | \`true\` or \`false\` |
| \`PUT /api/user\` \`{"preferences": {...}}\` | the caller's preferences |

## Generic calls, for every category {cat}

| call | answer |
|---|---|
| \`GET /api/{cat}?fields=a,b\` | \`{"json_list": [...]}\`, only the fields asked (all readable fields without \`fields\`) |
| \`GET /api/full/{cat}?fields=...\` | the same with the category's expansions and lists |
| \`GET /api/{cat}/{id}\`, \`GET /api/full/{cat}/{id}\` | one object |
| \`POST /api/{cat}\` | creates; answers the new object with its id |
| \`PUT /api/{cat}/{id}\` | changes only the fields sent; answers the object |
| \`DELETE /api/{cat}/{id}\` | deletes |

\`fields\` mixes plain names with expansions in the spec's grammar:
\`fields=name,type(name,id,name_of_uid),device(name,id)\`: \`cat(a,b)\` selects every expansion or
list of the object whose target category is \`cat\`, with those fields.

Access: a caller sees only objects of teams they belong to; any other object answers 404, exactly
like an unknown id, on every verb. Only admins of the object's team create, change or delete it (403).
`;

function fieldRow(name: string, f: FieldSpec): string {
  const notes = [
    f.ref ? `id of a ${f.ref}` : '',
    f.required ? 'required' : '',
    f.system ? 'set by the server' : '',
    f.writeOnly ? 'write-only' : '',
    f.default !== undefined ? `default \`${JSON.stringify(f.default)}\`` : '',
    f.maxLength ? `at most ${f.maxLength} characters` : '',
  ].filter(Boolean);
  return `| \`${name}\` | ${f.kind} | ${f.label} | ${notes.join('; ')} |`;
}

function categorySection(c: Category): string {
  const fields = Object.entries(c.fields).filter(([, f]) => !f.secret);
  const extras = [
    ...Object.entries(c.expansions ?? {}).map(([k, e]) => `\`${k}\` (from \`${e.field}\`)`),
    ...Object.entries(c.lists ?? {}).map(([k, l]) => `\`${k}\` (${l.category} by \`${l.via}\`)`),
    ...Object.keys(c.lookups ?? {}).map((k) => `\`${k}\``),
    ...Object.keys(c.counts ?? {}).map((k) => `\`${k}\``),
  ];
  const unique = (c.unique ?? []).map((u) => `\`${u.fields.join(' + ')}\` (${u.name})`);
  return [
    `### ${c.plural}: \`/api/${c.key}\` (category ${c.id})`,
    '',
    `Create: ${c.permissions.create}; update: ${c.permissions.update}; delete: ${c.permissions.delete}.`,
    unique.length ? `Unique: ${unique.join(', ')}.` : '',
    extras.length ? `Full form adds: ${extras.join(', ')}.` : '',
    '',
    '| field | kind | label | notes |',
    '|---|---|---|---|',
    '| `id` | integer | Product ID | set by the server |',
    ...fields.map(([n, f]) => fieldRow(n, f)),
    '',
  ]
    .filter((line, i, all) => line !== '' || all[i - 1] !== '')
    .join('\n');
}

export function apiDoc(): string {
  return `${HEADER}\n## Categories\n\n${categories.map(categorySection).join('\n')}`;
}
