/**
 * The limits on guessing passwords (docs/OPERATIONS.md, Sign-in limits). They slow down guessers and
 * never refuse the right password because of someone else's failures at another address or browser:
 * - a browser that signed in to the account before (its signed device cookie, deviceCookie.ts) is
 *   counted on its own (DEVICE_FAILURES per window) and meets none of the limits below;
 * - failures per account and address (the pair): beyond PAIR_FAILURES in a window that pair waits
 *   (429 with Retry-After); another address signing in to the same account is not concerned.
 *   A known pair (the account signed in from that address, KNOWN_DAYS from its first sign-in
 *   there) meets no wall at PAIR_FAILURES, since a stranger behind the owner's NAT must not lock
 *   the owner out: beyond it every attempt waits the growing delay, and only beyond
 *   KNOWN_PAIR_FAILURES is it refused;
 * - failures per address, across accounts: beyond ADDRESS_FAILURES that address waits, except for
 *   a known pair: one NAT or proxy does not lock out the users behind it;
 * - failures per account from every address: beyond ACCOUNT_FAILURES every attempt of an unknown
 *   pair, right password or wrong, is answered only after a delay that doubles up to MAX_DELAY_S
 *   (a guesser cannot tell a slow answer from a wrong one and give up waiting).
 * The account is the user's id when the name exists (the look-up's own match, SQL lower() included),
 * else the name's look-alike key. Every attempt is counted as it arrives, before the password's hash
 * (so guesses sent in parallel meet the limits too), in the stores every process on the database
 * shares (limitStore.ts); a refused attempt is taken back (it tried nothing), and so is a successful one.
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
export const DEVICE_FAILURES = 10;
export const KNOWN_PAIR_FAILURES = 100;

/** Milliseconds an attempt waits when its count has reached `failures` in the window (this one included). */
export function failureDelayMs(failures: number, allowance = ACCOUNT_FAILURES): number {
  const beyond = failures - allowance;
  return beyond <= 0 ? 0 : Math.min(2 ** (beyond - 1), MAX_DELAY_S) * 1000;
}

export type SignInAttempt =
  | { refused: true; wait: number }
  | { refused: false; taken: Counted[]; pairKey: string; delayMs: number };

/** Who an attempt is at, and from where: `account` names the account in the counts (see above). */
export interface Attempter {
  account: string;
  ip: string;
  /** The id of the attempt's browser when it carries a valid device cookie for this account. */
  device?: string;
}

/** An attempt counted by a limiter, to take back. */
type Counted = { limiter: Limiter; taken: Taken };

const UNLIMITED = Number.MAX_SAFE_INTEGER;

export class SignInLimits {
  private readonly byPair: Limiter;
  private readonly byAddress: Limiter;
  private readonly byAccount: Limiter;
  private readonly known: Limiter;
  private readonly byDevice: Limiter;

  constructor(db: Database) {
    this.byPair = new Limiter({ max: PAIR_FAILURES, windowMs: SIGN_IN_WINDOW_MS }, limitStore(db, 'sign_in_pair'));
    this.byAddress = new Limiter({ max: ADDRESS_FAILURES, windowMs: SIGN_IN_WINDOW_MS }, limitStore(db, 'sign_in_address'));
    this.byAccount = new Limiter({ max: UNLIMITED, windowMs: SIGN_IN_WINDOW_MS }, limitStore(db, 'sign_in_account'));
    this.byDevice = new Limiter({ max: DEVICE_FAILURES, windowMs: SIGN_IN_WINDOW_MS }, limitStore(db, 'sign_in_device'));
    this.known = new Limiter({ max: UNLIMITED, windowMs: KNOWN_DAYS * 24 * 3600 * 1000 }, limitStore(db, 'sign_in_known'));
  }

  /** Counts an attempt, before its password is checked. */
  async begin({ account, ip, device }: Attempter): Promise<SignInAttempt> {
    // An address or a device id holds no line break: the keys cannot be forged by a name that holds one.
    // An IPv6 client owns a whole /64: one address.
    const address = addressKey(ip);
    const pairKey = `${address}\n${account}`;
    if (device !== undefined) {
      const asDevice = await this.byDevice.take(`${device}\n${account}`);
      const taken: Counted[] = [{ limiter: this.byDevice, taken: asDevice }];
      if (asDevice.wait > 0) return refuse(taken, asDevice.wait);
      return { refused: false, taken, pairKey, delayMs: 0 };
    }
    const [knownCount, pair] = await Promise.all([this.known.count(pairKey), this.byPair.take(pairKey)]);
    const taken: Counted[] = [{ limiter: this.byPair, taken: pair }];
    const known = knownCount > 0;
    if (pair.wait > 0 && (!known || pair.count > KNOWN_PAIR_FAILURES)) return refuse(taken, pair.wait);
    if (!known) {
      const asAddress = await this.byAddress.take(address);
      taken.push({ limiter: this.byAddress, taken: asAddress });
      if (asAddress.wait > 0) return refuse(taken, asAddress.wait);
    }
    const asAccount = await this.byAccount.take(account);
    taken.push({ limiter: this.byAccount, taken: asAccount });
    const delayMs = known ? failureDelayMs(pair.count, PAIR_FAILURES) : failureDelayMs(asAccount.count);
    return { refused: false, taken, pairKey, delayMs };
  }

  /** Waits the attempt's delay (0 for most), right password or wrong: call before answering. */
  async delay(attempt: SignInAttempt): Promise<void> {
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
