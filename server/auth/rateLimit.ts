/**
 * Failed sign-in attempts counted per account and per address in a sliding window, in memory
 * (one process serves the console). An attempt is counted when it arrives, before the slow
 * password hash, so that guesses sent in parallel meet the limit too; a success then takes its
 * count back (the address) or clears the account's.
 */
export interface LimitRule {
  max: number;
  windowMs: number;
}

export class FailureLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly rule: LimitRule) {}

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string, now = Date.now()): number {
    const recent = this.recent(key, now);
    if (recent.length < this.rule.max) return 0;
    return Math.max(1, Math.ceil((recent[0] + this.rule.windowMs - now) / 1000));
  }

  fail(key: string, now = Date.now()): void {
    const recent = this.recent(key, now);
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 100_000) this.prune(now);
  }

  /** Takes back one attempt counted at `at` (it succeeded). */
  forgive(key: string, at: number): void {
    const times = this.hits.get(key);
    const i = times?.lastIndexOf(at) ?? -1;
    if (times && i !== -1) times.splice(i, 1);
  }

  clear(key: string): void {
    this.hits.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.hits.get(key) ?? []).filter((t) => t > now - this.rule.windowMs);
  }

  private prune(now: number): void {
    for (const [key, times] of this.hits) {
      if (times.every((t) => t <= now - this.rule.windowMs)) this.hits.delete(key);
    }
  }
}
