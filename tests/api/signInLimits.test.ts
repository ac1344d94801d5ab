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

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (remoteAddress: string, username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', remoteAddress, headers: { 'x-requested-with': 'pucs' }, payload: { username, password } });

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

  it('failures at an account from many addresses delay further wrong passwords, and the right one still signs in at once', async () => {
    await createUser(t.db, 'sl_target', 'target password');
    const spread = await Promise.all(Array.from({ length: ACCOUNT_FAILURES }, (_, i) => login(`10.63.0.${i + 1}`, 'sl_target', 'guess')));
    expect(spread.map((r) => r.statusCode)).toEqual(Array(ACCOUNT_FAILURES).fill(401));
    // One more wrong password, from a new address: answered 401, but only after a second.
    const started = Date.now();
    const delayed = await login('10.63.1.1', 'sl_target', 'guess');
    expect(delayed.statusCode).toBe(401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    // The owner, from an address of their own: never refused.
    expect((await login('10.63.2.1', 'sl_target', 'target password')).statusCode).toBe(204);
  });
});
