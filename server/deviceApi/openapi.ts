/**
 * OpenAPI descriptions of the device API (server/deviceApi/routes.ts), listed by server/openapi/special.ts.
 * Its calls carry a device token, not the session cookie: the `deviceToken` security scheme.
 */
import { ref, type JsonSchema } from '../openapi/jsonSchema';
import { ID_PARAMS, json, type RouteDoc } from '../openapi/routes';
import { DEVICE_API_PREFIX } from './wire';

export const DEVICE_SECURITY = [{ deviceToken: [] }];
export const DEVICE_TOKEN_SCHEME = {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'JWT',
  description:
    'A JWT signed ES256 with the device\'s private key (`GET /api/download/private_key/{id}`): header `{"alg":"ES256","typ":"JWT"}`, ' +
    'claims `sub` (the device id as a decimal string), `iat` and `exp` (seconds, `exp - iat` at most 300, 30 s clock leeway). docs/DEVICE_API.md.',
};

const DEVICE_TAG = ['device_api'];
const unauthorized = {
  '401': {
    description: 'The token is missing, malformed, not ES256, expired, too long-lived, badly signed, or names an unknown device or one without a certificate (one answer for all; `WWW-Authenticate: Bearer`).',
    content: json(ref('Error')),
  },
};

const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });

const CHECKIN_BODY: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    firmware: {
      ...nullable({ type: 'object', additionalProperties: false, required: ['name', 'version'], properties: { name: { type: 'string' }, version: { type: 'string' } } }),
      description: 'The firmware the device runs; null or absent: unchanged.',
    },
    config_id: { ...nullable({ type: 'integer', minimum: 1 }), description: 'The id of the configuration the device applied last.' },
    config: {
      description:
        'The configuration the device holds (any JSON value, at most 100 levels deep, finite numbers, at most 1,000,000 characters once written out); null or absent: not reported.',
    },
  },
};

const TARGET_FIRMWARE: JsonSchema = {
  type: 'object',
  required: ['id', 'name', 'version', 'size', 'sha3_256', 'url'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    version: { type: 'string' },
    size: { type: 'number', description: 'Bytes.' },
    sha3_256: { type: 'string', description: 'Hex SHA3-256 of the file.' },
    url: { type: 'string', description: `\`${DEVICE_API_PREFIX}/firmware/{id}\`` },
  },
};

const CHECKIN_ANSWER: JsonSchema = {
  type: 'object',
  required: ['target_firmware', 'config', 'poll_interval_s'],
  properties: {
    target_firmware: { ...nullable(TARGET_FIRMWARE), description: 'The device\'s target firmware when set, enabled and uploaded.' },
    config: {
      ...nullable({ type: 'object', required: ['id', 'config'], properties: { id: { type: 'integer' }, config: { description: 'The configuration, a JSON value.' } } }),
      description: 'The product\'s configuration to apply, while its state is waiting_to_be_send.',
    },
    poll_interval_s: { type: 'number', description: 'Seconds until the next check-in (`PUCS_DEVICE_POLL_SECONDS`).' },
  },
};

const binary = { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } };

export const DEVICE_API_ROUTES: RouteDoc[] = [
  {
    method: 'POST',
    url: `${DEVICE_API_PREFIX}/checkin`,
    security: DEVICE_SECURITY,
    schema: {
      operationId: 'device_checkin',
      summary: 'A device checks in',
      description:
        'Sets `last_seen`; a reported firmware (name and version of a firmware of the device\'s team) becomes `current_firmware_id`, with a ' +
        '`firmware_history` entry when it changes (none matches: null); the configuration is synced (docs/DEVICE_API.md). Body at most 1,000,000 bytes.',
      tags: DEVICE_TAG,
      body: CHECKIN_BODY,
      response: {
        '200': { description: 'What the device should run and apply.', content: json(CHECKIN_ANSWER) },
        '400': { description: 'The body is not of this shape (an unknown key, a wrong type), or its configuration breaks a limit of `config`.', content: json(ref('Error')) },
        ...unauthorized,
        '413': { description: 'The body is too large.', content: json(ref('Error')) },
      },
    },
  },
  {
    method: 'GET',
    url: `${DEVICE_API_PREFIX}/firmware/:id`,
    security: DEVICE_SECURITY,
    schema: {
      operationId: 'device_firmware_download',
      summary: "A device downloads its target firmware's file",
      description:
        '`ETag` is the quoted SHA3-256; `Range: bytes=a-b` answers 206 and `If-Range` with that ETag resumes; `If-None-Match` answers 304; `HEAD` answers the headers alone.',
      tags: DEVICE_TAG,
      params: ID_PARAMS,
      response: {
        '200': { description: 'The file.', content: binary },
        '206': { description: 'The requested range, with `Content-Range: bytes a-b/size`.', content: binary },
        '304': { description: 'The file matches `If-None-Match`.' },
        ...unauthorized,
        '404': { description: "Not the device's current target firmware, or one without its file.", content: json(ref('Error')) },
        '416': { description: 'The range starts past the end of the file.', content: json(ref('Error')) },
      },
    },
  },
];
