/**
 * One simulated device, behaving as docs/DEVICE_API.md asks of a real one: it reports what it runs and
 * the configuration it holds, installs a new target firmware only once its size and SHA3-256 match
 * the answer's, applies the configuration it is sent, and now and then changes its own configuration
 * (the local change that the server adopts, or that makes a conflict with a user's pending one).
 * An update takes one step a check-in, each reported by the next one ('Update states'): downloading,
 * installing, then succeeded, or failed with a message (a file that does not match, or a device
 * made to fail); a device never tries again a target that failed, as a real one avoids a boot loop.
 */
import { createHash } from 'node:crypto';
import type { CheckinReport, FirmwareReport, TargetFirmware } from './deviceClient';
import type { UpdateReport } from '../deviceApi/wire';
import { checkin, firmwareResponse, signDeviceJwt } from './deviceClient';
import { MAX_TOKEN_LIFETIME_S } from '../deviceApi/wire';
import type { DeviceIdentity } from './fleet';
import type { FleetStats } from './stats';

/** A token is signed again this long before it expires (a slow clock or a slow call must not make it stale). */
const TOKEN_MARGIN_S = 60;
const LOCAL_KEYS = ['mode', 'volume', 'threshold', 'led', 'report_every_s'];
/** What a device made to fail says (`--fail`). */
export const SIMULATED_FAILURE = 'simulated failure: the new image did not boot, back to the previous one';
export const FILE_MISMATCH = 'the downloaded file does not match its size or SHA3-256';

export interface DeviceEnvironment {
  baseUrl: string;
  stats: FleetStats;
  /** Chance of a local configuration change before each check-in, 0 to 1. */
  drift: number;
  random: () => number;
  /** Each call's deadline. */
  timeoutMs?: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Which of `count` devices fail their updates: `percent` of them (rounded), chosen by `random`. */
export function failingDevices(count: number, percent: number, random: () => number): Set<number> {
  const order = Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return new Set(order.slice(0, Math.round((count * percent) / 100)));
}

/** A small seeded generator (mulberry32), so a run or a test can be replayed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class SimulatedDevice {
  firmware: FirmwareReport | null;
  configId: number | null;
  config: unknown;
  /** The update under way and the state the next check-in reports (cleared once a final one is reported). */
  private update: { target: TargetFirmware; report: UpdateReport } | null = null;
  /** The target whose update failed: not tried again while it stays the target. */
  private failedTargetId: number | null = null;
  private token: { jwt: string; expires: number } | null = null;

  constructor(
    readonly identity: DeviceIdentity,
    private readonly env: DeviceEnvironment,
    /** Every update of this device fails (`--fail`). */
    private readonly failsUpdates = false,
  ) {
    this.firmware = identity.firmware ?? null;
    this.configId = identity.config?.id ?? null;
    this.config = identity.config?.value ?? null;
  }

  private jwt(): string {
    const now = Date.now();
    if (!this.token || this.token.expires - TOKEN_MARGIN_S * 1000 <= now) {
      this.token = { jwt: signDeviceJwt(this.identity.id, this.identity.key, now), expires: now + MAX_TOKEN_LIFETIME_S * 1000 };
    }
    return this.token.jwt;
  }

  private signal(): AbortSignal {
    return AbortSignal.timeout(this.env.timeoutMs ?? 30_000);
  }

  /** A local change: one key of the configuration gets a new value. */
  changeLocally(): void {
    const { random } = this.env;
    const key = LOCAL_KEYS[Math.floor(random() * LOCAL_KEYS.length)];
    this.config = { ...(isRecord(this.config) ? this.config : {}), [key]: Math.floor(random() * 1_000_000) };
    this.env.stats.count('localChanges');
  }

  /** One check-in, then whatever its answer asks: apply a configuration, install a firmware. */
  async checkIn(): Promise<void> {
    const { baseUrl, stats } = this.env;
    if (this.env.drift > 0 && this.env.random() < this.env.drift) this.changeLocally();
    const report: CheckinReport = { firmware: this.firmware, config_id: this.configId, config: this.config, ...(this.update ? { update: this.update.report } : {}) };
    const started = performance.now();
    let answer;
    try {
      answer = await checkin(baseUrl, this.jwt(), report, this.signal());
    } catch (err) {
      stats.error(errorLabel(err));
      return;
    }
    stats.checkin(performance.now() - started, answer.status);
    if (!answer.ok) return;
    const { config, target_firmware: target } = answer.body;
    if (config) {
      this.configId = config.id;
      this.config = config.config;
      stats.count('configsApplied');
    }
    await this.updateStep(target);
  }

  /** The next step of an update: start one for a new target, download it, install it, or end once its outcome is reported. */
  private async updateStep(target: TargetFirmware | null): Promise<void> {
    const current = this.update;
    const step = (state: UpdateReport['state']) => current && (current.report = { firmware_id: current.target.id, state });
    if (current === null) {
      const differs = target && (target.name !== this.firmware?.name || target.version !== this.firmware?.version);
      if (target && differs && target.id !== this.failedTargetId) this.update = { target, report: { firmware_id: target.id, state: 'downloading' } };
    } else if (current.report.state === 'downloading') {
      const outcome = await this.download(current.target);
      if (outcome === 'verified') step('installing');
      else if (outcome === 'mismatch') this.fail(FILE_MISMATCH);
      // No longer its target (404): the update is over, with nothing to report.
      else if (outcome === 'gone') this.update = null;
    } else if (current.report.state === 'installing') {
      if (this.failsUpdates) this.fail(SIMULATED_FAILURE);
      else {
        this.firmware = { name: current.target.name, version: current.target.version };
        this.env.stats.count('firmwareInstalled');
        step('succeeded');
      }
    } else {
      this.update = null;
    }
  }

  private fail(message: string): void {
    if (!this.update) return;
    this.failedTargetId = this.update.target.id;
    this.update.report = { firmware_id: this.update.target.id, state: 'failed', message };
    this.env.stats.count('updatesFailed');
  }

  /**
   * Downloads the target, hashing as it streams: whether it is the announced file. A download that
   * fails on the way (a network error, another status) is tried again at the next check-in.
   */
  private async download(target: TargetFirmware): Promise<'verified' | 'mismatch' | 'gone' | 'retry'> {
    const { baseUrl, stats } = this.env;
    try {
      const res = await firmwareResponse(baseUrl, this.jwt(), target.id, undefined, this.signal());
      if (res.status !== 200 || !res.body) {
        await res.body?.cancel();
        stats.error(`firmware ${res.status}`);
        return res.status === 404 ? 'gone' : 'retry';
      }
      const hash = createHash('sha3-256');
      let size = 0;
      for await (const chunk of res.body) {
        hash.update(chunk);
        size += chunk.byteLength;
      }
      if (size !== target.size || hash.digest('hex') !== target.sha3_256.toLowerCase()) {
        stats.count('firmwareRefused');
        return 'mismatch';
      }
      return 'verified';
    } catch (err) {
      stats.error(`firmware ${errorLabel(err)}`);
      return 'retry';
    }
  }
}

/** A failed call by its cause's code (ECONNREFUSED, ...) or error name (TimeoutError, ...). */
export function errorLabel(err: unknown): string {
  const e = err as { cause?: { code?: unknown }; code?: unknown; name?: string };
  // A DOMException's code is a number (23 for a timeout): its name says more.
  const code = [e.cause?.code, e.code].find((c) => typeof c === 'string');
  return (code as string | undefined) ?? e.name ?? 'error';
}
