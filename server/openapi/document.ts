/**
 * The OpenAPI 3.1 document of the API, built from the registry and the contracts the routes declare
 * (server/openapi/plugin.ts collects them): GET /api/openapi.json serves it, the reference page shows
 * it, and server/openapi/markdown.ts writes docs/API.md (npm run docs) from it. Deterministic: the same registry and routes
 * give the same text.
 */
import type { Category } from '../../src/schemas/defineCategory';
import { messages } from '../../src/messages';
import { CSRF_HEADER_NAME, CSRF_VALUE } from '../../src/csrf';
import { SESSION_COOKIE } from '../auth/sessions';
import { DEFAULT_INVITATION_DAYS } from '../config';
import { MAX_PAGE } from '../crud/listQuery';
import { MAX_JSON_DEPTH } from '../../src/schemas/kinds';
import { categorySchemas, ERROR_SCHEMA, type JsonSchema } from './jsonSchema';
import { listThroughLinks } from '../../src/schemas/listThroughLinks';
import { ERROR_TEXT } from './contract';
import { operation, type RouteSeen } from './operation';
import { DEVICE_TOKEN_SCHEME } from '../deviceApi/auth';
import pkg from '../../package.json' with { type: 'json' };

const DESCRIPTION = `Every call is under \`/api\` and answers JSON unless said otherwise. Errors answer
\`{ "Description": "..." }\` with the status code; the console shows the Description.

Signed-out callers get 401 on every call except those marked as needing no sign-in. Every call but
GET must carry the header \`${CSRF_HEADER_NAME}: ${CSRF_VALUE}\`, and an \`Origin\` header, when present, must be the
server's own (else 403). The session is the HttpOnly cookie \`${SESSION_COOKIE}\` set by \`POST /api/login\`.
A script or a build pipeline sends an API token instead (\`Authorization: Bearer <token>\`, see Tokens for
scripts and pipelines below), and then no CSRF header.

| status | meaning |
|---|---|
${Object.entries(ERROR_TEXT)
  .map(([code, text]) => `| ${code} | ${text} |`)
  .join('\n')}

## Generic calls, for every category {cat}

\`GET /api/{cat}\` answers \`{"json_list": [...]}\`; \`GET /api/full/{cat}\` the same with the category's
expansions, lists, lookups and counts. \`GET /api/{cat}/{id}\` and \`GET /api/full/{cat}/{id}\` answer one
object; \`POST /api/{cat}\` creates (201, the new object); \`PUT /api/{cat}/{id}\` changes only the fields
sent; \`DELETE /api/{cat}/{id}\` answers the deleted object as it was.

\`fields\` mixes plain names with expansions in the spec's grammar:
\`fields=name,type(name,id,name_of_uid),device(name,id)\`: \`cat(a,b)\` selects every expansion or
list of the object whose target category is \`cat\`, with those fields. The fields of an expanded
object or list item may name that category's lookups and counts too (\`role(username,role_id)\`).
A plain \`?{field}={id}\` filters a list by a field marked filterable (\`?type_id=3\`). A parameter that reads as a filter the list does not apply (\`?q=\`, \`?uid_for_type=\`, the bracket forms \`?last_seen[]=\`) is refused with 400 rather than ignored: use \`filter=\`.

Access: a caller sees only objects of teams they belong to; any other object answers 404, exactly
like an unknown id, on every verb. Only admins of the object's team create, change or delete it (403).
A reference may cross teams only where the schema says so (an author, a team's member); such an
expansion answers only its target's summary fields (\`user(username,id)\`), asking for more is a 400.
A list of references (\`[{"id": n}]\`, or plain ids) holds references too: each must be an object of the
object's team. A user's \`preferences\` are read by that user and the server administrator only; anybody
else reads \`null\`. A new password (\`PUT /api/user/{id}\`) ends the user's other sessions.

Values: text and JSON must be storable by PostgreSQL (no NUL character, no unpaired surrogate; JSON
nested at most ${MAX_JSON_DEPTH} levels), else 400. Two writes colliding in the database (a deadlock)
answer 409; the refused one may be sent again.

### Lists inside an answer

The lists an object carries (a firmware's \`is_target_of\`, a type's \`device\`, a device's
\`basic_docs_list\`, each list of a document's \`used_in\`) are bounded, so that a list answer costs the
same whatever the fleet: in each object of a list answer (\`GET /api/{cat}\`, \`GET /api/full/{cat}\`, paged
or not) at most \`PUCS_MAX_EMBEDDED_LIST\` objects (default 100), in one object's answer
(\`GET /api/full/{cat}/{id}\`) at most \`PUCS_MAX_LIST\` (default 10,000); the first by id (a collection's
documents in its order, a \`used_in\` list by name). A list that was cut has beside it
\`{list}_total\`, how many objects it holds whole (\`"device": [...100 objects], "device_total": 20000\`;
inside \`used_in\`, \`"device_total"\` beside \`"device"\`); a list that was not cut has none. The whole list is
read page by page through its own call: \`GET /api/{source}?filter={"{via}":{id}}&range=[100,199]\`
(\`GET /api/device?filter={"target_firmware_id":7}&range=[100,199]\`), whose \`Content-Range\` tells the total.

### Paged lists: the ra-data-simple-rest dialect

\`GET /api/{cat}\` and \`GET /api/full/{cat}\` also speak the dialect of react-admin's
ra-data-simple-rest, so the stock provider pointed at \`/api/full\` works unchanged. With any of
these parameters the answer is a JSON **array** of the page (\`fields\` still applies) and a header
\`Content-Range: {cat} {first}-{last}/{total}\` (\`{cat} */{total}\` for an empty page), exposed to
the browser by \`Access-Control-Expose-Headers: Content-Range\`.

| parameter | meaning |
|---|---|
| \`sort=["name","ASC"]\` | order by a readable, non-JSON column, \`ASC\` or \`DESC\`, then by id; text case-insensitively; default \`["id","ASC"]\` |
| \`range=[0,24]\` | inclusive first and last index of the page, at most ${MAX_PAGE} objects; without it, every match |
| \`filter={"q":"text","type_id":3}\` | \`q\`: case-insensitive substring of the searched fields (those marked searchable, else the name: a device's name and unique ID); a field marked findsOne (a device's \`uid_for_type\`): its exact text, letter case aside; a recency field (a device's \`last_seen\`): \`hour\`, \`day\`, \`week\` (seen within it), \`over_day\` (seen, but not within a day) or \`never\`; \`id\`, filterable fields and reference fields: a value, a list of values (\`{"id":[1,2]}\`, as getMany sends) or \`null\`; blank strings are ignored |

Sorting, filtering, counting and paging run in the database; only objects of the caller's teams
are counted. Malformed JSON, an unknown sort column or filter key, or a bad value answers 400.

### Team members

\`GET /api/full/team\` lists each team's members under \`role\`: \`{id, team_id, user_id, role_id,
username}\` (in this list answer at most \`PUCS_MAX_EMBEDDED_LIST\` members a team, then with \`role_total\`; all of them:
\`GET /api/role?filter={"team_id":1}&range=[0,99]\`). A team admin adds an existing user by name with \`POST /api/role
{"team_id", "username", "role_id"}\` (instead of \`user_id\`; exact match): an unknown name answers
400 saying only that there is no such user; a member already in the team, 409.

### Users and invitation links

A server administrator lists every user (\`GET /api/user?fields=id,username,is_server_admin,active,last_sign_in\`,
paged and searched by username with \`range=\` and \`filter={"q":...}\`); anyone else sees themself and their
teammates only. \`POST /api/user {"username"}\` without a password answers 201 with the user and
\`invitation_url\` (and \`invitation_expires_at\`), a one-time link (\`{origin}/invitation#{token}\`, 256 random bits, stored only hashed,
valid \`PUCS_INVITATION_DAYS\` days, default ${DEFAULT_INVITATION_DAYS}) where the person chooses a password: the console's page sends
\`POST /api/invitation/{token} {"password"}\`, which signs them in. With \`"password"\` the user is made with
it, without a link. \`"join_team_id"\` (and \`"join_role_id"\`, 1 member, 2 team lead, 3 admin; default 1)
puts the new user in that team. \`PUT /api/user/{id} {"active": false}\` ends the user's sessions at once
and refuses their sign-ins and API tokens until \`true\` (their tokens then work again); \`{"is_server_admin": ...}\` makes or unmakes a server
administrator; both are the server administrator's only (403), and never take the last active server
administrator (409). \`POST /api/user_invitation/{id}\` makes a new link (the old link, the password, the sessions and the API tokens stop working).

### Claiming a device

The owner's admin marks a device to be claimed: \`PUT /api/set_device_claimed_status/{id}\` answers a
claim code once (\`XXXX-XXXX-XXXX-XXXX\`, Crockford base32, 80 random bits; the server keeps only its
hash). Anyone signed in who holds the device's QR id and the code checks it with
\`PUT /api/get_device_by_qr_and_claim_codes/{qr id}\`, then claims it into a team they administer
with \`PUT /api/claim_device/{id}\` (204) and may add the support user to that team with
\`PUT /api/add_pucs_user_to_team/\`. Codes are compared ignoring case, spaces and \`-\`, with
\`I\`/\`L\` read as \`1\` and \`O\` as \`0\`. At most 10 wrong codes per user in 15 minutes; then
every code of that user answers 429 with \`Retry-After\`. The limit is the guesser's only: another
user's wrong codes never lock a device or its rightful claimant. Device ids are sequential, so
\`claim_device\` tells whether a device waits to be claimed only to a caller holding its code: no
device, a device not waiting and a wrong code all answer 400 \`Wrong code! Please, try again.\`;
the device's last code, spent by a claim or withdrawn by its owner, answers 409 (not waiting to be
claimed) and counts as no wrong code. A claim is one transaction: racing claims of one device get
one 204, the others 409, on one process or many sharing PostgreSQL. The claimed device keeps its QR
id; its certificate and private key are deleted, so its new team downloads a new key.

### Tokens for scripts and pipelines

A signed-in user makes a token on their profile page (or with \`POST /api/tokens\`, below) and gives it
to a script or a build pipeline, which sends it as \`Authorization: Bearer <token>\` on any /api call
its user could make, without the cookie and without the CSRF header (which protects cookies only). The
token is shown once; the server keeps only a hash. It never does more than its user: limited to the
teams it was made for (other teams' objects answer 404, like unknown ids; a token limited to teams is
not the server administrator's and makes no team), and to reads when read-only (any change answers 403).
What a pipeline does works with a token: reading devices, types and firmwares, making firmwares and
uploading their files, writing configurations. What manages people needs a signed-in session (403
with a token, even a server administrator's): making, listing or revoking tokens, and creating,
changing or deleting users (passwords, preferences, \`active\`, \`is_server_admin\`), new sign-in links
(\`POST /api/user_invitation/{id}\`) and team members and roles (\`/api/role\`, \`PUT /api/add_pucs_user_to_team/\`):
a stolen token must not let in or take over an account that outlives it (server/tokens/guards.ts).
A team itself is an object like the others: a token without team limits may create one (its user is
the new team's admin, as in the console) or delete one its user administers (its memberships go with it).
An expired or revoked token, or one whose user is gone, deactivated or was sent a new sign-in link, answers 401
like no session.

A build pipeline that publishes a firmware (SHA3-256 of the file first, then the firmware, then its file):

\`\`\`sh
set -eo pipefail                       # a refused call stops the pipeline
PUCS=https://pucs.example.com          # the console's address
TOKEN=...                              # the token, from the pipeline's secrets
FILE=build/sensor.bin
HASH=$(openssl dgst -sha3-256 -r "$FILE" | cut -d' ' -f1)
ID=$(curl -sS --fail-with-body -X POST "$PUCS/api/firmware" \\
  -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \\
  -d "{\\"name\\": \\"sensor\\", \\"version\\": \\"1.4.2\\", \\"team_id\\": 3, \\"type_id\\": 7, \\"firmware_hash\\": \\"$HASH\\"}" | jq .id)
curl -sS --fail-with-body -X POST "$PUCS/api/upload/firmware/$ID" \\
  -H "Authorization: Bearer $TOKEN" -F "firmware=@$FILE"
\`\`\`

The team and type ids are those of \`GET /api/team?fields=id,name\` and \`GET /api/type?fields=id,name,team_id\`
(with the same header). A version already published answers 409; a file that does not match the hash, 400.`;

const PERMISSION: Record<string, string> = {
  signedIn: 'anyone signed in',
  teamAdmin: "the team's admins",
  serverAdmin: 'the server administrator',
  selfOrServerAdmin: 'the user themselves or the server administrator',
  nobody: 'nobody',
};

/** The lists read through a reference that the full form adds: its own, and where it is listed ('Used in'). */
function throughExtras(c: Category, categories: readonly Category[]): string[] {
  const links = listThroughLinks(categories);
  const own = links.filter((l) => l.owner.key === c.key).map((l) => `\`${l.through.as}\` (${l.list} of the ${l.holder.key} of \`${l.via}\`)`);
  const usedIn = new Map<string, string[]>();
  for (const l of links.filter((x) => x.item.key === c.key)) usedIn.set(l.through.usedIn, [...(usedIn.get(l.through.usedIn) ?? []), `${l.owner.key} by \`${l.via}\``]);
  return [...own, ...[...usedIn].map(([key, owners]) => `\`${key}\` (${owners.join(', ')})`)];
}

/** The category's words beside its routes: who may write, its unique rules, what the full form adds. */
function categoryDescription(c: Category, categories: readonly Category[]): string {
  const p = c.permissions;
  const extras = [
    ...Object.entries(c.expansions ?? {}).map(([k, e]) => `\`${k}\` (from \`${e.field}\`)`),
    ...Object.entries(c.lists ?? {}).map(([k, l]) => `\`${k}\` (${l.category} by \`${l.via}\`)`),
    ...Object.keys(c.lookups ?? {}).map((k) => `\`${k}\``),
    ...Object.keys(c.counts ?? {}).map((k) => `\`${k}\``),
    ...throughExtras(c, categories),
  ];
  // A rule over a field no client sees or sets (a secret) is the server's own business.
  const visible = (c.unique ?? []).filter((u) => u.fields.every((f) => !c.fields[f]?.secret));
  const unique = visible.map((u) => `\`${u.fields.join(' + ')}\` (${u.name})`);
  return [
    `Create: ${PERMISSION[p.create]}; update: ${PERMISSION[p.update]}; delete: ${PERMISSION[p.delete]}.`,
    unique.length ? `Unique: ${unique.join(', ')}.` : '',
    extras.length ? `Full form adds: ${extras.join(', ')}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** Fastify's `/api/device/:id` as OpenAPI's `/api/device/{id}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

export function openApiDocument(categories: readonly Category[], routes: readonly RouteSeen[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const { schema } = route;
    if (!schema?.operationId) continue;
    const path = openApiPath(route.url);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation({ ...route, schema }) };
  }
  const schemas: Record<string, JsonSchema> = { Error: ERROR_SCHEMA };
  for (const c of categories) Object.assign(schemas, categorySchemas(c, categories));
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: { title: `${messages.productName} API`, version: pkg.version, description: DESCRIPTION },
    tags: [
      { name: 'session', 'x-displayName': 'Sign-in', description: 'Sign-in, sign-out and the caller.' },
      { name: 'misc', 'x-displayName': 'Checks', description: 'Small checks the console makes.' },
      { name: 'export', 'x-displayName': 'Downloads', description: 'Files made from a list.' },
      { name: 'audit', 'x-displayName': 'Audit log', description: 'Who changed what: entries written in the transaction of each change, read only.' },
      { name: 'documentation', 'x-displayName': 'Documentation', description: 'This document and its reference page.' },
      { name: 'tokens', 'x-displayName': 'API tokens', description: "The signed-in user's tokens for scripts and pipelines (Tokens for scripts and pipelines, above). A token cannot call these." },
      { name: 'device_api', 'x-displayName': 'Device API', description: 'Calls of the devices themselves: no console sign-in or CSRF header; each carries `Authorization: Bearer <JWT>` signed ES256 with the device\'s own key (docs/DEVICE_API.md).' },
      ...categories.map((c) => ({ name: c.key, 'x-displayName': c.plural, 'x-category': c.id, description: categoryDescription(c, categories) })),
    ],
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        apiToken: { type: 'http', scheme: 'bearer', description: 'An API token (`POST /api/tokens`), instead of the session and the CSRF header.' },
        deviceToken: DEVICE_TOKEN_SCHEME,
      },
    },
    security: [{ session: [] }, { apiToken: [] }],
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
