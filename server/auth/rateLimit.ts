/**
 * The rule of every rate limit here (sign-in failures, public QR calls): at most `max` events per
 * key in a window of `windowMs` opened by the key's first event; beyond, the caller waits until the
 * window ends. An event is counted as it arrives, before any slow work, in one atomic step of the
 * store (server/auth/limitStore.ts), so that events sent in parallel, to any process, meet the
 * limit too; a caller may then take its event back (a sign-in that succeeded).
 */
import type { LimitStore } from './limitStore';

export interface LimitRule {
  max: number;
  windowMs: number;
}

export interface Taken {
  key: string;
  openedAt: number;
  /** Events counted in the key's window, this one included. */
  count: number;
  /** 0 when the event may go on, else the seconds until the key's window ends. */
  wait: number;
}

export class Limiter {
  constructor(
    private readonly rule: LimitRule,
    private readonly store: LimitStore,
  ) {}

  async take(key: string, now = Date.now()): Promise<Taken> {
    const { count, openedAt } = await this.store.add(key, now, this.rule.windowMs);
    const wait = count <= this.rule.max ? 0 : Math.max(1, Math.ceil((openedAt + this.rule.windowMs - now) / 1000));
    return { key, openedAt, count, wait };
  }

  /** The events of `key` counted in its open window (0 when none is open); counts nothing. */
  count(key: string, now = Date.now()): Promise<number> {
    return this.store.peek(key, now, this.rule.windowMs);
  }

  /** Takes back an event `take` counted: it did not use up the allowance. */
  takeBack(taken: Taken): Promise<void> {
    return this.store.takeBack(taken.key, taken.openedAt);
  }
}
