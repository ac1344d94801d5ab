/** The key of the limits per address (server/auth/addressKey.ts): an IPv6 /64 network is one address. */
import { describe, expect, it } from 'vitest';
import { addressKey } from '../../server/auth/addressKey';

describe('addressKey', () => {
  it('keys IPv6 by its /64 network and IPv4-mapped addresses as IPv4', () => {
    expect(addressKey('2001:db8:1:2::7')).toBe(addressKey('2001:0db8:0001:0002:ffff:0:0:1'));
    expect(addressKey('2001:db8:1:2::7')).not.toBe(addressKey('2001:db8:1:3::7'));
    expect(addressKey('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(addressKey('fe80::1%eth0')).toBe(addressKey('fe80::2'));
    expect(addressKey('10.0.0.1')).toBe('10.0.0.1');
  });
});
