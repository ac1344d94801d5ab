/**
 * Claim codes against guessing: wrong codes are limited per user (the right code refused too while
 * limited), never per device, whether sent to check a code or to claim, at once or one by one, and
 * so are device ids probed with claim_device; the guesses' window, driven by their clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../src/messages';
import { CLAIM_ATTEMPTS, CLAIM_WINDOW_MS, ClaimGuesses } from '../../server/claim/limiter';
import { MemoryLimitStore } from '../../server/auth/limitStore';
import { adminWithTeam, createTestApp, description, expectError, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';

let t: TestApp;
let owner: Client;
let ownerTeam: number;
let typeId: number;
let made = 0;

beforeAll(async () => {
  t = await createTestApp();
  ({ client: owner, teamId: ownerTeam } = await adminWithTeam(t, 'owner'));
  typeId = (await createOk(owner, 'type', { name: 'board', team_id: ownerTeam })).id as number;
});
afterAll(() => t.close());

/** A device waiting to be claimed: its id, QR id and code. */
async function claimable() {
  made++;
  const id = (await createOk(owner, 'device', { name: `d${made}`, team_id: ownerTeam, type_id: typeId, uid_for_type: `u${made}` })).id as number;
  const qr = ((await owner.post(`/api/device_qr_code/${id}`)).json() as { id: string }).id;
  const code = ((await owner.put(`/api/set_device_claimed_status/${id}`, {})).json() as { claim_code: string }).claim_code;
  return { id, qr, code };
}

const check = (c: Client, qr: string, claim_code: string) => c.put(`/api/get_device_by_qr_and_claim_codes/${qr}`, { claim_code });
const WRONG = 'ZZZZ-ZZZZ-ZZZZ-ZZZZ';

async function expectLimited(res: Promise<{ statusCode: number; headers: Record<string, unknown>; json(): unknown }>) {
  const r = await res;
  expect(r.statusCode).toBe(429);
  expect(description(r)).toBe(ownMessages.claimTooManyAttempts);
  const wait = Number(r.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(CLAIM_WINDOW_MS / 1000);
}

describe('guessing claim codes', () => {
  it(`stops the user after ${CLAIM_ATTEMPTS} wrong codes, the right code included, on every device, and nobody else`, async () => {
    const target = await claimable();
    const elsewhere = await claimable();
    const { client: guesser, teamId: guesserTeam } = await adminWithTeam(t, 'guesser');
    const { client: bystander } = await adminWithTeam(t, 'bystander');
    for (let i = 0; i < CLAIM_ATTEMPTS; i++) expect((await check(guesser, target.qr, WRONG)).json()).toEqual({ is_code_valid: false });
    await expectLimited(check(guesser, target.qr, WRONG));
    await expectLimited(check(guesser, target.qr, target.code));
    // The guesser is limited on every QR id and for claims too, and nothing changed; the device is not limited.
    await expectLimited(check(guesser, elsewhere.qr, elsewhere.code));
    await expectLimited(guesser.put(`/api/claim_device/${target.id}`, { claim_code: target.code, team_id: guesserTeam }));
    expect((await owner.get(`/api/device/${target.id}`)).json()).toMatchObject({ team_id: ownerTeam, to_be_claimed: true });
    expect((await check(bystander, target.qr, target.code)).json()).toMatchObject({ is_code_valid: true });
  });

  it('counts wrong codes sent to claim_device in the same limit, and unknown QR ids against the user', async () => {
    const target = await claimable();
    const { client: guesser, teamId } = await adminWithTeam(t, 'claimguesser');
    for (let i = 0; i < CLAIM_ATTEMPTS; i++) {
      await expectError(guesser.put(`/api/claim_device/${target.id}`, { claim_code: WRONG, team_id: teamId }), 400, messages.wrongClaimCode);
    }
    await expectLimited(check(guesser, target.qr, target.code));

    const { client: prober } = await adminWithTeam(t, 'prober');
    for (let i = 0; i < CLAIM_ATTEMPTS; i++) expect((await check(prober, `unknown-${i}`, WRONG)).statusCode).toBe(404);
    const fresh = await claimable();
    await expectLimited(check(prober, fresh.qr, fresh.code));
  });

  it('does not count right codes', async () => {
    const target = await claimable();
    const { client } = await adminWithTeam(t, 'honest');
    for (let i = 0; i < CLAIM_ATTEMPTS + 5; i++) expect((await check(client, target.qr, target.code)).json()).toMatchObject({ is_code_valid: true });
  });

  it('does not count the last code of a device no longer waiting (spent or withdrawn): its holder is told so', async () => {
    const target = await claimable();
    expect((await owner.put(`/api/set_device_claimed_status/${target.id}`, { to_be_claimed: false })).statusCode).toBe(200);
    const { client, teamId } = await adminWithTeam(t, 'latecomer');
    for (let i = 0; i < CLAIM_ATTEMPTS + 5; i++) {
      expect((await check(client, target.qr, target.code)).json()).toEqual({ is_code_valid: false });
      await expectError(client.put(`/api/claim_device/${target.id}`, { claim_code: target.code, team_id: teamId }), 409, ownMessages.claimNotPending);
    }
    const fresh = await claimable();
    expect((await check(client, fresh.qr, fresh.code)).json()).toMatchObject({ is_code_valid: true });
  });

  it('counts parallel guesses: no more than the limit get an answer', async () => {
    const target = await claimable();
    const { client } = await adminWithTeam(t, 'parallel');
    const answers = await Promise.all(Array.from({ length: 3 * CLAIM_ATTEMPTS }, () => check(client, target.qr, WRONG)));
    // Each guess is counted in one atomic step (limitStore.ts), in memory or in PostgreSQL: exactly the limit.
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(CLAIM_ATTEMPTS);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(2 * CLAIM_ATTEMPTS);
  });
});

describe('probing device ids with claim_device', () => {
  it('answers ids of no device as wrong codes and counts them against the user, as unknown QR ids are', async () => {
    const { client: prober, teamId } = await adminWithTeam(t, 'idprober');
    for (let i = 0; i < CLAIM_ATTEMPTS; i++) {
      await expectError(prober.put(`/api/claim_device/${100_000 + i}`, { claim_code: WRONG, team_id: teamId }), 400, messages.wrongClaimCode);
    }
    const { id, code } = await claimable();
    const r = await prober.put(`/api/claim_device/${id}`, { claim_code: code, team_id: teamId });
    expect(r.statusCode).toBe(429);
    expect(description(r)).toBe(ownMessages.claimTooManyAttempts);
    expect((await owner.get(`/api/device/${id}`)).json()).toMatchObject({ team_id: ownerTeam, to_be_claimed: true });
  });
});

describe('the claim guesses, driven by their clock', () => {
  const guesses = () => new ClaimGuesses(new MemoryLimitStore(), { max: 3, windowMs: 60_000 });

  it('count a guess against its claimant; past the limit refuse it, not counted, until the window ends, and say when', async () => {
    const g = guesses();
    for (const at of [0, 10_000, 20_000]) expect((await g.take('user:1', false, at)).wait).toBe(0);
    expect((await g.take('user:1', false, 20_000)).wait).toBe(40);
    expect((await g.take('user:1', false, 59_500)).wait).toBe(1);
    expect((await g.take('user:2', false, 20_000)).wait).toBe(0);
    expect((await g.take('user:1', false, 60_000)).wait).toBe(0);
  });

  it("count no call holding the device's code, however many at once, but refuse it while its claimant is limited", async () => {
    const g = guesses();
    const held = await Promise.all(Array.from({ length: 5 }, () => g.take('user:1', true, 0)));
    expect(held.map((h) => h.wait)).toEqual([0, 0, 0, 0, 0]);
    for (const at of [1, 2, 3]) expect((await g.take('user:1', false, at)).wait).toBe(0);
    expect((await g.take('user:1', true, 4)).wait).toBe(60);
    expect((await g.take('user:1', false, 4)).wait).toBe(60);
    expect((await g.take('user:1', true, 60_001)).wait).toBe(0);
  });

  it('take back a guess that held the code', async () => {
    const g = guesses();
    for (let i = 0; i < 10; i++) await (await g.take('user:1', false, i)).takeBack();
    await g.take('user:1', false, 10);
    await g.take('user:1', false, 11);
    expect((await g.take('user:1', false, 12)).wait).toBe(0);
    expect((await g.take('user:1', false, 13)).wait).toBeGreaterThan(0);
  });
});
