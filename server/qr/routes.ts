/**
 * A device's QR code and the public information behind it (spec sections 3 and 7):
 *
 *   GET  /api/device_qr_code/:id          {"id", "url"} of the device's QR code; 404 until generated
 *                                         (?if_generated=true: 204 instead, for a screen that asks before knowing)
 *   POST /api/device_qr_code/:id          team admins: a new QR id (the old /qr link stops working)
 *   GET  /api/execute_qr_code_action/:qr  public: {id, to_be_claimed, label_svg_image (the detailed label), provisioning,
 *                                         device (what the label prints, as text, and the device's id)}
 *   GET  /api/qr_contact                  public: {"contact_url"} for the public QR page, null when none is configured
 *
 * The QR id is the only secret of a printed label, so the public call is rate-limited per address
 * and does the same work whether the id exists or not: anyone could otherwise enumerate labels.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { audit } from '../audit/record';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ownMessages } from '../../src/messages';
import { ApiError } from '../http/errors';
import { memberTeamIds } from '../auth/sessionUser';
import { assertPermitted, notFoundError, requireUser } from '../crud/access';
import { selectVisible } from '../crud/read';
import { answers, error, errors, ID_PARAMS, json, objectId } from '../openapi/contract';
import { addressKey } from '../auth/addressKey';
import { Limiter } from '../auth/rateLimit';
import { limitStore } from '../auth/limitStore';
import type { QrDevice, QrPublicInfo } from '../../src/custom/qrPaths';
import { publicOrigin } from '../http/publicOrigin';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { LABEL_COLUMNS, LABEL_JOINS, valuesOf, type LabelRow } from '../labels/data';
import { detailedLabel, labelDocument } from '../labels/render';

const QR_FIELD = 'qr_code_id';
/** 18 bytes: 144 random bits, 24 base64url characters. */
const QR_ID_BYTES = 18;
/** Longer ids cannot be ours; they are cut so that a huge one costs no more than a real one. */
export const QR_ID_MAX = 64;

export const newQrId = () => randomBytes(QR_ID_BYTES).toString('base64url');

const digest = (text: string) => createHash('sha256').update(text).digest();

/** What an unknown QR id's label is drawn from, so that it costs what a real one does. */
const PLACEHOLDER: LabelRow & { qr_code_id: string } = {
  id: 0, team_id: 0, name: 'device', uid_for_type: 'uid', qr_code_id: 'placeholder-qr-code-id-0', type_name: 'type', name_of_uid: 'uid',
  team_name: 'team', group_name: null, firmware_name: null, firmware_version: null,
};

const QR_CODE = z.object({
  id: z.string().describe('The QR id: 144 random bits, base64url.'),
  url: z.string().describe('The public origin of the /qr link: `PUCS_PUBLIC_URL`, else the origin of this request.'),
});

const QR_PARAMS = z.object({ id: z.string().describe('The QR id of the /qr?id= link.') });

const QR_DEVICE = z
  .object({
    id: objectId,
    name: z.string(),
    type: z.string().describe("The type's name; empty for a device without a type."),
    name_of_uid: z.string().describe("The type's label for the unique ID: its `name_of_uid`, else 'Unique ID by type'."),
    uid_for_type: z.string(),
    team: z.string().describe("The team's name."),
  })
  .describe("The device as its label prints it (the same texts), and its id: the page links to `/device_view?id={id}`, where signing in and the team's rules apply.") satisfies z.ZodType<QrDevice>;

const QR_INFO = z.object({
  id: z.string(),
  to_be_claimed: z.boolean(),
  label_svg_image: z.string().nullable().describe("The device's detailed label, an SVG document (as GET /api/download/detailed_label/{id} answers it)."),
  provisioning: z.unknown().describe("The device's provisioning JSON, or null."),
  device: QR_DEVICE,
  device_id: objectId.optional().describe("Only for signed-in members of the device's team."),
}) satisfies z.ZodType<QrPublicInfo>; // the documented answer is the one the public page reads

const GET_QUERY = z.looseObject({
  if_generated: z
    .enum(['true'])
    .optional()
    .describe("`true`: a device of the caller's team without a QR code answers 204 instead of 404 (the console's device screen, which cannot know before asking)."),
});

const GET_SCHEMA = {
  operationId: 'getDeviceQrCode',
  summary: "The device's QR code",
  description: "Members of the device's team. The QR code encodes `{url}/qr?id={id}`.",
  tags: ['device'],
  params: ID_PARAMS,
  querystring: GET_QUERY,
  response: answers({
    200: { description: 'The QR id and the public origin.', content: json(QR_CODE) },
    204: { description: 'With `?if_generated=true`: the device has no QR code yet.' },
    ...errors('400', '401'),
    404: error('No QR code generated yet, no such device, or one of a team the caller is not in (the same answer).'),
  }),
};

const GENERATE_SCHEMA = {
  operationId: 'generateDeviceQrCode',
  summary: "Generate the device's QR code",
  description: "Admins of the device's team; empty body. A new QR id replaces the old one: the old /qr link then answers 404.",
  tags: ['device'],
  params: ID_PARAMS,
  response: answers({ 200: { description: 'The new QR id and the public origin.', content: json(QR_CODE) }, ...errors('400', '401', '403', '404') }),
};

const INFO_SCHEMA = {
  operationId: 'qrPublicInfo',
  summary: 'Public information of a QR code',
  description:
    "No sign-in needed. `id` is the QR id given. `device` holds what the device's label prints, as text (anyone holding the label reads it), and the device's id. " +
      "`device_id` is added only for a signed-in member of the device's team. " +
    'Limited to `PUCS_QR_INFO_PER_MINUTE` calls (default 60) per client address (an IPv6 /64 network counts as one) and minute; unknown and known ids take the same work. ' +
      'A load of the public QR page (`/qr?id={id}`) counts as one call: the server puts this answer in the page it sends.',
  tags: ['device'],
  params: QR_PARAMS,
  response: answers({
    200: { description: 'The public information (spec section 3).', content: json(QR_INFO) },
    400: error(ownMessages.impossibleHost),
    404: error('No device has this QR id.'),
    429: error('Too many calls from this address: wait for `Retry-After` seconds.'),
  }),
};

const CONTACT_SCHEMA = {
  operationId: 'qrContact',
  summary: 'The contact link of the public QR page',
  tags: ['device'],
  response: answers({
    200: {
      description: '`PUCS_CONTACT_URL`, else `mailto:` and `PUCS_CONTACT_EMAIL`; null when neither is set (the page then shows no contact link).',
      content: json(z.object({ contact_url: z.string().nullable() })),
    },
  }),
};

/** The QR code's public information as `request`'s caller may see it; throws the API's 400, 404 and 429. */
export type QrPublicInfoReader = (request: FastifyRequest, qrId: string) => Promise<QrPublicInfo>;

declare module 'fastify' {
  interface FastifyInstance {
    /** One reader (one limit per address) for GET /api/execute_qr_code_action/:id and the QR page the server draws (server/routes/drawnPages.tsx). */
    qrPublicInfo: QrPublicInfoReader;
  }
}

export function qrPublicInfoReader(db: Database, config: ServerConfig): QrPublicInfoReader {
  const limiter = new Limiter({ max: config.qrInfoPerMinute, windowMs: 60_000 }, limitStore(db, 'qr_info'));
  return async (request, qrId) => {
    const { wait } = await limiter.take(addressKey(request.ip));
    if (wait > 0) throw new ApiError(429, ownMessages.tooManyRequests, { 'Retry-After': String(wait) });
    const given = qrId.slice(0, QR_ID_MAX);
    // One indexed lookup whatever the id looks like, then one comparison whatever was found.
    const { rows } = await db.query<LabelRow & { to_be_claimed: boolean; provisioning: unknown }>(
      `SELECT ${LABEL_COLUMNS}, d."to_be_claimed", d."provisioning" FROM "device" d ${LABEL_JOINS} WHERE d."${QR_FIELD}" = $1`,
      [given],
    );
    const found = rows[0];
    const same = timingSafeEqual(digest(found?.qr_code_id ?? ''), digest(given));
    // The label is drawn before the answer is chosen: for an unknown id, a placeholder's (whose QR
    // code, like a known one's, is drawn once and then cached: unknown ids cannot evict real ones).
    const values = await valuesOf(found && same ? { ...found, qr_code_id: given } : PLACEHOLDER, publicOrigin(config, request));
    const label = labelDocument(detailedLabel(values), 0, 0);
    if (!found || !same) throw notFoundError();
    const device: QrDevice = { id: found.id, name: values.name, type: values.type_name, name_of_uid: values.name_of_uid, uid_for_type: values.uid_for_type, team: values.team_name };
    const info: QrPublicInfo = { id: given, to_be_claimed: found.to_be_claimed === true, label_svg_image: label, provisioning: found.provisioning ?? null, device };
    if (request.user && memberTeamIds(request.user).includes(found.team_id)) info.device_id = found.id;
    return info;
  };
}

export const qrRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const device = app.registry.get('device');

  app.get('/api/device_qr_code/:id', { schema: GET_SCHEMA }, async (request, reply) => {
    const user = requireUser(request.user);
    const [row] = await selectVisible(app.db, user, device, [QR_FIELD], (p) => [`"t"."id" = ${p.add(request.params.id)}`]);
    const id = row?.[QR_FIELD];
    if (row && typeof id !== 'string' && request.query.if_generated === 'true') return reply.code(204).send();
    if (typeof id !== 'string') throw notFoundError();
    return { id, url: publicOrigin(app.config, request) };
  });

  app.post('/api/device_qr_code/:id', { schema: GENERATE_SCHEMA }, async (request) => {
    const user = requireUser(request.user);
    const deviceId = request.params.id;
    const [row] = await selectVisible(app.db, user, device, ['team_id', 'name'], (p) => [`"t"."id" = ${p.add(deviceId)}`]);
    if (!row) throw notFoundError();
    assertPermitted(device.permissions.update, device, user, row);
    const id = newQrId();
    await app.db.transaction(async (tx) => {
      // The team checked above, again in the write: a claim moving the device meanwhile makes this a 404.
      const { rows } = await tx.query(`UPDATE "device" SET "${QR_FIELD}" = $1 WHERE "id" = $2 AND "team_id" = $3 RETURNING "id"`, [id, deviceId, row.team_id]);
      if (rows.length === 0) throw notFoundError();
      // The QR id is a secret field: the entry says only that it changed.
      const entry = { category: device.key, id: deviceId, name: row.name as string, team: row.team_id as number };
      await audit(tx, { by: user, action: 'generate_qr_code', ...entry, changes: { [QR_FIELD]: { secret: true } } });
    });
    return { id, url: publicOrigin(app.config, request) };
  });

  app.get('/api/execute_qr_code_action/:id', { config: { public: true, secretInPath: true }, schema: INFO_SCHEMA }, (request) => app.qrPublicInfo(request, request.params.id));

  app.get('/api/qr_contact', { config: { public: true }, schema: CONTACT_SCHEMA }, async () => ({ contact_url: app.config.contactUrl ?? null }));
};
