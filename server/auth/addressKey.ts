/**
 * The key a client address is counted under by the limits per address (server/auth/rateLimit.ts: the
 * public QR info calls, failed sign-ins). An IPv6 client owns a whole /64 network, so that network
 * counts as one address.
 */
import { isIPv6 } from 'node:net';

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
