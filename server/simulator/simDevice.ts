/**
 * One simulated device, behaving as docs/DEVICE_API.md asks of a real one: it reports what it runs and
 * the configuration it holds, installs a new target firmware only once its size and SHA3-256 match
 * the answer's, applies the configuration it is sent, and now and then changes its own configuration
 * (the local change that the server adopts, or that makes a conflict with a user's pending one).
 */
import { createHash } from 'node:crypto';
import type { CheckinReport, FirmwareReport, TargetFirmware } from './deviceClient';
import { checkin, firmwareResponse, signDeviceJwt } from './deviceClient';
import { MAX_TOKEN_LIFETIME_S } from '../deviceApi/wire';
import type { DeviceIdentity } from './fleet';
import type { FleetStats } from './stats';

/** A token is signed again this long before it expires (a slow clock or a slow call must not make it stale). */
const TOKEN_MARGIN_S = 60;
const LOCAL_KEYS = ['mode', 'volume', 'threshold', 'led', 'report_every_s'];

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
  private token: { jwt: string; expires: number } | null = null;

  constructor(
    readonly identity: DeviceIdentity,
    private readonly env: DeviceEnvironment,
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
    const report: CheckinReport = { firmware: this.firmware, config_id: this.configId, config: this.config };
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
    if (target && (target.name !== this.firmware?.name || target.version !== this.firmware?.version)) await this.install(target);
  }

  /** Downloads the target, hashing as it streams; it runs it (and says so next time) only if it is the announced file. */
  private async install(target: TargetFirmware): Promise<void> {
    const { baseUrl, stats } = this.env;
    try {
      const res = await firmwareResponse(baseUrl, this.jwt(), target.id, undefined, this.signal());
      if (res.status !== 200 || !res.body) {
        await res.body?.cancel();
        stats.error(`firmware ${res.status}`);
        return;
      }
      const hash = createHash('sha3-256');
      let size = 0;
      for await (const chunk of res.body) {
        hash.update(chunk);
        size += chunk.byteLength;
      }
      if (size !== target.size || hash.digest('hex') !== target.sha3_256.toLowerCase()) {
        stats.count('firmwareRefused');
        return;
      }
      this.firmware = { name: target.name, version: target.version };
      stats.count('firmwareInstalled');
    } catch (err) {
      stats.error(`firmware ${errorLabel(err)}`);
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
