/**
 * Wrong claim codes per claimant (the signed-in user), counted through the shared rate limits
 * (server/auth/rateLimit.ts; every process and machine on one PostgreSQL counts against the same
 * limit, server/auth/limitStore.ts). Only the claimant's own guesses count against them: nobody
 * can lock a device, or another claimant, by guessing. Not per address either: a colleague behind
 * the same NAT must not lock the claimant out; an 80-bit code needs no tighter bound. A guess is
 * counted as it arrives, before its answer is given, so that parallel guesses meet the limit too;
 * a guess refused is taken back. A call holding the device's code (right, or spent by a claim that
 * won a race) is no guess: it is not counted at all, so that racing claims of a claimant who typed
 * wrong codes before are not refused as too many. A limited claimant is refused the right code
 * too, with the same wait: the answer must not tell whether a guess was right.
 */
import { Limiter, type LimitRule } from '../auth/rateLimit';
import type { LimitStore } from '../auth/limitStore';
import type { SessionUser } from '../auth/sessionUser';

/** Wrong codes allowed per claimant in the window. */
export const CLAIM_ATTEMPTS = 10;
export const CLAIM_WINDOW_MS = 15 * 60_000;

export interface Guess {
  /** 0 when the guess may be checked, else the seconds to wait (the guess is then not counted). */
  wait: number;
  /** Takes the guess back (once): it held the device's code after all, so it was no guess. */
  takeBack(): Promise<void>;
}

/** The key a claimant's guesses are counted under. */
export const claimantKey = (user: Pick<SessionUser, 'id'>) => `user:${user.id}`;

const NOTHING_TO_TAKE_BACK: Guess = { wait: 0, takeBack: async () => {} };

export class ClaimGuesses {
  private readonly limiter: Limiter;

  constructor(
    store: LimitStore,
    private readonly rule: LimitRule = { max: CLAIM_ATTEMPTS, windowMs: CLAIM_WINDOW_MS },
  ) {
    this.limiter = new Limiter(rule, store);
  }

  /** A call of `claimant`; `holdsCode`: it held the device's code as last read, so it counts only to be refused while limited. */
  async take(claimant: string, holdsCode = false, now = Date.now()): Promise<Guess> {
    if (holdsCode && (await this.limiter.count(claimant, now)) < this.rule.max) return NOTHING_TO_TAKE_BACK;
    const taken = await this.limiter.take(claimant, now);
    let counted = true;
    const takeBack = async () => {
      if (!counted) return;
      counted = false;
      await this.limiter.takeBack(taken);
    };
    if (taken.wait > 0 || holdsCode) await takeBack();
    return { wait: taken.wait, takeBack };
  }
}
