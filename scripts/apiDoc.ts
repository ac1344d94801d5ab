/**
 * Writes docs/API.md from the registry: the generic calls, then each category's fields.
 * `npm run docs` regenerates it; a unit test fails when it is stale.
 */
import { categories, type Category, type FieldSpec } from '../src/schemas';
import { MAX_PAGE } from '../server/crud/listQuery';
import { MAX_JSON_DEPTH } from '../server/crud/validate';

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
| \`PUT /api/user\` \`{"preferences": {...}}\` | changes the caller's preferences; answers the caller's user object |

## Generic calls, for every category {cat}

| call | answer |
|---|---|
| \`GET /api/{cat}?fields=a,b\` | \`{"json_list": [...]}\`, only the fields asked (all readable fields without \`fields\`) |
| \`GET /api/full/{cat}?fields=...\` | the same with the category's expansions and lists |
| \`GET /api/{cat}/{id}\`, \`GET /api/full/{cat}/{id}\` | one object |
| \`POST /api/{cat}\` | creates; 201 with the new object, id included |
| \`PUT /api/{cat}/{id}\` | changes only the fields sent; 200 with the object |
| \`DELETE /api/{cat}/{id}\` | deletes; 200 with the deleted object as it was |

\`fields\` mixes plain names with expansions in the spec's grammar:
\`fields=name,type(name,id,name_of_uid),device(name,id)\`: \`cat(a,b)\` selects every expansion or
list of the object whose target category is \`cat\`, with those fields. The fields of an expanded
object or list item may name that category's lookups and counts too (\`role(username,role_id)\`).
A plain \`?{field}={id}\` filters a list by a field marked filterable (\`?type_id=3\`).

Access: a caller sees only objects of teams they belong to; any other object answers 404, exactly
like an unknown id, on every verb. Only admins of the object's team create, change or delete it (403).
A reference may cross teams only where the schema says so (an author, a team's member); such an
expansion answers only its target's summary fields (\`user(username,id)\`), asking for more is a 400.
The lists of documents in \`basic_docs_list\` (\`[{"id": n}]\`, or plain ids) are references too: each
document must be one of the object's team. A user's \`preferences\` are read by that user and the server
administrator only; anybody else reads \`null\`. A new password (\`PUT /api/user/{id}\`) ends the user's
other sessions.

Values: text and JSON must be storable by PostgreSQL (no NUL character, no unpaired surrogate; JSON
nested at most ${MAX_JSON_DEPTH} levels), else 400. Two writes colliding in the database (a deadlock)
answer 409; the refused one may be sent again.

### Paged lists: the ra-data-simple-rest dialect

\`GET /api/{cat}\` and \`GET /api/full/{cat}\` also speak the dialect of react-admin's
ra-data-simple-rest, so the stock provider pointed at \`/api/full\` works unchanged. With any of
these parameters the answer is a JSON **array** of the page (\`fields\` still applies) and a header
\`Content-Range: {cat} {first}-{last}/{total}\` (\`{cat} */{total}\` for an empty page), exposed to
the browser by \`Access-Control-Expose-Headers: Content-Range\`; without them the answer is
\`{"json_list": [...]}\` as above.

| parameter | meaning |
|---|---|
| \`sort=["name","ASC"]\` | order by a readable, non-JSON column, \`ASC\` or \`DESC\`, then by id; text case-insensitively; default \`["id","ASC"]\` |
| \`range=[0,24]\` | inclusive first and last index of the page, at most ${MAX_PAGE} objects; without it, every match |
| \`filter={"q":"text","type_id":3}\` | \`q\`: case-insensitive substring of the name (of the first text list column, e.g. \`username\`, for a category without a name); \`id\`, filterable fields and reference fields: a value, a list of values (\`{"id":[1,2]}\`, as getMany sends) or \`null\`; blank strings are ignored |

Sorting, filtering, counting and paging run in the database; only objects of the caller's teams
are counted. Malformed JSON, an unknown sort column or filter key, or a bad value answers 400.

### CSV export

\`GET /api/download/csv_export/{cat}[?type_id=&group_id=]\` answers \`text/csv; charset=utf-8\` with
\`Content-Disposition: attachment; filename="{cat}.csv"\`, streamed. Columns: \`id\`, then the
category's list columns (marked \`list\` below) in order; the header row holds their keys, since
cells hold API values (ids, not names). Rows: every object of the caller's teams matching the plain
filters (an empty value or \`0\` means all) and the dialect's \`filter\`, in its \`sort\` order.
RFC 4180 quoting and CRLF line ends; a text cell beginning with \`=\`, \`+\`, \`-\`, \`@\`, tab or
carriage return gets a leading \`'\` so a spreadsheet does not run it as a formula. An unknown
category answers 404.

### Team members

\`GET /api/full/team\` lists each team's members under \`role\`: \`{id, team_id, user_id, role_id,
username}\`. A team admin adds an existing user by name with \`POST /api/role
{"team_id", "username", "role_id"}\` (instead of \`user_id\`; exact match): an unknown name answers
400 saying only that there is no such user; a member already in the team, 409.
`;

function fieldRow(name: string, f: FieldSpec): string {
  const notes = [
    f.ref ? `id of a ${f.ref}` : '',
    f.required ? 'required' : '',
    f.system ? 'set by the server' : '',
    f.writeOnly ? 'write-only' : '',
    f.private ? 'read by the object itself and the server administrator only' : '',
    f.default !== undefined ? `default \`${JSON.stringify(f.default)}\`` : '',
    f.maxLength ? `at most ${f.maxLength} characters` : '',
    f.resolvesTo ? `resolved to \`${f.resolvesTo}\`` : '',
    f.matches ? `of the object's ${f.matches.map((m) => `\`${m}\``).join(', ')}` : '',
    f.list ? 'list' : '',
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
