/**
 * A claim code's life after it was handed over: the device claimed, withdrawn, offered again or
 * deleted, and racing claims from a claimant who already typed some wrong codes. Whoever holds
 * an old code can never claim with it; the device's last code tells its holder 409; a lost race is
 * a 409 however many wrong codes its claimant typed before, on one process or two sharing
 * PostgreSQL; the owner's withdrawal and new offer racing claims leave one consistent outcome.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../src/messages';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/database';
import { CLAIM_ATTEMPTS } from '../../server/claim/limiter';
import { adminWithTeam, api, createTestApp, expectError, type Client, type TestApp } from './helpers';
import { newDevice, ownerWithType, qrOf, WRONG_CODE, type Owner } from './claimHelpers';

let t: TestApp;
let owner: Owner;
let typeId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, typeId } = await ownerWithType(t));
});
afterAll(() => t.close());

const WRONG = WRONG_CODE;

/** A new device of the owner's team with its QR id. */
async function deviceWithQr() {
  const id = await newDevice(owner, typeId);
  return { id, qr: await qrOf(owner, id) };
}

async function offer(by: Client, id: number): Promise<string> {
  const res = await by.put(`/api/set_device_claimed_status/${id}`, { to_be_claimed: true });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { claim_code: string }).claim_code;
}

const check = (c: Client, qr: string, claim_code: string) => c.put(`/api/get_device_by_qr_and_claim_codes/${qr}`, { claim_code });
const claim = (c: Client, id: number, team_id: number, claim_code: string) => c.put(`/api/claim_device/${id}`, { claim_code, team_id });

/** `n` wrong codes of `who`, each answered 400 'Wrong code!'. */
async function typos(who: { client: Client; teamId: number }, id: number, n: number) {
  for (let i = 0; i < n; i++) await expectError(claim(who.client, id, who.teamId, WRONG), 400, messages.wrongClaimCode);
}

describe('an old code', () => {
  it('of a device claimed then offered again by its new team: 400 to claim, false to check; the new code claims it', async () => {
    const { id, qr } = await deviceWithQr();
    const old = await offer(owner.client, id);
    const first = await adminWithTeam(t, 'first-claimer');
    expect((await claim(first.client, id, first.teamId, old)).statusCode).toBe(204);
    const fresh = await offer(first.client, id);
    const oldHolder = await adminWithTeam(t, 'old-holder');
    expect((await check(oldHolder.client, qr, old)).json()).toEqual({ is_code_valid: false });
    await expectError(claim(oldHolder.client, id, oldHolder.teamId, old), 400, messages.wrongClaimCode);
    // The team the device left cannot take it back with the code it gave.
    await expectError(claim(owner.client, id, owner.teamId, old), 400, messages.wrongClaimCode);
    const second = await adminWithTeam(t, 'second-claimer');
    expect((await check(second.client, qr, fresh)).json()).toMatchObject({ is_code_valid: true, device: { id, team_id: first.teamId } });
    expect((await claim(second.client, id, second.teamId, fresh)).statusCode).toBe(204);
    expect((await second.client.get(`/api/device/${id}`)).json()).toMatchObject({ team_id: second.teamId, to_be_claimed: false });
  });

  it('of a device withdrawn: 409 while withdrawn, 400 once offered again; only the new code claims it', async () => {
    const { id, qr } = await deviceWithQr();
    const old = await offer(owner.client, id);
    expect((await owner.client.put(`/api/set_device_claimed_status/${id}`, { to_be_claimed: false })).json()).toEqual({ claim_code: null });
    const holder = await adminWithTeam(t, 'withdrawn-holder');
    await expectError(claim(holder.client, id, holder.teamId, old), 409, ownMessages.claimNotPending);
    const fresh = await offer(owner.client, id);
    expect((await check(holder.client, qr, old)).json()).toEqual({ is_code_valid: false });
    await expectError(claim(holder.client, id, holder.teamId, old), 400, messages.wrongClaimCode);
    expect((await claim(holder.client, id, holder.teamId, fresh)).statusCode).toBe(204);
  });

  it('of a device deleted: the same 400 as a wrong code, and the owner reads no device', async () => {
    const { id, qr } = await deviceWithQr();
    const code = await offer(owner.client, id);
    expect((await owner.client.del(`/api/device/${id}`)).statusCode).toBeLessThan(300);
    const holder = await adminWithTeam(t, 'deleted-holder');
    await expectError(claim(holder.client, id, holder.teamId, code), 400, messages.wrongClaimCode);
    expect((await check(holder.client, qr, code)).statusCode).toBe(404);
  });
});

describe('a claimant who typed wrong codes before', () => {
  it(`with ${CLAIM_ATTEMPTS - 1} wrong codes, checks the right code in parallel and is told it is right every time`, async () => {
    const { id, qr } = await deviceWithQr();
    const code = await offer(owner.client, id);
    const claimant = await adminWithTeam(t, 'typo-checker');
    await typos(claimant, id, CLAIM_ATTEMPTS - 1);
    const answers = await Promise.all(Array.from({ length: 5 }, () => check(claimant.client, qr, code)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array<number>(5).fill(200));
    for (const r of answers) expect(r.json()).toMatchObject({ is_code_valid: true });
  });

  it(`with ${CLAIM_ATTEMPTS - 1} wrong codes, racing with the right code (2 processes on PostgreSQL): one 204, the others 409, then one wrong code left`, async () => {
    const { id } = await deviceWithQr();
    const code = await offer(owner.client, id);
    const claimant = await adminWithTeam(t, 'typo-racer');
    await typos(claimant, id, CLAIM_ATTEMPTS - 1);
    const other = t.url ? await openDatabase({ url: t.url }) : undefined;
    const otherApp = other && (await buildApp({ db: other, config: t.config }));
    try {
      await otherApp?.ready();
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => claim(otherApp && i % 2 ? api(otherApp, claimant.cookie) : claimant.client, id, claimant.teamId, code)),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([204, 409, 409, 409, 409, 409]);
      for (const r of answers.filter((a) => a.statusCode === 409)) expect((r.json() as { Description: string }).Description).toBe(ownMessages.claimNotPending);
    } finally {
      await otherApp?.close();
      await other?.close();
    }
    const next = await deviceWithQr();
    await offer(owner.client, next.id);
    await typos(claimant, next.id, 1);
    expect((await claim(claimant.client, next.id, claimant.teamId, WRONG)).statusCode).toBe(429);
  });
});

describe("the owner's withdrawal and new offer racing claims", () => {
  it('leave one consistent outcome: at most one 204, which is then the device, and no code but the last offered one works', async () => {
    for (let round = 0; round < 4; round++) {
      const { id, qr } = await deviceWithQr();
      const code = await offer(owner.client, id);
      const claimants = await Promise.all([0, 1, 2].map((i) => adminWithTeam(t, `race${round}-${i}`)));
      const [c0, c1, withdraw, reoffer] = await Promise.all([
        claim(claimants[0].client, id, claimants[0].teamId, code),
        claim(claimants[1].client, id, claimants[1].teamId, code),
        owner.client.put(`/api/set_device_claimed_status/${id}`, { to_be_claimed: round % 2 === 0 }),
        owner.client.put(`/api/set_device_claimed_status/${id}`, { to_be_claimed: true }),
      ]);
      const claims = [c0, c1];
      const won = claims.filter((r) => r.statusCode === 204);
      expect(won.length).toBeLessThanOrEqual(1);
      for (const r of claims) expect([204, 400, 409]).toContain(r.statusCode);
      for (const r of [withdraw, reoffer]) expect([200, 404]).toContain(r.statusCode);
      const winner = claims.findIndex((r) => r.statusCode === 204);
      if (winner >= 0) {
        const device = (await claimants[winner].client.get(`/api/device/${id}`)).json() as { team_id: number; to_be_claimed: boolean };
        expect(device.team_id).toBe(claimants[winner].teamId);
        // An offer answered 200 came before the claim (the old team cannot offer a device it lost):
        // then the claim used the code of that moment, or the claim would have lost.
        expect(device.to_be_claimed).toBe(false);
      } else {
        expect((await owner.client.get(`/api/device/${id}`)).json()).toMatchObject({ team_id: owner.teamId });
      }
      // The original code never claims it now: the device moved, or was offered anew, or withdrawn.
      const late = claimants[2];
      expect([400, 409]).toContain((await claim(late.client, id, late.teamId, code)).statusCode);
      expect((await check(late.client, qr, code)).json()).toMatchObject({ is_code_valid: false });
    }
  });
});
