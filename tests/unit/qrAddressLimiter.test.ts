/**
 * The public QR info call's limiter (server/qr/addressLimiter.ts): calls per address in a window,
 * in a memory that stays bounded however many addresses call.
 */
import { describe, expect, it } from 'vitest';
import { AddressLimiter, addressKey } from '../../server/qr/addressLimiter';

describe('AddressLimiter', () => {
  it('lets max calls through per address and window, then says how long to wait', () => {
    const limiter = new AddressLimiter({ max: 3, windowMs: 60_000 });
    for (let i = 0; i < 3; i++) expect(limiter.take('10.0.0.1', 1_000)).toBe(0);
    expect(limiter.take('10.0.0.1', 1_000)).toBe(60);
    expect(limiter.take('10.0.0.1', 31_000)).toBe(30);
    expect(limiter.take('10.0.0.2', 31_000)).toBe(0);
    expect(limiter.take('10.0.0.1', 61_000)).toBe(0);
  });

  it('keeps at most maxAddresses addresses, however many call in one window', () => {
    const limiter = new AddressLimiter({ max: 5, windowMs: 60_000, maxAddresses: 1_000 });
    for (let i = 0; i < 50_000; i++) limiter.take(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, 1_000 + i);
    expect(limiter.size).toBeLessThanOrEqual(1_000);
  });

  it('keys IPv6 by its /64 network and IPv4-mapped addresses as IPv4', () => {
    expect(addressKey('2001:db8:1:2::7')).toBe(addressKey('2001:0db8:0001:0002:ffff:0:0:1'));
    expect(addressKey('2001:db8:1:2::7')).not.toBe(addressKey('2001:db8:1:3::7'));
    expect(addressKey('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(addressKey('fe80::1%eth0')).toBe(addressKey('fe80::2'));
    expect(addressKey('10.0.0.1')).toBe('10.0.0.1');
  });
});
