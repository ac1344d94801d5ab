/**
 * Claiming a device (spec sections 2, 4, 7):
 *
 *   PUT /api/set_device_claimed_status/:id            team admins: {to_be_claimed} -> {"claim_code": new code | null}
 *   PUT /api/get_device_by_qr_and_claim_codes/:qr     signed in: {claim_code} -> {is_code_valid, device?}
 *   PUT /api/claim_device/:id                         admins of team_id holding the code: the device moves there, 204
 *   PUT /api/add_pucs_user_to_team/                   admins of team_id: the support user joins it, 204
 *
 * The claimant is usually in no team of the device: holding the QR id and the claim code is the
 * proof. So the code is long, only its hash is kept, and wrong codes are limited per claimant
 * (ClaimGuesses, limiter.ts), never per device: nobody locks a device by guessing. Device ids are
 * sequential, so claim_device tells only a caller holding the device's code whether it waits to be
 * claimed: to anyone else no device, a device not waiting and a wrong code answer the same 400.
 * The hash of a spent code (a claim, or the owner's unset) stays: its holder gets the spec's 409.
 */
import { z } from 'zod';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages, ownMessages } from '../../src/messages';
import { idValue } from '../../src/schemas/kinds';
import { fieldSchema } from '../../src/schemas/compile';
import { device as deviceCategory } from '../../src/schemas/device';
import { firmware as firmwareCategory } from '../../src/schemas/firmware';
import { team as teamCategory } from '../../src/schemas/team';
import { type as typeCategory } from '../../src/schemas/type';
import type { SessionUser } from '../auth/sessionUser';
import { assertPermitted, notFoundError, requireUser } from '../crud/access';
import { selectVisible } from '../crud/read';
import { ApiError, badRequest, conflict } from '../http/errors';
import type { Row } from '../crud/hooks';
import { answers, error, errors, ID_PARAMS, json, jsonBody, objectId, optionalBody, type ResponseDoc } from '../openapi/contract';
import { claimCodeMatches, hashClaimCode, newClaimCode } from './code';
import { CLAIM_ATTEMPTS, CLAIM_WINDOW_MS, ClaimGuesses, claimantKey } from './limiter';
import { limitStore } from '../auth/limitStore';
import { addSupportUser } from './supportUser';
import { moveDevice } from './transfer';
import { QR_ID_MAX } from '../qr/routes';
import { audit } from '../audit/record';
import { objectEntry } from '../audit/changes';
import { refuseAccountsByToken } from '../tokens/guards';

const CODE_WORDS = 'The claim code; case, spaces and `-` are ignored, `I` and `L` read as `1`, `O` as `0`.';

/** The claim code a person types: required, a text, not blank. */
const claimCode = z
  .string({ error: (issue) => (issue.input === undefined ? ownMessages.claimCodeRequired : ownMessages.wrongFieldType('claim_code', 'a text')) })
  .refine((code) => code.trim() !== '', { error: ownMessages.claimCodeRequired })
  .describe(CODE_WORDS);

/** An optional id: left out, null or 0 is none (undefined). */
const optionalId = (field: string, description: string) => {
  const wrong = ownMessages.wrongFieldType(field, 'an id');
  return z
    .union([z.literal(0), idValue(wrong)], { error: wrong })
    .nullish()
    .transform((id) => id || undefined)
    .describe(description);
};

/** A team the caller claims into: left out, null or 0 is the spec's 'Team should be selected.'. */
const teamId = idValue((issue) => (issue.input == null || issue.input === 0 ? messages.teamRequired : ownMessages.wrongFieldType('team_id', 'an id')));

/** A flag left out or null takes its default. */
const flag = (field: string, fallback: boolean) =>
  z
    .boolean({ error: ownMessages.wrongFieldType(field, 'true or false') })
    .nullish()
    .transform((value) => value ?? fallback)
    .describe(`Left out or null: ${fallback}.`);

const LIMIT =
  `At most ${CLAIM_ATTEMPTS} wrong codes per user in ${CLAIM_WINDOW_MS / 60_000} minutes (counted per user only: ` +
  "another user's guesses never limit a device or its rightful claimant); while it is reached every code of that user, the right one too, " +
  'answers 429 with `Retry-After`. Guesses sent at once are counted as they arrive, so they meet the limit too.';
const TOO_MANY: Record<string, ResponseDoc> = { 429: error('Too many wrong codes by this user: wait for `Retry-After` seconds.') };

const field = (category: { fields: Record<string, Parameters<typeof fieldSchema>[0]> }, name: string) => fieldSchema(category.fields[name]);

/** What the claimant may see of a device before claiming it (spec: Claim check response), typed by the categories' declarations. */
const CLAIMED_DEVICE = z.object({
  id: objectId,
  name: field(deviceCategory, 'name'),
  team: field(teamCategory, 'name').describe("The name of the device's current team."),
  team_id: field(deviceCategory, 'team_id'),
  type: field(typeCategory, 'name').describe("The name of the device's type."),
  type_id: field(deviceCategory, 'type_id'),
  uid_for_type: field(deviceCategory, 'uid_for_type'),
  target_firmware: z.object({ name: field(firmwareCategory, 'name'), version: field(firmwareCategory, 'version') }).nullable(),
});

/** The same view as SQL: the claimant is in no team of the device, so it is read without the visibility rules. */
const CLAIM_VIEW = `SELECT d."id", d."name", d."team_id", tm."name" AS "team", d."type_id", ty."name" AS "type", d."uid_for_type",
  CASE WHEN fw."id" IS NULL THEN NULL ELSE json_build_object('name', fw."name", 'version', fw."version") END AS "target_firmware"
  FROM "device" d JOIN "team" tm ON tm."id" = d."team_id" LEFT JOIN "type" ty ON ty."id" = d."type_id"
  LEFT JOIN "firmware" fw ON fw."id" = d."target_firmware_id" WHERE d."id" = $1`;

const tooMany = (wait: number) => new ApiError(429, ownMessages.claimTooManyAttempts, { 'Retry-After': String(wait) });

export const claimRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const device = app.registry.get('device');
  const team = app.registry.get('team');
  const guesses = new ClaimGuesses(limitStore(app.db, 'claim'));

  /** A team the caller administers: 404 when they cannot see it, 403 when they only belong to it. */
  const adminTeam = async (user: SessionUser, teamId: number): Promise<number> => {
    const [row] = await selectVisible(app.db, user, team, [], (p) => [`"t"."id" = ${p.add(teamId)}`]);
    if (!row) throw notFoundError();
    assertPermitted('teamAdmin', team, user, row);
    return teamId;
  };

  const setSchema = {
    operationId: 'setDeviceClaimedStatus',
    summary: 'Set or unset the device as to be claimed',
    description:
      "Admins of the device's team. Set: a new claim code (80 random bits, Crockford base32, `XXXX-XXXX-XXXX-XXXX`) replaces any " +
      'former one; it is answered once: the server keeps only its hash. Unset: the code stops working (its holder is told the device is not waiting to be claimed).',
    tags: ['device'],
    params: ID_PARAMS,
    body: optionalBody(jsonBody({ to_be_claimed: flag('to_be_claimed', true) }, { loose: true })),
    response: answers({
      200: { description: 'The new claim code, or null when unset.', content: json(z.object({ claim_code: z.string().nullable() })) },
      ...errors('400', '401', '403', '404'),
    }),
  };
  app.put('/api/set_device_claimed_status/:id', { schema: setSchema }, async (request) => {
    const user = requireUser(request.user);
    const deviceId = request.params.id;
    const toBeClaimed = request.body.to_be_claimed;
    const [row] = await selectVisible(app.db, user, device, ['team_id', 'name', 'to_be_claimed'], (p) => [`"t"."id" = ${p.add(deviceId)}`]);
    if (!row) throw notFoundError();
    assertPermitted(device.permissions.update, device, user, row);
    const code = toBeClaimed ? newClaimCode() : null;
    await app.db.transaction(async (tx) => {
      // Only while it is still in the team checked above: a claim committed meanwhile moved it, and a
      // code given now would let the old team claim it back. Unset keeps the spent code's hash (see above).
      const { rows: set } = await tx.query(
        'UPDATE "device" SET "to_be_claimed" = $1, "claim_code" = COALESCE($2, "claim_code") WHERE "id" = $3 AND "team_id" = $4 RETURNING "id"',
        [toBeClaimed, code && hashClaimCode(code), deviceId, row.team_id],
      );
      if (set.length === 0) throw notFoundError();
      const changes = { to_be_claimed: { before: row.to_be_claimed, after: toBeClaimed }, ...(code ? { claim_code: { secret: true as const } } : {}) };
      await audit(tx, { by: user, action: 'set_claimable', category: 'device', id: deviceId, name: row.name as string, team: row.team_id as number, changes });
    });
    return { claim_code: code };
  });

  const checkSchema = {
    operationId: 'checkClaimCode',
    summary: 'Check a claim code',
    description:
      `Any signed-in user. A wrong code, or a device not waiting to be claimed, answers \`{"is_code_valid": false}\`. ${LIMIT} ` +
      'An unknown QR id counts as a wrong code of the user; the last code the device was given, spent or withdrawn, counts as none.',
    tags: ['device'],
    params: z.object({ id: z.string().describe('The QR id of the /qr?id= link.') }),
    body: optionalBody(jsonBody({ claim_code: claimCode }, { loose: true })),
    response: answers({
      200: {
        description: 'Whether the code is right and, when it is, the device (spec: Claim check response).',
        content: json(z.object({ is_code_valid: z.boolean(), device: CLAIMED_DEVICE.optional() })),
      },
      ...errors('400', '401'),
      404: error('No device has this QR id.'),
      ...TOO_MANY,
    }),
  };
  app.put('/api/get_device_by_qr_and_claim_codes/:id', { schema: checkSchema }, async (request) => {
    const user = requireUser(request.user);
    const code = request.body.claim_code;
    const { rows } = await app.db.query<Row>('SELECT "id", "to_be_claimed", "claim_code" FROM "device" WHERE "qr_code_id" = $1', [
      request.params.id.slice(0, QR_ID_MAX),
    ]);
    const found = rows[0];
    const holdsCode = claimCodeMatches(code, found?.claim_code);
    const guess = await guesses.take(claimantKey(user), holdsCode);
    if (guess.wait > 0) throw tooMany(guess.wait);
    if (!found) throw notFoundError();
    if (found.to_be_claimed !== true || !holdsCode) return { is_code_valid: false };
    const { rows: view } = await app.db.query<Row>(CLAIM_VIEW, [found.id]);
    return { is_code_valid: true, device: view[0] };
  });

  const claimSchema = {
    operationId: 'claimDevice',
    summary: 'Claim a device into a team',
    description:
      'The caller needs the claim code, not a membership of the device\'s team, and must be an admin of `team_id`. In one transaction: ' +
      "the device moves to `team_id`; its type is `type_id` (a type of that team) or else the team's type of the same name, else a copy " +
      'of its type (author: the caller); its group is `group_id` (a group of that team and type), else none; in a group its target firmware is ' +
      "the group's (a different `target_firmware_id` is refused, a disabled one too); else it is `target_firmware_id` (of that team and type, and not disabled), else with " +
      '`should_firmware_be_copied` a copy of its target firmware with the same file (a firmware of the same name and version and type ' +
      'in the team is used instead), else none; its current firmware is that copy when it ran its target, else none; its configuration ' +
      'is copied into the team; its documentation and firmware and configuration histories are cleared; its certificate and ' +
      'private key are deleted (the next download makes new ones); its QR id stays; its owner is the caller. The code is spent: `to_be_claimed` becomes false. ' +
      `${LIMIT} Device ids are sequential, so only a caller holding the device's code learns whether it waits to be claimed: ` +
      'no device, a device not waiting and a wrong code all answer the same 400 `Wrong code! Please, try again.` and count as a wrong code; ' +
      'the last code the device was given (spent by a claim, or withdrawn by its owner) answers 409 and counts as none. ' +
      'Of racing claims one wins; the others answer 409 and count as none.',
    tags: ['device'],
    params: ID_PARAMS,
    body: optionalBody(
      jsonBody(
        {
          claim_code: claimCode,
          team_id: teamId,
          type_id: optionalId('type_id', "Omitted, null or 0: the device's type, in the team."),
          group_id: optionalId('group_id', 'Omitted, null or 0: in no group.'),
          target_firmware_id: optionalId('target_firmware_id', 'Omitted, null or 0: see `should_firmware_be_copied`.'),
          should_firmware_be_copied: flag('should_firmware_be_copied', false),
        },
        { loose: true },
      ),
    ),
    response: answers({
      204: { description: 'Claimed.' },
      400: error(
        'A missing or invalid value, a wrong code (`Wrong code! Please, try again.`: also for no such device, or one not waiting, to a caller not holding its code), ' +
          'a type, group or firmware not of the team (or the group or firmware not of the type), ' +
          "a `target_firmware_id` other than the group's, or a disabled target firmware.",
      ),
      ...errors('401'),
      403: error('The caller is a member of `team_id` but not an admin.'),
      404: error('The caller is not a member of `team_id`.'),
      409: error(
        "To a caller holding the device's last code: the device is not waiting to be claimed (already claimed, or unset by its owner), " +
          'is already in the chosen team, or the team already has a device of its name or a firmware of its name and version with another type.',
      ),
      ...TOO_MANY,
    }),
  };
  app.put('/api/claim_device/:id', { schema: claimSchema }, async (request, reply) => {
    const user = requireUser(request.user);
    const deviceId = request.params.id;
    const { claim_code: code, team_id, type_id, group_id, target_firmware_id, should_firmware_be_copied } = request.body;
    const choice = {
      teamId: await adminTeam(user, team_id),
      typeId: type_id,
      groupId: group_id,
      targetFirmwareId: target_firmware_id,
      copyFirmware: should_firmware_be_copied,
    };
    // Counted before the transaction: on PostgreSQL the count takes a connection of its own, which
    // racing claims, each holding one while they queue on the device's lock, could leave none of.
    // A call holding the device's code is not counted, so racing ones are never refused as too many.
    const { rows: stored } = await app.db.query<Row>('SELECT "claim_code" FROM "device" WHERE "id" = $1', [deviceId]);
    const guess = await guesses.take(claimantKey(user), claimCodeMatches(code, stored[0]?.claim_code));
    if (guess.wait > 0) throw tooMany(guess.wait);
    let holdsCode = false;
    try {
      await app.db.transaction(async (tx) => {
        // Racing claims queue on this lock; each then sees whether the one before spent the code
        // (whose hash stays, so the losers are told 409, not a wrong code).
        const { rows } = await tx.query<Row>('SELECT * FROM "device" WHERE "id" = $1 FOR UPDATE', [deviceId]);
        const found = rows[0];
        // Compared even when there is no device (the same work): the answer tells a stranger nothing.
        holdsCode = claimCodeMatches(code, found?.claim_code);
        if (!found || !holdsCode) throw badRequest(messages.wrongClaimCode);
        if (found.to_be_claimed !== true) throw conflict(ownMessages.claimNotPending);
        // Moving it nowhere would still drop its group, histories and certificate.
        if (found.team_id === choice.teamId) throw conflict(ownMessages.claimSameTeam);
        await moveDevice(tx, app.registry, user, found, choice);
      });
    } finally {
      // Holding the device's code is no guess, whatever the outcome (a lost race included): also
      // when it was given between the read above and the lock.
      if (holdsCode) await guess.takeBack();
    }
    return reply.code(204).send();
  });

  const supportSchema = {
    operationId: 'addSupportUserToTeam',
    summary: 'Add the support user to a team',
    description:
      'Admins of `team_id`. The support user (`PUCS_SUPPORT_USER`, default `pucs-support`) becomes a member (role user, a higher role is kept); calling again changes nothing.',
    tags: ['team'],
    body: optionalBody(jsonBody({ team_id: teamId }, { loose: true })),
    response: answers({ 204: { description: 'The support user is a member.' }, ...errors('400', '401', '403', '404') }),
  };
  app.put('/api/add_pucs_user_to_team/', { schema: supportSchema }, async (request, reply) => {
    const user = requireUser(request.user);
    // A membership: never with an API token (server/tokens/guards.ts).
    refuseAccountsByToken(user);
    const teamId = await adminTeam(user, request.body.team_id);
    await app.db.transaction(async (tx) => {
      const added = await addSupportUser(tx, app.config.supportUser, teamId);
      if (added) await audit(tx, objectEntry(user, added.before ? 'update' : 'create', app.registry.get('role'), added.before, added.after));
    });
    return reply.code(204).send();
  });
};
