/**
 * Hand-written descriptions of the /api routes that are not generic CRUD (server/routes/*.ts and
 * this folder's own). Each entry names its route by method and URL; tests/api/openapi.test.ts
 * fails when a route has none, or a description names no route.
 */
import type { Category, FieldSpec, FileCondition } from '../../src/schemas/defineCategory';
import { plainQueryFields } from '../crud/listQuery';
import { IMAGE_TYPES } from '../../src/schemas/imageKind';
import { SESSION_COOKIE } from '../auth/sessions';
import { plainFilterSchema, ref, schemaNames, type JsonSchema } from './jsonSchema';
import { CSRF_HEADERS, errors, ID_PARAMS, json, type RouteDoc } from './routes';

const PROFILE: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    username: { type: 'string' },
    preferences: { description: 'The console preferences of the caller (any JSON).' },
    is_server_admin: { type: 'boolean' },
    teams: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'integer' }, name: { type: 'string' }, role_id: { type: 'integer' } },
        required: ['id', 'name', 'role_id'],
      },
    },
  },
  required: ['id', 'username', 'preferences', 'is_server_admin', 'teams'],
};

const TEAMS_WHERE_ADMIN: RouteDoc['schema'] = {
  operationId: 'getTeamsWhereUserIsAdmin',
  summary: 'Teams the caller administers',
  tags: ['session'],
  response: {
    '200': {
      description: 'The teams where the caller is an admin.',
      content: json({
        type: 'object',
        properties: {
          json_list: {
            type: 'array',
            items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } }, required: ['id', 'name'] },
          },
        },
        required: ['json_list'],
      }),
    },
    ...errors('401'),
  },
};

/** A FileSpec condition in words: `doc_type` 'file' or 'image'. */
const condition = ({ field, values }: FileCondition) => `\`${field}\` ${values.map((v) => `'${v}'`).join(' or ')}`;

/** The upload and download of each category that holds a file (server/files/routes.ts). */
function fileRoutes(category: Category): RouteDoc[] {
  const { key, singular, file } = category;
  if (!file) return [];
  const route = file.route ?? key;
  const hash = category.fields[file.hash].label;
  const fileRules = [
    file.only ? `Only a ${singular} of ${condition(file.only)} holds a file: an upload to another answers 400 and stores nothing.` : '',
    file.hashFirst ? `The ${singular}'s \`${file.hash}\` (the ${hash} of the file, sent with the create or update) must match the bytes, else 400 and nothing is stored.` : '',
    file.immutable
      ? 'Once uploaded the file never changes: a second upload answers 409 and the first file is kept.'
      : 'A later upload replaces the file (the old one is removed from the store once no object holds it).',
    file.image
      ? `A ${singular} of ${condition(file.image)} takes an image only: PNG, JPEG, WebP or GIF by its first bytes (never by its name; SVG is refused), else 400 and nothing is stored; ` +
        `changing \`${file.image.field}\` to ${file.image.values.map((v) => `'${v}'`).join(' or ')} while the stored file is not one answers 400 too.`
      : '',
  ].filter(Boolean).join(' ');
  const inline = file.image
    ? ` A ${singular} of ${condition(file.image)} answers its image \`inline\`, with the image's \`Content-Type\` (image/png, image/jpeg, image/webp or image/gif, read from the bytes), so that an \`<img>\` shows it.`
    : '';
  return [
    {
      method: 'POST',
      url: `/api/upload/${route}/:id`,
      filePart: file.part,
      schema: {
        operationId: `upload_${key}`,
        summary: `Upload the ${singular}'s file`,
        description:
          `A \`multipart/form-data\` body with the file in the part \`${file.part}\`, streamed to disk while its SHA3-256 is computed. ` +
          `${fileRules} Files over \`PUCS_MAX_UPLOAD_MB\` answer 413, as do more than 8 parts up to the file (other parts are ignored, ` +
          'text fields read up to 1 KiB each); a malformed multipart body answers 400. A client that sends nothing for `PUCS_UPLOAD_IDLE_SECONDS` ' +
          `(default 120) is cut off: the connection is closed and nothing is stored. Sets \`${file.filename}\` (the base name only), ` +
          `\`${file.size}\` (bytes), \`${file.date}\` and \`${file.hash}\` together. Admins of the object's team only.`,
        tags: [key],
        headers: CSRF_HEADERS,
        params: ID_PARAMS,
        response: {
          '200': { description: `The ${singular} with its file fields set.`, content: json(ref(schemaNames(category).object)) },
          ...errors('400', '401', '403', '404', '409'),
          '413': { description: 'The file is larger than `PUCS_MAX_UPLOAD_MB`, or more than 8 parts come up to the file; nothing is stored.', content: json(ref('Error')) },
        },
      },
    },
    {
      method: 'GET',
      url: `/api/download/${route}/:id`,
      schema: {
        operationId: `download_${key}`,
        summary: `Download the ${singular}'s file`,
        description:
          'Members of the object\'s team only. `ETag` is the quoted SHA3-256; `Range: bytes=a-b` (one range) answers 206 and ' +
          '`If-Range` with that ETag resumes a download; `If-None-Match` answers 304; `HEAD` answers the headers alone. `?r=` (cache busting) is ignored. ' +
          `\`X-Content-Type-Options: nosniff\`.${inline}`,
        tags: [key],
        params: ID_PARAMS,
        querystring: { type: 'object', properties: { r: { type: 'string', description: 'Ignored: makes each URL new to caches.' } } },
        response: {
          '200': {
            description: `The file, \`Content-Disposition\` ${file.image ? '`attachment` (an image: `inline`)' : '`attachment`'} with its name (RFC 6266, \`filename*\` when not ASCII or holding a \`%\` escape; \`${route}.bin\` when it has none).`,
            headers: {
              'Content-Disposition': { description: `${file.image ? 'attachment or inline' : 'attachment'}; filename="..."; filename*=UTF-8''...`, schema: { type: 'string' } },
              ETag: { description: 'The SHA3-256 of the file, quoted.', schema: { type: 'string' } },
            },
            content: {
              'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
              ...(file.image ? Object.fromEntries(Object.values(IMAGE_TYPES).map((type) => [type, { schema: { type: 'string', format: 'binary' } }])) : {}),
            },
          },
          '206': {
            description: 'The requested range, with `Content-Range: bytes a-b/size`.',
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          },
          '304': { description: 'The file matches `If-None-Match`.' },
          ...errors('401'),
          '404': {
            description: `No such ${singular}, one of a team the caller is not in, or no file uploaded yet${file.only ? ` or held now (not of ${condition(file.only)})` : ''} (the same answer).`,
            content: json(ref('Error')),
          },
          '416': { description: 'The range starts past the end of the file (`Content-Range: bytes */size`).', content: json(ref('Error')) },
        },
      },
    },
  ];
}

/**
 * The CSV export's plain filters beyond the spec's `type_id` and `group_id`: every field a list
 * can be filtered by (server/crud/listQuery.ts, plainQueryFields), with the categories having
 * it (a firmware's tables export `?target_firmware_id=`, the documents table `?doc_type=`).
 */
function csvPlainFilters(categories: readonly Category[], shown: readonly string[]): Record<string, JsonSchema> {
  const having = new Map<string, { field: FieldSpec; keys: string[] }>();
  for (const c of categories) {
    for (const [name, field] of plainQueryFields(c)) {
      if (shown.includes(name)) continue;
      const entry = having.get(name) ?? { field, keys: [] };
      entry.keys.push(c.key);
      having.set(name, entry);
    }
  }
  return Object.fromEntries([...having].map(([name, { field, keys }]) => [name, plainFilterSchema(name, field, `; in ${keys.join(', ')}`)]));
}

export function specialRoutes(categories: readonly Category[]): RouteDoc[] {
  const keys = categories.map((c) => c.key);
  return [
    {
      method: 'POST',
      url: '/api/login',
      public: true,
      schema: {
        operationId: 'login',
        summary: 'Sign in',
        description: `Sets the HttpOnly session cookie \`${SESSION_COOKIE}\`. A wrong password and an unknown user get the same answer.`,
        tags: ['session'],
        headers: CSRF_HEADERS,
        body: {
          type: 'object',
          properties: { username: { type: 'string' }, password: { type: 'string', format: 'password' } },
          required: ['username', 'password'],
        },
        response: {
          '204': { description: 'Signed in: the session cookie is set.' },
          ...errors('400', '403'),
          '401': { description: 'Wrong user name or password.', content: json(ref('Error')) },
          ...errors('429'),
        },
      },
    },
    {
      method: 'POST',
      url: '/api/logout',
      public: true,
      schema: {
        operationId: 'logout',
        summary: 'Sign out',
        description: 'Ends the session on the server and clears the cookie.',
        tags: ['session'],
        headers: CSRF_HEADERS,
        response: { '204': { description: 'Signed out.' }, ...errors('403') },
      },
    },
    {
      method: 'GET',
      url: '/api/current_user',
      public: true,
      schema: {
        operationId: 'currentUser',
        summary: 'The caller',
        tags: ['session'],
        response: {
          '200': {
            description: 'The caller and their teams; an empty body when signed out.',
            content: { ...json(PROFILE), 'text/plain': { schema: { type: 'string', maxLength: 0 } } },
          },
        },
      },
    },
    { method: 'GET', url: '/api/get_teams_where_user_is_admin/', schema: TEAMS_WHERE_ADMIN },
    {
      method: 'GET',
      url: '/api/get_teams_where_user_is_admin',
      schema: { ...TEAMS_WHERE_ADMIN, operationId: 'getTeamsWhereUserIsAdminNoSlash', summary: `${TEAMS_WHERE_ADMIN.summary} (without the final slash)` },
    },
    {
      method: 'GET',
      url: '/api/issemver/:value',
      schema: {
        operationId: 'isSemver',
        summary: 'Is this a semantic version?',
        tags: ['misc'],
        params: { type: 'object', properties: { value: { type: 'string', examples: ['1.2.3'] } }, required: ['value'] },
        response: { '200': { description: '`true` or `false`.', content: json({ type: 'boolean' }) }, ...errors('401') },
      },
    },
    {
      method: 'PUT',
      url: '/api/user',
      schema: {
        operationId: 'updatePreferences',
        summary: "Change the caller's preferences",
        tags: ['session'],
        headers: CSRF_HEADERS,
        body: {
          type: 'object',
          properties: { preferences: { description: 'Any JSON the console keeps for the caller.' } },
          additionalProperties: false,
        },
        response: { '200': { description: 'The caller as a user object.', content: json(ref('user')) }, ...errors('400', '401', '403', '413') },
      },
    },
    {
      method: 'GET',
      url: '/api/download/csv_export/:category',
      schema: {
        operationId: 'csvExport',
        summary: 'A list as a CSV file',
        description:
          'Columns: `id`, then the category\'s list columns, each reference followed by the name of the object it names ' +
          '(`team_id`, `team_name`; a firmware as `name (version)`); the header row holds their keys. Rows: every object of the ' +
          "caller's teams matching the plain filters (`type_id`, `group_id` and any other field a list filters by, as " +
          "`target_firmware_id`, `doc_type` or a device's age `last_seen=over_day`; an empty value, or 0 for a reference, means all) and the list dialect's `filter`, in its `sort` order. " +
          "RFC 4180 quoting, CRLF line ends; a text cell beginning with `=`, `+`, `-`, `@`, tab or carriage return gets a leading `'`.",
        tags: ['export'],
        params: { type: 'object', properties: { category: { type: 'string', enum: keys } }, required: ['category'] },
        querystring: {
          type: 'object',
          properties: {
            type_id: { type: 'string', description: 'Only objects of this type (empty or 0: all).' },
            group_id: { type: 'string', description: 'Only objects of this group (empty or 0: all).' },
            ...csvPlainFilters(categories, ['type_id', 'group_id']),
            sort: { type: 'string', description: 'As for a list: JSON `[field, "ASC" | "DESC"]`.' },
            filter: { type: 'string', description: 'As for a list: a JSON object.' },
          },
        },
        response: {
          '200': {
            description: 'The file, streamed, with `Content-Disposition: attachment; filename="{category}.csv"`.',
            headers: { 'Content-Disposition': { description: 'attachment; filename="{category}.csv"', schema: { type: 'string' } } },
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
          ...errors('400', '401', '404'),
        },
      },
    },
    ...qrRoutes(),
    ...categories.flatMap(fileRoutes),
  ];
}

const QR_CODE: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', description: 'The QR id: 144 random bits, base64url.' },
    url: { type: 'string', description: 'The public origin of the /qr link: `PUCS_PUBLIC_URL`, else the origin of this request.' },
  },
  required: ['id', 'url'],
};

const QR_PARAMS: JsonSchema = {
  type: 'object',
  properties: { id: { type: 'string', description: 'The QR id of the /qr?id= link.' } },
  required: ['id'],
};

/** The QR calls of server/qr/routes.ts. */
function qrRoutes(): RouteDoc[] {
  return [
    {
      method: 'GET',
      url: '/api/device_qr_code/:id',
      schema: {
        operationId: 'getDeviceQrCode',
        summary: "The device's QR code",
        description: 'Members of the device\'s team. The QR code encodes `{url}/qr?id={id}`.',
        tags: ['device'],
        params: ID_PARAMS,
        response: {
          '200': { description: 'The QR id and the public origin.', content: json(QR_CODE) },
          ...errors('401'),
          '404': { description: 'No QR code generated yet, no such device, or one of a team the caller is not in (the same answer).', content: json(ref('Error')) },
        },
      },
    },
    {
      method: 'POST',
      url: '/api/device_qr_code/:id',
      schema: {
        operationId: 'generateDeviceQrCode',
        summary: 'Generate the device\'s QR code',
        description: 'Admins of the device\'s team; empty body. A new QR id replaces the old one: the old /qr link then answers 404.',
        tags: ['device'],
        headers: CSRF_HEADERS,
        params: ID_PARAMS,
        response: { '200': { description: 'The new QR id and the public origin.', content: json(QR_CODE) }, ...errors('401', '403', '404') },
      },
    },
    {
      method: 'GET',
      url: '/api/execute_qr_code_action/:id',
      public: true,
      schema: {
        operationId: 'qrPublicInfo',
        summary: 'Public information of a QR code',
        description:
          'No sign-in needed. `id` is the QR id given. `device_id` is added only for a signed-in member of the device\'s team. ' +
          'Limited to `PUCS_QR_INFO_PER_MINUTE` calls (default 60) per client address (an IPv6 /64 network counts as one) and minute; unknown and known ids take the same work.',
        tags: ['device'],
        params: QR_PARAMS,
        response: {
          '200': {
            description: 'The public information (spec section 3).',
            content: json({
              type: 'object',
              properties: {
                id: { type: 'string' },
                to_be_claimed: { type: 'boolean' },
                label_svg_image: { type: ['string', 'null'], description: "The device's detailed label, an SVG document (as GET /api/download/detailed_label/{id} answers it)." },
                provisioning: { description: 'The device\'s provisioning JSON, or null.' },
                device_id: { type: 'integer', description: 'Only for signed-in members of the device\'s team.' },
              },
              required: ['id', 'to_be_claimed', 'label_svg_image', 'provisioning'],
            }),
          },
          '404': { description: 'No device has this QR id.', content: json(ref('Error')) },
          '429': { description: 'Too many calls from this address: wait for `Retry-After` seconds.', content: json(ref('Error')) },
        },
      },
    },
    {
      method: 'GET',
      url: '/api/qr_contact',
      public: true,
      schema: {
        operationId: 'qrContact',
        summary: 'The contact link of the public QR page',
        tags: ['device'],
        response: {
          '200': {
            description: '`PUCS_CONTACT_URL`, else `mailto:` and `PUCS_CONTACT_EMAIL`.',
            content: json({ type: 'object', properties: { contact_url: { type: 'string' } }, required: ['contact_url'] }),
          },
        },
      },
    },
  ];
}
