import { describe, expect, it } from 'vitest';
import { canonicalName, lookalikeKey } from '../../src/schemas/lookalike';

describe('look-alike key of a name', () => {
  it('is the same for names a reader cannot tell apart', () => {
    expect(lookalikeKey('Admin')).toBe(lookalikeKey('admin'));
    expect(lookalikeKey('pаypal')).toBe(lookalikeKey('paypal')); // Cyrillic а
    expect(lookalikeKey('ΑΒΕ')).toBe(lookalikeKey('abe')); // Greek capitals
    expect(lookalikeKey('Greenhouse ＮＯＲＴＨ')).toBe(lookalikeKey('greenhouse north')); // fullwidth
    expect(lookalikeKey('café')).toBe(lookalikeKey('cafe'));
    expect(lookalikeKey('cafe\u0301')).toBe(lookalikeKey('café'));
    expect(lookalikeKey('sen\u200Bsor')).toBe(lookalikeKey('sensor'));
    expect(lookalikeKey('Group  1')).toBe(lookalikeKey('group l'));
    expect(lookalikeKey('B00T')).toBe(lookalikeKey('boot'));
    expect(lookalikeKey('bIake')).toBe(lookalikeKey('blake')); // capital I drawn as l
    expect(lookalikeKey('Ice')).toBe(lookalikeKey('ice'));
    expect(lookalikeKey('\u13b3idget')).toBe(lookalikeKey('Widget')); // Cherokee Ꮃ
    expect(lookalikeKey('\uab83idget')).toBe(lookalikeKey('widget')); // its lower-case form
    expect(lookalikeKey('ᎪᏴᏟ')).toBe(lookalikeKey('abc'));
    expect(lookalikeKey('|ab')).toBe(lookalikeKey('lab'));
    // Decided: i and l are one letter, so these two are look-alikes (src/schemas/lookalike.ts).
    expect(lookalikeKey('mail')).toBe(lookalikeKey('mall'));
  });

  it('differs for names that read differently', () => {
    expect(lookalikeKey('sensor-1')).not.toBe(lookalikeKey('sensor-2'));
    expect(lookalikeKey('mail')).not.toBe(lookalikeKey('maid'));
    expect(lookalikeKey('a_b')).not.toBe(lookalikeKey('a-b'));
    expect(lookalikeKey('Grüße')).not.toBe(lookalikeKey('Grusse'));
  });

  it('stores a name trimmed and composed', () => {
    expect(canonicalName('  cafe\u0301 ')).toBe('café');
    expect(canonicalName('café').length).toBe(4);
  });
});
