/**
 * Calls per client address in a fixed window, for the public QR info call. Unlike the sign-in
 * limiter (server/auth/rateLimit.ts) every call counts, and its memory is bounded: anyone can
 * call from many addresses, so a full table forgets its oldest address instead of growing.
 * An IPv6 client owns a whole /64 network, so that network counts as one address.
 */
import { isIPv6 } from 'node:net';

export interface AddressLimit {
  max: number;
  windowMs: number;
  /** Addresses remembered at most; the oldest is forgotten first. */
  maxAddresses?: number;
}

/** 'a:b:c:d::/64' for an IPv6 address (zone dropped), the IPv4 address of an IPv4-mapped one, else the address. */
export function addressKey(address: string): string {
  const ip = address.split('%')[0].toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return address;
  const [head, tail = ''] = ip.split('::');
  const groups = head === '' ? [] : head.split(':');
  const rest = ip.includes('::') && tail !== '' ? tail.split(':') : [];
  const full = ip.includes('::') ? [...groups, ...Array<string>(8 - groups.length - rest.length).fill('0'), ...rest] : groups;
  return `${full.slice(0, 4).map((g) => Number.parseInt(g, 16).toString(16)).join(':')}::/64`;
}

export class AddressLimiter {
  private readonly counts = new Map<string, number>();
  private windowStart = -Infinity;
  private readonly maxAddresses: number;

  constructor(private readonly limit: AddressLimit) {
    this.maxAddresses = limit.maxAddresses ?? 100_000;
  }

  /** Counts one call of the address: 0 when it may go on, else the seconds until its window ends. */
  take(address: string, now = Date.now()): number {
    if (now - this.windowStart >= this.limit.windowMs) {
      this.counts.clear();
      this.windowStart = now;
    }
    const key = addressKey(address);
    const count = this.counts.get(key) ?? 0;
    if (count >= this.limit.max) return Math.max(1, Math.ceil((this.windowStart + this.limit.windowMs - now) / 1000));
    if (count === 0 && this.counts.size >= this.maxAddresses) this.counts.delete(this.counts.keys().next().value as string);
    this.counts.set(key, count + 1);
    return 0;
  }

  get size(): number {
    return this.counts.size;
  }
}
