/**
 * The device API (docs/DEVICE_API.md), outside /api: a device signs each call with its own key, so
 * the console's session cookie and CSRF rules (server/auth/plugin.ts, /api only) play no part here.
 * Each route declares its contract (server/openapi/contract.ts); the check-in body is wire.ts's.
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idFromText } from '../../src/schemas/kinds';
import { answers, error, file, ID_TEXT_PARAMS, json, type ResponseDoc } from '../openapi/contract';
import { parseDeviceToken, type DeviceToken } from './auth';
import { checkin, devicePeeker } from './checkin';
import { CHECKIN_ANSWER, CHECKIN_BODY, DEVICE_API_PREFIX } from './wire';
import { sendTargetFirmware } from './firmware';
import { lastSeenWriter } from './lastSeen';

/** Largest check-in body: a configuration of up to 1 MB (config texts are kept under 1,000,000 characters). */
export const CHECKIN_BODY_LIMIT = 1_000_000;

const DEVICE_SECURITY = [{ deviceToken: [] }];
const TAGS = ['device_api'];
const UNAUTHORIZED: Record<string, ResponseDoc> = {
  401: error(
    'The token is missing, malformed, not ES256, expired, too long-lived, badly signed, or names an unknown device or one without a certificate (one answer for all; `WWW-Authenticate: Bearer`).',
  ),
};

const CHECKIN_SCHEMA = {
  operationId: 'device_checkin',
  summary: 'A device checks in',
  description:
    "Sets `last_seen`; a reported firmware (name and version of a firmware of the device's type, in its team) becomes `current_firmware_id`, with a " +
    '`firmware_history` entry when it changes (none matches: null); the configuration is synced (docs/DEVICE_API.md). Body at most 1,000,000 bytes.',
  tags: TAGS,
  security: DEVICE_SECURITY,
  body: CHECKIN_BODY,
  response: answers({
    200: { description: 'What the device should run and apply.', content: json(CHECKIN_ANSWER) },
    400: error('The body is not of this shape (an unknown key, a wrong type), or its configuration breaks a limit of `config`.'),
    ...UNAUTHORIZED,
    413: error('The body is too large.'),
  }),
};

const FIRMWARE_SCHEMA = {
  operationId: 'device_firmware_download',
  summary: "A device downloads its target firmware's file",
  description:
    '`ETag` is the quoted SHA3-256; `Range: bytes=a-b` answers 206 and `If-Range` with that ETag resumes; `If-None-Match` answers 304; `HEAD` answers the headers alone.',
  tags: TAGS,
  security: DEVICE_SECURITY,
  params: ID_TEXT_PARAMS,
  response: answers({
    200: { description: 'The file.', content: file('application/octet-stream') },
    206: { description: 'The requested range, with `Content-Range: bytes a-b/size`.', content: file('application/octet-stream') },
    304: { description: 'The file matches `If-None-Match`.' },
    ...UNAUTHORIZED,
    404: error("Not the device's current target firmware, or one without its file."),
    416: error('The range starts past the end of the file.'),
  }),
};

export const deviceApiRoutes = fp(async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const seen = lastSeenWriter(app.db);
  const peek = devicePeeker(app.db);
  // The token's form and claims are checked before the body is read: a forged call costs no parsing of up to 1 MB.
  const tokens = new WeakMap<FastifyRequest, DeviceToken>();
  const tokenFirst = async (request: FastifyRequest) => void tokens.set(request, parseDeviceToken(request.headers.authorization));
  // `public`: no console session (the OpenAPI document lists the device token instead).
  app.post(
    `${DEVICE_API_PREFIX}/checkin`,
    { bodyLimit: CHECKIN_BODY_LIMIT, config: { public: true }, onRequest: tokenFirst, schema: CHECKIN_SCHEMA },
    async (request) => checkin(app.db, peek, seen, tokens.get(request)!, request.body, app.config.devicePollSeconds, app.updateEnded.ended),
  );

  app.get(`${DEVICE_API_PREFIX}/firmware/:id`, { config: { public: true }, schema: FIRMWARE_SCHEMA }, async (request, reply) => {
    const token = parseDeviceToken(request.headers.authorization);
    return sendTargetFirmware(app, request, reply, token, idFromText(request.params.id));
  });
});
