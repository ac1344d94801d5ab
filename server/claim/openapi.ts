/** OpenAPI descriptions of the claim calls (server/claim/routes.ts), listed by server/openapi/special.ts. */
import type { JsonSchema } from '../openapi/jsonSchema';
import { ref } from '../openapi/jsonSchema';
import { CSRF_HEADERS, errors, ID_PARAMS, json, type RouteDoc } from '../openapi/routes';
import { CLAIM_ATTEMPTS, CLAIM_WINDOW_MS } from './limiter';

const ID = { type: 'integer', minimum: 1 };
const CODE = { type: 'string', description: 'The claim code; case, spaces and `-` are ignored, `I` and `L` read as `1`, `O` as `0`.' };
const LIMIT =
  `At most ${CLAIM_ATTEMPTS} wrong codes per device and per user in ${CLAIM_WINDOW_MS / 60_000} minutes; ` +
  'while either is reached every code, the right one too, answers 429 with `Retry-After`.';
const err = (description: string) => ({ description, content: json(ref('Error')) });

const CLAIMED_DEVICE: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    team: { type: 'string', description: "The name of the device's current team." },
    team_id: { type: 'integer' },
    type: { type: ['string', 'null'], description: "The name of the device's type." },
    type_id: { type: ['integer', 'null'] },
    uid_for_type: { type: ['string', 'null'] },
    target_firmware: {
      type: ['object', 'null'],
      properties: { name: { type: 'string' }, version: { type: 'string' } },
    },
  },
  required: ['id', 'name', 'team', 'team_id', 'type', 'type_id', 'uid_for_type', 'target_firmware'],
};

/** The calls that name `claim_code`: the code a person types or is given, never the stored hash. */
export const CLAIM_ROUTES: RouteDoc[] = [
  {
    method: 'PUT',
    url: '/api/set_device_claimed_status/:id',
    schema: {
      operationId: 'setDeviceClaimedStatus',
      summary: 'Set or unset the device as to be claimed',
      description:
        "Admins of the device's team. Set: a new claim code (80 random bits, Crockford base32, `XXXX-XXXX-XXXX-XXXX`) replaces any " +
        'former one; it is answered once: the server keeps only its hash. Unset: the code stops working.',
      tags: ['device'],
      headers: CSRF_HEADERS,
      params: ID_PARAMS,
      body: { type: 'object', properties: { to_be_claimed: { type: 'boolean', default: true } } },
      response: {
        '200': {
          description: 'The new claim code, or null when unset.',
          content: json({ type: 'object', properties: { claim_code: { type: ['string', 'null'] } }, required: ['claim_code'] }),
        },
        ...errors('400', '401', '403', '404'),
      },
    },
  },
  {
    method: 'PUT',
    url: '/api/get_device_by_qr_and_claim_codes/:id',
    schema: {
      operationId: 'checkClaimCode',
      summary: 'Check a claim code',
      description: `Any signed-in user. A wrong code, or a device not waiting to be claimed, answers \`{"is_code_valid": false}\`. ${LIMIT} An unknown QR id counts as a wrong code of the user.`,
      tags: ['device'],
      headers: CSRF_HEADERS,
      params: { type: 'object', properties: { id: { type: 'string', description: 'The QR id of the /qr?id= link.' } }, required: ['id'] },
      body: { type: 'object', properties: { claim_code: CODE }, required: ['claim_code'] },
      response: {
        '200': {
          description: 'Whether the code is right and, when it is, the device (spec: Claim check response).',
          content: json({ type: 'object', properties: { is_code_valid: { type: 'boolean' }, device: CLAIMED_DEVICE }, required: ['is_code_valid'] }),
        },
        ...errors('400', '401'),
        '404': err('No device has this QR id.'),
        '429': err('Too many wrong codes for this device or by this user: wait for `Retry-After` seconds.'),
      },
    },
  },
  {
    method: 'PUT',
    url: '/api/claim_device/:id',
    schema: {
      operationId: 'claimDevice',
      summary: 'Claim a device into a team',
      description:
        'The caller needs the claim code, not a membership of the device\'s team, and must be an admin of `team_id`. In one transaction: ' +
        "the device moves to `team_id`; its type is `type_id` (a type of that team) or else the team's type of the same name, else a copy " +
        'of its type (author: the caller); its target firmware is `target_firmware_id` (of that team and type), else with ' +
        '`should_firmware_be_copied` a copy of its target firmware with the same file (a firmware of the same name and version and type ' +
        'in the team is used instead), else none; its current firmware is that copy when it ran its target, else none; its configuration ' +
        'is copied into the team; its group, documentation and firmware and configuration histories are cleared; its certificate and ' +
        'private key are deleted (the next download makes new ones); its QR id stays; its owner is the caller. The code is spent: `to_be_claimed` becomes false. ' +
        `${LIMIT} A device not waiting to be claimed (409) counts as a wrong code of the user. Of racing claims one wins; the others answer 409.`,
      tags: ['device'],
      headers: CSRF_HEADERS,
      params: ID_PARAMS,
      body: {
        type: 'object',
        properties: {
          claim_code: CODE,
          team_id: ID,
          type_id: { ...ID, description: 'Omitted, null or 0: the device\'s type, in the team.' },
          target_firmware_id: { ...ID, description: 'Omitted, null or 0: see `should_firmware_be_copied`.' },
          should_firmware_be_copied: { type: 'boolean', default: false },
        },
        required: ['claim_code', 'team_id'],
      },
      response: {
        '204': { description: 'Claimed.' },
        '400': err('A missing or invalid value, a wrong code (`Wrong code! Please, try again.`), or a type or firmware not of the team (or the firmware not of the type).'),
        ...errors('401'),
        '403': err('The caller is a member of `team_id` but not an admin.'),
        '404': err('The caller is not a member of `team_id`.'),
        '409': err('The device is not waiting to be claimed (already claimed, or no such device), is already in the chosen team, or the team already has a device of its name or a firmware of its name and version with another type.'),
        '429': err('Too many wrong codes for this device or by this user: wait for `Retry-After` seconds.'),
      },
    },
  },
  {
    method: 'PUT',
    url: '/api/add_pucs_user_to_team/',
    schema: {
      operationId: 'addSupportUserToTeam',
      summary: 'Add the support user to a team',
      description: 'Admins of `team_id`. The support user (`PUCS_SUPPORT_USER`, default `pucs-support`) becomes a member (role user, a higher role is kept); calling again changes nothing.',
      tags: ['team'],
      headers: CSRF_HEADERS,
      body: { type: 'object', properties: { team_id: ID }, required: ['team_id'] },
      response: { '204': { description: 'The support user is a member.' }, ...errors('400', '401', '403', '404') },
    },
  },
];
