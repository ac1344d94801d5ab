/**
 * What the simulator measures: check-in latencies in a histogram of 2 % wide buckets (so a run of
 * hours holds a fixed memory, as the server's must), errors by status or cause, and what the devices
 * did (firmwares installed or refused, updates failed, configurations applied, local changes).
 */

const GROWTH = 1.02;
const SMALLEST_MS = 0.05;
const BUCKETS = 800; // up to about 0.05 ms × 1.02^800 ≈ 390 s

export class Histogram {
  private counts = new Uint32Array(BUCKETS);
  count = 0;

  add(ms: number): void {
    const i = ms <= SMALLEST_MS ? 0 : Math.min(BUCKETS - 1, Math.ceil(Math.log(ms / SMALLEST_MS) / Math.log(GROWTH)));
    this.counts[i]++;
    this.count++;
  }

  /** The upper bound of the bucket holding the p-th percentile (nearest rank), in ms; 0 when empty. */
  percentile(p: number): number {
    const rank = Math.max(1, Math.ceil((p / 100) * this.count));
    let seen = 0;
    for (let i = 0; i < BUCKETS; i++) {
      seen += this.counts[i];
      if (seen >= rank) return SMALLEST_MS * GROWTH ** i;
    }
    return 0;
  }
}

export interface Activity {
  firmwareInstalled: number;
  firmwareRefused: number;
  /** Updates that ended in a failure reported to the server. */
  updatesFailed: number;
  configsApplied: number;
  localChanges: number;
  skipped: number;
}

const noActivity = (): Activity => ({ firmwareInstalled: 0, firmwareRefused: 0, updatesFailed: 0, configsApplied: 0, localChanges: 0, skipped: 0 });

const ms = (v: number) => `${v < 10 ? v.toFixed(1) : v.toFixed(0)} ms`;

export class FleetStats {
  private window = new Histogram();
  private windowErrors = new Map<string, number>();
  private windowStart: number;
  readonly total = new Histogram();
  readonly errors = new Map<string, number>();
  readonly activity: Activity = noActivity();

  constructor(private readonly now: () => number = () => performance.now()) {
    this.windowStart = now();
  }

  /** A check-in answered with `status` after `latencyMs`; any status but 200 is also an error. */
  checkin(latencyMs: number, status: number): void {
    this.window.add(latencyMs);
    this.total.add(latencyMs);
    if (status !== 200) this.error(String(status));
  }

  error(label: string): void {
    this.windowErrors.set(label, (this.windowErrors.get(label) ?? 0) + 1);
    this.errors.set(label, (this.errors.get(label) ?? 0) + 1);
  }

  count(what: keyof Activity): void {
    this.activity[what]++;
  }

  /** One line for the window since the last call, which starts a new one. */
  windowLine(): string {
    const now = this.now();
    const line = FleetStats.line(this.window, this.windowErrors, (now - this.windowStart) / 1000);
    this.window = new Histogram();
    this.windowErrors = new Map();
    this.windowStart = now;
    return line;
  }

  totalLine(seconds: number): string {
    const a = this.activity;
    return (
      `${FleetStats.line(this.total, this.errors, seconds)}; ${this.total.count} check-ins in ${seconds.toFixed(0)} s, ` +
      `firmwares installed ${a.firmwareInstalled} (refused ${a.firmwareRefused}), updates failed ${a.updatesFailed}, configurations applied ${a.configsApplied}, ` +
      `local changes ${a.localChanges}, check-ins skipped (device still busy) ${a.skipped}`
    );
  }

  private static line(h: Histogram, errors: Map<string, number>, seconds: number): string {
    const rate = seconds > 0 ? h.count / seconds : 0;
    const errorText = errors.size === 0 ? 'none' : [...errors].map(([label, n]) => `${label}×${n}`).join(' ');
    return `check-ins/s ${rate.toFixed(1)}  p50 ${ms(h.percentile(50))}  p95 ${ms(h.percentile(95))}  p99 ${ms(h.percentile(99))}  errors ${errorText}`;
  }
}
