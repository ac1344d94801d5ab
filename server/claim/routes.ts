/**
 * Claiming a device (spec sections 2, 4, 7):
 *
 *   PUT /api/set_device_claimed_status/:id            team admins: {to_be_claimed} -> {"claim_code": new code | null}
 *   PUT /api/get_device_by_qr_and_claim_codes/:qr     signed in: {claim_code} -> {is_code_valid, device?}
 *   PUT /api/claim_device/:id                         admins of team_id holding the code: the device moves there, 204
 *   PUT /api/add_pucs_user_to_team/                   admins of team_id: the support user joins it, 204
 *
 * The claimant is usually in no team of the device: holding the QR id and the claim code is the
 * proof. So the code is long, only its hash is kept, and wrong codes are limited per device and
 * per user (ClaimGuesses, limiter.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { messages, ownMessages } from '../../src/messages';
import type { SessionUser } from '../auth/sessionUser';
import { assertPermitted, notFoundError, requireUser } from '../crud/access';
import { selectVisible } from '../crud/read';
import { parseId } from '../crud/routes';
import { isPlainObject } from '../crud/validate';
import { ApiError, badRequest, conflict } from '../http/errors';
import type { Row } from '../crud/hooks';
import { claimCodeMatches, hashClaimCode, newClaimCode } from './code';
import { ClaimGuesses } from './limiter';
import { limitStore } from '../auth/limitStore';
import { addSupportUser } from './supportUser';
import { moveDevice } from './transfer';
import { QR_ID_MAX } from '../qr/routes';

const body = (raw: unknown): Row => (isPlainObject(raw) ? raw : {});

function codeOf(raw: Row): string {
  const code = raw.claim_code;
  if (code !== undefined && typeof code !== 'string') throw badRequest(ownMessages.wrongFieldType('claim_code', 'a text'));
  if (!code?.trim()) throw badRequest(ownMessages.claimCodeRequired);
  return code;
}

function optionalId(raw: Row, field: string): number | undefined {
  const value = raw[field];
  if (value === undefined || value === null || value === 0) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) throw badRequest(ownMessages.wrongFieldType(field, 'an id'));
  return value;
}

function optionalBoolean(raw: Row, field: string, fallback: boolean): boolean {
  const value = raw[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw badRequest(ownMessages.wrongFieldType(field, 'true or false'));
  return value;
}

const tooMany = (wait: number) => new ApiError(429, ownMessages.claimTooManyAttempts, { 'Retry-After': String(wait) });

/** What the claimant may see of a device before claiming it (spec: Claim check response). */
const CLAIM_VIEW = `SELECT d."id", d."name", d."team_id", tm."name" AS "team", d."type_id", ty."name" AS "type", d."uid_for_type",
  CASE WHEN fw."id" IS NULL THEN NULL ELSE json_build_object('name', fw."name", 'version', fw."version") END AS "target_firmware"
  FROM "device" d JOIN "team" tm ON tm."id" = d."team_id" LEFT JOIN "type" ty ON ty."id" = d."type_id"
  LEFT JOIN "firmware" fw ON fw."id" = d."target_firmware_id" WHERE d."id" = $1`;

export const claimRoutes: FastifyPluginAsync = async (app) => {
  const device = app.registry.get('device');
  const team = app.registry.get('team');
  const guesses = new ClaimGuesses(limitStore(app.db, 'claim'));
  const keys = (user: SessionUser, deviceId?: number) => [`user:${user.id}`, ...(deviceId === undefined ? [] : [`device:${deviceId}`])];

  /** A team the caller administers: 404 when they cannot see it, 403 when they only belong to it. */
  const adminTeam = async (user: SessionUser, raw: Row): Promise<number> => {
    const teamId = optionalId(raw, 'team_id');
    if (teamId === undefined) throw badRequest(messages.teamRequired);
    const [row] = await selectVisible(app.db, user, team, [], (p) => [`"t"."id" = ${p.add(teamId)}`]);
    if (!row) throw notFoundError();
    assertPermitted('teamAdmin', team, user, row);
    return teamId;
  };

  type WithId = { Params: { id: string }; Body: unknown };
  app.put<WithId>('/api/set_device_claimed_status/:id', async (request) => {
    const user = requireUser(request.user);
    const deviceId = parseId(request.params.id);
    const toBeClaimed = optionalBoolean(body(request.body), 'to_be_claimed', true);
    const [row] = await selectVisible(app.db, user, device, ['team_id'], (p) => [`"t"."id" = ${p.add(deviceId)}`]);
    if (!row) throw notFoundError();
    assertPermitted(device.permissions.update, device, user, row);
    const code = toBeClaimed ? newClaimCode() : null;
    // Only while it is still in the team checked above: a claim committed meanwhile moved it, and a
    // code given now would let the old team claim it back.
    const { rows: set } = await app.db.query('UPDATE "device" SET "to_be_claimed" = $1, "claim_code" = $2 WHERE "id" = $3 AND "team_id" = $4 RETURNING "id"', [
      toBeClaimed,
      code && hashClaimCode(code),
      deviceId,
      row.team_id,
    ]);
    if (set.length === 0) throw notFoundError();
    return { claim_code: code };
  });

  app.put<WithId>('/api/get_device_by_qr_and_claim_codes/:id', async (request) => {
    const user = requireUser(request.user);
    const code = codeOf(body(request.body));
    const { rows } = await app.db.query<Row>('SELECT "id", "to_be_claimed", "claim_code" FROM "device" WHERE "qr_code_id" = $1', [
      request.params.id.slice(0, QR_ID_MAX),
    ]);
    const found = rows[0];
    const guess = await guesses.take(keys(user, found?.id as number | undefined));
    if (guess.wait > 0) throw tooMany(guess.wait);
    if (!found) throw notFoundError();
    if (found.to_be_claimed !== true || !claimCodeMatches(code, found.claim_code)) return { is_code_valid: false };
    await guess.takeBack();
    const { rows: view } = await app.db.query<Row>(CLAIM_VIEW, [found.id]);
    return { is_code_valid: true, device: view[0] };
  });

  app.put<WithId>('/api/claim_device/:id', async (request, reply) => {
    const user = requireUser(request.user);
    const deviceId = parseId(request.params.id);
    const raw = body(request.body);
    const code = codeOf(raw);
    const choice = {
      teamId: await adminTeam(user, raw),
      typeId: optionalId(raw, 'type_id'),
      targetFirmwareId: optionalId(raw, 'target_firmware_id'),
      copyFirmware: optionalBoolean(raw, 'should_firmware_be_copied', false),
    };
    // Counted before the transaction: on PostgreSQL the count takes a connection of its own, which
    // racing claims, each holding one while they queue on the device's lock, could leave none of.
    const guess = await guesses.take(keys(user, deviceId));
    if (guess.wait > 0) throw tooMany(guess.wait);
    let outcome = 'wrong' as 'wrong' | 'notPending' | 'right';
    try {
      await app.db.transaction(async (tx) => {
        // Racing claims queue on this lock; each then sees whether the one before spent the code.
        const { rows } = await tx.query<Row>('SELECT * FROM "device" WHERE "id" = $1 FOR UPDATE', [deviceId]);
        const found = rows[0];
        if (found?.to_be_claimed !== true) {
          outcome = 'notPending';
          throw conflict(ownMessages.claimNotPending);
        }
        if (!claimCodeMatches(code, found.claim_code)) throw badRequest(messages.wrongClaimCode);
        outcome = 'right';
        // Moving it nowhere would still drop its group, histories and certificate.
        if (found.team_id === choice.teamId) throw conflict(ownMessages.claimSameTeam);
        await moveDevice(tx, app.registry, user, found, choice);
      });
    } finally {
      // Device ids are sequential: probing which ones wait to be claimed is limited per user, like unknown QR ids.
      if (outcome === 'notPending') await guess.takeBack([`device:${deviceId}`]);
      if (outcome === 'right') await guess.takeBack();
    }
    return reply.code(204).send();
  });

  app.put<{ Body: unknown }>('/api/add_pucs_user_to_team/', async (request, reply) => {
    const user = requireUser(request.user);
    const teamId = await adminTeam(user, body(request.body));
    await addSupportUser(app.db, app.config.supportUser, teamId);
    return reply.code(204).send();
  });
};
