/**
 * Claim codes against guessing: wrong codes are limited per device and per user (the right code
 * refused too while limited), whether sent to check a code or to claim, at once or one by one, and
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
  it(`stops after ${CLAIM_ATTEMPTS} wrong codes for the QR id and the user, the right code included, and nobody else`, async () => {
    const target = await claimable();
    const elsewhere = await claimable();
    const { client: guesser } = await adminWithTeam(t, 'guesser');
    const { client: bystander } = await adminWithTeam(t, 'bystander');
    for (let i = 0; i < CLAIM_ATTEMPTS; i++) expect((await check(guesser, target.qr, WRONG)).json()).toEqual({ is_code_valid: false });
    await expectLimited(check(guesser, target.qr, WRONG));
    await expectLimited(check(guesser, target.qr, target.code));
    // The QR id is limited for everyone, the guesser on every QR id.
    await expectLimited(check(bystander, target.qr, target.code));
    await expectLimited(check(guesser, elsewhere.qr, elsewhere.code));
    expect((await check(bystander, elsewhere.qr, elsewhere.code)).json()).toMatchObject({ is_code_valid: true });
    // A claim of the limited device is refused the same way, and nothing changed.
    const { client: claimer, teamId } = await adminWithTeam(t, 'lateclaimer');
    await expectLimited(claimer.put(`/api/claim_device/${target.id}`, { claim_code: target.code, team_id: teamId }));
    expect((await owner.get(`/api/device/${target.id}`)).json()).toMatchObject({ team_id: ownerTeam, to_be_claimed: true });
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

  it('counts parallel guesses: no more than the limit get an answer', async () => {
    const target = await claimable();
    const { client } = await adminWithTeam(t, 'parallel');
    const answers = await Promise.all(Array.from({ length: 3 * CLAIM_ATTEMPTS }, () => check(client, target.qr, WRONG)));
    // Counted in PostgreSQL (limitStore.ts), a guess counted against its two keys in another order
    // than a parallel one may be refused by one and taken back from the other: never more than the limit.
    const answered = answers.filter((r) => r.statusCode === 200).length;
    expect(answered).toBeLessThanOrEqual(CLAIM_ATTEMPTS);
    // In memory (one process) each guess is counted in one step: exactly the limit.
    if (!t.url) expect(answered).toBe(CLAIM_ATTEMPTS);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(3 * CLAIM_ATTEMPTS - answered);
  });
});

describe('probing device ids with claim_device', () => {
  it('counts ids not waiting to be claimed against the user, as unknown QR ids are', async () => {
    const { client: prober, teamId } = await adminWithTeam(t, 'idprober');
    for (let i = 0; i < CLAIM_ATTEMPTS; i++) {
      await expectError(prober.put(`/api/claim_device/${100_000 + i}`, { claim_code: 'ZZZZ-ZZZZ-ZZZZ-ZZZZ', team_id: teamId }), 409, ownMessages.claimNotPending);
    }
    const { id, code } = await claimable();
    const r = await prober.put(`/api/claim_device/${id}`, { claim_code: code, team_id: teamId });
    expect(r.statusCode).toBe(429);
    expect(description(r)).toBe(ownMessages.claimTooManyAttempts);
    expect((await owner.get(`/api/device/${id}`)).json()).toMatchObject({ team_id: ownerTeam, to_be_claimed: true });
  });
});

describe('the claim guesses, driven by their clock', () => {
  const keys = ['device:1', 'user:1'];
  const guesses = () => new ClaimGuesses(new MemoryLimitStore(), { max: 3, windowMs: 60_000 });

  it('count a guess against each of its keys; past the limit refuse it, not counted, until the window ends, and say when', async () => {
    const g = guesses();
    for (const at of [0, 10_000, 20_000]) expect((await g.take(keys, at)).wait).toBe(0);
    expect((await g.take(keys, 20_000)).wait).toBe(40);
    expect((await g.take(['user:1'], 59_500)).wait).toBe(1);
    expect((await g.take(['device:2', 'user:2'], 20_000)).wait).toBe(0);
    expect((await g.take(keys, 60_000)).wait).toBe(0);
  });

  it('take back a right guess, or one key of it', async () => {
    const g = guesses();
    for (let i = 0; i < 10; i++) await (await g.take(keys, i)).takeBack();
    const probe = await g.take(keys, 10);
    await probe.takeBack(['device:1']);
    await g.take(keys, 11);
    await g.take(keys, 12);
    // user:1 holds 3 guesses now, device:1 two.
    expect((await g.take(['device:1'], 13)).wait).toBe(0);
    expect((await g.take(['user:1'], 13)).wait).toBeGreaterThan(0);
  });
});
