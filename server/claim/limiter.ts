/**
 * Wrong claim codes per key (a device, a user) in a sliding window. Callers check and count in one
 * synchronous step after their database read (no await between), so parallel guesses cannot all
 * pass the check before any is counted. A limited key refuses the right code too, with the same
 * wait: the answer must not tell whether a guess was right. Memory is bounded: at most `max` times
 * per key, and a full table forgets its oldest key.
 */
/** Wrong codes allowed per device and per user in the window. */
export const CLAIM_ATTEMPTS = 10;
export const CLAIM_WINDOW_MS = 15 * 60_000;

export interface ClaimLimit {
  max: number;
  windowMs: number;
  maxKeys?: number;
}

export class ClaimLimiter {
  private readonly failures = new Map<string, number[]>();
  private readonly maxKeys: number;

  constructor(private readonly limit: ClaimLimit) {
    this.maxKeys = limit.maxKeys ?? 100_000;
  }

  private recent(key: string, now: number): number[] {
    const times = (this.failures.get(key) ?? []).filter((t) => now - t < this.limit.windowMs);
    if (times.length === 0) this.failures.delete(key);
    else this.failures.set(key, times);
    return times;
  }

  /** 0 when none of the keys is limited, else the seconds until the most limited one frees a place. */
  wait(keys: readonly string[], now = Date.now()): number {
    return Math.max(
      0,
      ...keys.map((key) => {
        const times = this.recent(key, now);
        return times.length >= this.limit.max ? Math.max(1, Math.ceil((times[0] + this.limit.windowMs - now) / 1000)) : 0;
      }),
    );
  }

  /** Counts one wrong code against every key. */
  fail(keys: readonly string[], now = Date.now()): void {
    for (const key of keys) {
      const times = this.recent(key, now);
      if (times.length > 0) {
        times.push(now);
        if (times.length > this.limit.max) times.shift();
        continue;
      }
      if (this.failures.size >= this.maxKeys) this.failures.delete(this.failures.keys().next().value as string);
      this.failures.set(key, [now]);
    }
  }

  get size(): number {
    return this.failures.size;
  }
}
