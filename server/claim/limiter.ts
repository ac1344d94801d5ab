/**
 * Wrong claim codes per key (a device, a user), counted through the shared rate limits
 * (server/auth/rateLimit.ts; every process and machine on one PostgreSQL counts against the same
 * limit, server/auth/limitStore.ts). A guess is counted against all its keys as it arrives, before
 * the code is compared, so that parallel guesses meet the limit too; a right code, and a guess
 * refused, are taken back. A limited key refuses the right code too, with the same wait: the answer
 * must not tell whether a guess was right.
 */
import { Limiter, type LimitRule } from '../auth/rateLimit';
import type { LimitStore } from '../auth/limitStore';

/** Wrong codes allowed per device and per user in the window. */
export const CLAIM_ATTEMPTS = 10;
export const CLAIM_WINDOW_MS = 15 * 60_000;

export interface Guess {
  /** 0 when the guess may be checked, else the seconds to wait (the guess is then not counted). */
  wait: number;
  /** Takes the guess back from `keys` (all its keys when absent): it was right, or not a guess at them. */
  takeBack(keys?: readonly string[]): Promise<void>;
}

export class ClaimGuesses {
  private readonly limiter: Limiter;

  constructor(store: LimitStore, rule: LimitRule = { max: CLAIM_ATTEMPTS, windowMs: CLAIM_WINDOW_MS }) {
    this.limiter = new Limiter(rule, store);
  }

  async take(keys: readonly string[], now = Date.now()): Promise<Guess> {
    const taken = await Promise.all(keys.map((key) => this.limiter.take(key, now)));
    const takeBack = async (which: readonly string[] = keys) => {
      await Promise.all(taken.filter((t) => which.includes(t.key)).map((t) => this.limiter.takeBack(t)));
    };
    const wait = Math.max(0, ...taken.map((t) => t.wait));
    if (wait > 0) await takeBack();
    return { wait, takeBack };
  }
}
