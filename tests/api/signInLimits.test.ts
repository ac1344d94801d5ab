/**
 * Sign-in limits (issue 12, item 1; docs/OPERATIONS.md, Sign-in limits): guessers are slowed down
 * and refused, but nobody's failures refuse another person's right password: failures count per
 * account and address, an address's limit spares the accounts that signed in from it before, and
 * the limit per account is a delay of wrong passwords, not a wall.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from './helpers';
import { ownMessages } from '../../src/messages';
import { ACCOUNT_FAILURES, ADDRESS_FAILURES, PAIR_FAILURES } from '../../server/auth/signInLimits';
import { CSRF_HEADER } from '../../src/csrf';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (remoteAddress: string, username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', remoteAddress, headers: CSRF_HEADER, payload: { username, password } });

describe('sign-in limits', () => {
  it("a stranger's failures at an account from one address do not stop its owner signing in from another", async () => {
    await createUser(t.db, 'sl_owner', 'owner password 1');
    const guesses = await Promise.all(Array.from({ length: PAIR_FAILURES + 5 }, (_, i) => login('10.61.0.1', i % 2 ? 'SL_OWNER' : 'sl_owner', `guess ${i}`)));
    const codes = guesses.map((r) => r.statusCode).sort();
    // Guesses sent all at once meet the limit too: exactly the allowance was tried.
    expect(codes).toEqual([...Array(PAIR_FAILURES).fill(401), ...Array(5).fill(429)]);
    const refused = guesses.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toEqual({ Description: ownMessages.tooManyAttempts });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The guessing address waits, right password or not...
    expect((await login('10.61.0.1', 'sl_owner', 'owner password 1')).statusCode).toBe(429);
    // ... the owner elsewhere does not.
    expect((await login('10.61.0.2', 'sl_owner', 'owner password 1')).statusCode).toBe(204);
  });

  it('failures from one address at many accounts do not stop a user who signed in from it before; an account new to it waits', async () => {
    await createUser(t.db, 'sl_regular', 'regular password');
    await createUser(t.db, 'sl_newcomer', 'newcomer password');
    expect((await login('10.62.0.1', 'sl_regular', 'regular password')).statusCode).toBe(204);
    const guesses = await Promise.all(Array.from({ length: ADDRESS_FAILURES }, (_, i) => login('10.62.0.1', `sl_nobody_${i}`, 'guess')));
    expect(guesses.map((r) => r.statusCode)).toEqual(Array(ADDRESS_FAILURES).fill(401));
    // The address's guesser is refused from now on, for any account new to the address.
    expect((await login('10.62.0.1', 'sl_nobody_more', 'guess')).statusCode).toBe(429);
    expect((await login('10.62.0.1', 'sl_newcomer', 'newcomer password')).statusCode).toBe(429);
    // The user who signed in from there before still does, after a typo too.
    expect((await login('10.62.0.1', 'sl_regular', 'a typo')).statusCode).toBe(401);
    expect((await login('10.62.0.1', 'sl_regular', 'regular password')).statusCode).toBe(204);
    // And the newcomer from another address.
    expect((await login('10.62.0.2', 'sl_newcomer', 'newcomer password')).statusCode).toBe(204);
  });

  it('failures at an account from many addresses delay every further attempt of a new address, right password or wrong', async () => {
    await createUser(t.db, 'sl_target', 'target password');
    await createUser(t.db, 'sl_bystander', 'bystander password');
    const spread = await Promise.all(Array.from({ length: ACCOUNT_FAILURES }, (_, i) => login(`10.63.0.${i + 1}`, 'sl_target', 'guess')));
    expect(spread.map((r) => r.statusCode)).toEqual(Array(ACCOUNT_FAILURES).fill(401));
    // One more wrong password, and the right one, from new addresses: answered, but after a sign-in sent later.
    for (const [address, password, code] of [['10.63.1.1', 'guess', 401], ['10.63.2.1', 'target password', 204]] as const) {
      let answered = false;
      const delayed = login(address, 'sl_target', password).then((r) => ((answered = true), r));
      expect((await login('10.63.9.9', 'sl_bystander', 'bystander password')).statusCode).toBe(204);
      expect(answered, `${password} was answered before a later sign-in`).toBe(false);
      expect((await delayed).statusCode).toBe(code);
    }
  });

  it('a browser that signed in before (its device cookie) is not refused where a stranger used up the address\'s tries', async () => {
    await createUser(t.db, 'sl_traveller', 'traveller password');
    const first = await login('10.64.0.1', 'sl_traveller', 'traveller password');
    expect(first.statusCode).toBe(204);
    const device = first.cookies.find((c) => c.name === 'pucs_device');
    expect(device?.httpOnly).toBe(true);
    for (let i = 0; i < PAIR_FAILURES; i++) expect((await login('10.64.0.2', 'sl_traveller', `guess ${i}`)).statusCode).toBe(401);
    expect((await login('10.64.0.2', 'sl_traveller', 'traveller password')).statusCode).toBe(429);
    // The owner's browser, now at the guessed-at address:
    const withCookie = await t.app.inject({
      method: 'POST', url: '/api/login', remoteAddress: '10.64.0.2', headers: CSRF_HEADER,
      cookies: { pucs_device: device!.value }, payload: { username: 'sl_traveller', password: 'traveller password' },
    });
    expect(withCookie.statusCode).toBe(204);
    // A device cookie is good for its own account only.
    await createUser(t.db, 'sl_other', 'other password');
    for (let i = 0; i < PAIR_FAILURES; i++) expect((await login('10.64.0.3', 'sl_other', `guess ${i}`)).statusCode).toBe(401);
    const foreign = await t.app.inject({
      method: 'POST', url: '/api/login', remoteAddress: '10.64.0.3', headers: CSRF_HEADER,
      cookies: { pucs_device: device!.value }, payload: { username: 'sl_other', password: 'other password' },
    });
    expect(foreign.statusCode).toBe(429);
  });

  it('a stranger behind the NAT of a known address is not walled off at the pair limit, but each further try waits', async () => {
    await createUser(t.db, 'sl_office', 'office password');
    await createUser(t.db, 'sl_colleague', 'colleague password');
    expect((await login('10.65.0.1', 'sl_office', 'office password')).statusCode).toBe(204);
    for (let i = 0; i < PAIR_FAILURES; i++) expect((await login('10.65.0.1', 'sl_office', `guess ${i}`)).statusCode).toBe(401);
    let answered = false;
    const delayed = login('10.65.0.1', 'sl_office', 'guess more').then((r) => ((answered = true), r));
    expect((await login('10.65.9.9', 'sl_colleague', 'colleague password')).statusCode).toBe(204);
    expect(answered).toBe(false);
    expect((await delayed).statusCode).toBe(401);
  });
});
