/**
 * The limits on guessing passwords (docs/OPERATIONS.md, Sign-in limits). They slow down guessers and
 * never refuse the right password because of someone else's failures:
 * - failures per account and address (the pair): beyond PAIR_FAILURES in a window that pair waits
 *   (429 with Retry-After); another address signing in to the same account is not concerned;
 * - failures per address, across accounts: beyond ADDRESS_FAILURES that address waits, except for
 *   an account that has signed in from that address before (a known pair, remembered KNOWN_DAYS
 *   from its first sign-in there): one NAT or proxy does not lock out the users behind it;
 * - failures per account from every address: beyond ACCOUNT_FAILURES each further wrong password
 *   of an unknown pair is answered only after a delay that doubles up to MAX_DELAY_S. A delay, not
 *   a wall: the right password is answered at once, from any address.
 * Every attempt is counted as it arrives, before the password's hash (so guesses sent in parallel
 * meet the limits too), in the stores every process on the database shares (limitStore.ts); a
 * refused attempt is taken back (it tried nothing), and so is a successful one.
 */
import type { Database } from '../db/database';
import { addressKey } from './addressKey';
import { limitStore } from './limitStore';
import { Limiter, type Taken } from './rateLimit';

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const PAIR_FAILURES = 10;
export const ADDRESS_FAILURES = 50;
export const ACCOUNT_FAILURES = 10;
export const MAX_DELAY_S = 8;
export const KNOWN_DAYS = 30;

/** Milliseconds a wrong password waits when its account has counted `failures` in the window (this one included). */
export function failureDelayMs(failures: number): number {
  const beyond = failures - ACCOUNT_FAILURES;
  return beyond <= 0 ? 0 : Math.min(2 ** (beyond - 1), MAX_DELAY_S) * 1000;
}

export type SignInAttempt =
  | { refused: true; wait: number }
  | { refused: false; taken: Counted[]; pairKey: string; delayMs: number };

/** An attempt counted by a limiter, to take back. */
type Counted = { limiter: Limiter; taken: Taken };

const UNLIMITED = Number.MAX_SAFE_INTEGER;

export class SignInLimits {
  private readonly byPair: Limiter;
  private readonly byAddress: Limiter;
  private readonly byAccount: Limiter;
  private readonly known: Limiter;

  constructor(db: Database) {
    this.byPair = new Limiter({ max: PAIR_FAILURES, windowMs: SIGN_IN_WINDOW_MS }, limitStore(db, 'sign_in_pair'));
    this.byAddress = new Limiter({ max: ADDRESS_FAILURES, windowMs: SIGN_IN_WINDOW_MS }, limitStore(db, 'sign_in_address'));
    this.byAccount = new Limiter({ max: UNLIMITED, windowMs: SIGN_IN_WINDOW_MS }, limitStore(db, 'sign_in_account'));
    this.known = new Limiter({ max: UNLIMITED, windowMs: KNOWN_DAYS * 24 * 3600 * 1000 }, limitStore(db, 'sign_in_known'));
  }

  /** Counts an attempt at `username` from `ip`, before its password is checked. */
  async begin(username: string, ip: string): Promise<SignInAttempt> {
    // Any spelling of a name meets the same counts; an IPv6 client owns a whole /64: one address.
    const account = username.toLowerCase();
    const address = addressKey(ip);
    // An address holds no line break: the key cannot be forged by a name that holds one.
    const pairKey = `${address}\n${account}`;
    const [knownCount, pair] = await Promise.all([this.known.count(pairKey), this.byPair.take(pairKey)]);
    const taken: Counted[] = [{ limiter: this.byPair, taken: pair }];
    if (pair.wait > 0) return refuse(taken, pair.wait);
    const known = knownCount > 0;
    if (!known) {
      const asAddress = await this.byAddress.take(address);
      taken.push({ limiter: this.byAddress, taken: asAddress });
      if (asAddress.wait > 0) return refuse(taken, asAddress.wait);
    }
    const asAccount = await this.byAccount.take(account);
    taken.push({ limiter: this.byAccount, taken: asAccount });
    return { refused: false, taken, pairKey, delayMs: known ? 0 : failureDelayMs(asAccount.count) };
  }

  /** A wrong password: answered after its account's delay. */
  async failed(attempt: SignInAttempt): Promise<void> {
    if (!attempt.refused && attempt.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, attempt.delayMs));
  }

  /**
   * The right password: its attempt is taken back (only its own: the owner of ATK_VICTIM signing in
   * must not wipe the guesses counted at atk_victim), and the account is known at this address from now.
   */
  async succeeded(attempt: SignInAttempt): Promise<void> {
    if (attempt.refused) return;
    await Promise.all([...attempt.taken.map(takeBack), this.known.take(attempt.pairKey)]);
  }
}

const takeBack = ({ limiter, taken }: Counted) => limiter.takeBack(taken);

/** A refused attempt tried nothing: what it counted is taken back, and an address refused touches no account. */
async function refuse(taken: Counted[], wait: number): Promise<SignInAttempt> {
  await Promise.all(taken.map(takeBack));
  return { refused: true, wait };
}
