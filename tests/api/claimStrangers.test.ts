/**
 * A stranger to a device (no QR id, no claim code) calling claim_device with guessed device ids:
 * device ids are sequential, so the answers must not tell which devices wait to be claimed, and
 * the stranger's wrong codes must not lock the device for its rightful claimant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { CLAIM_ATTEMPTS } from '../../server/claim/limiter';
import { adminWithTeam, createTestApp, type Client, type TestApp } from './helpers';
import { claimable, newDevice, ownerWithType, WRONG_CODE, type Owner } from './claimHelpers';

let t: TestApp;
let owner: Owner;
let typeId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, typeId } = await ownerWithType(t));
});
afterAll(() => t.close());

const device = () => newDevice(owner, typeId);
const claimableDevice = () => claimable(owner, typeId);

const WRONG = WRONG_CODE;
const claim = (c: Client, id: number, team_id: number, claim_code = WRONG) => c.put(`/api/claim_device/${id}`, { claim_code, team_id });

describe('a stranger guessing device ids', () => {
  it("cannot lock a device: after the stranger's wrong codes the rightful claimant's code still checks and claims (204)", async () => {
    const target = await claimableDevice();
    const stranger = await adminWithTeam(t, 'locker');
    for (let i = 0; i < CLAIM_ATTEMPTS; i++) expect((await claim(stranger.client, target.id, stranger.teamId)).statusCode).toBe(400);
    // The stranger is limited, the device is not.
    expect((await claim(stranger.client, target.id, stranger.teamId)).statusCode).toBe(429);
    const rightful = await adminWithTeam(t, 'rightful');
    const checked = await rightful.client.put(`/api/get_device_by_qr_and_claim_codes/${target.qr}`, { claim_code: target.code });
    expect(checked.json()).toMatchObject({ is_code_valid: true });
    expect((await claim(rightful.client, target.id, rightful.teamId, target.code)).statusCode).toBe(204);
  });

  it('gets the same answer for a device waiting to be claimed, one that is not, a claimed one and no device', async () => {
    const waiting = await claimableDevice();
    const never = await device();
    const claimed = await claimableDevice();
    const rightful = await adminWithTeam(t, 'first');
    expect((await claim(rightful.client, claimed.id, rightful.teamId, claimed.code)).statusCode).toBe(204);
    const stranger = await adminWithTeam(t, 'prober');
    const answers = [];
    for (const id of [waiting.id, never, claimed.id, 1_000_000]) answers.push(await claim(stranger.client, id, stranger.teamId));
    for (const r of answers) expect({ status: r.statusCode, body: r.json() as unknown }).toEqual({ status: 400, body: { Description: messages.wrongClaimCode } });
  });
});
