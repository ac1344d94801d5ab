/**
 * The rules under a device's configuration screens: configurations equal as JSON values, the
 * history read newest first with the device's last report and the version last synchronized,
 * and the key-by-key three-way view with its merge.
 */
import { describe, expect, it } from 'vitest';
import { defaultSide, formatConfig, keyRows, mergeKeys, sameConfig } from '../../src/resources/device/configCompare';
import { historyNewestFirst, lastHistoryEntry, lastSynchronizedEntry } from '../../src/resources/device/configHistory';

describe('configurations compared as JSON values', () => {
  it('ignores key order and spacing, not values', () => {
    expect(sameConfig('{"a":1,"b":[1,2]}', '{ "b": [1, 2],\n "a": 1 }')).toBe(true);
    expect(sameConfig('{"a":1}', '{"a":"1"}')).toBe(false);
    expect(sameConfig('{"a":', '{"a":')).toBe(true);
    expect(sameConfig('{"a":', '{"a":1}')).toBe(false);
  });

  it('formats JSON with two spaces and keeps a text that does not parse as it is', () => {
    expect(formatConfig('{"a":{"b":1}}')).toBe('{\n  "a": {\n    "b": 1\n  }\n}');
    expect(formatConfig('not json {')).toBe('not json {');
  });
});

describe('the configuration history', () => {
  const history = [
    { config_id: 1, date: '2026-01-01T10:00:00Z', source: 'user' },
    { config_id: 2, date: '2026-01-02T10:00:00Z', source: 'device' },
    { config_id: 5, date: '2026-01-03T10:00:00Z', source: 'device' },
    { config_id: null, date: '2026-01-04T10:00:00Z', source: 'device' },
  ];

  it('lists the entries newest first, dropping one without a configuration', () => {
    expect(historyNewestFirst(history).map((e) => e.config_id)).toEqual([5, 2, 1]);
    expect(historyNewestFirst(null)).toEqual([]);
  });

  it("takes the device's last report from the last entry and the base from the last sync", () => {
    expect(lastHistoryEntry(history)?.config_id).toBe(5);
    expect(lastSynchronizedEntry(history, '2026-01-02T10:00:00Z')?.config_id).toBe(2);
    expect(lastSynchronizedEntry(history, null)).toBeUndefined();
  });
});

describe('the key-by-key view of a conflict', () => {
  const base = { interval: 60, mode: 'eco', led: true };
  const product = { interval: 30, mode: 'eco', led: true };
  const device = { interval: 60, mode: 'turbo', extra: 1, led: true };

  it('has one row per key of the three versions, marking where product and device differ', () => {
    const rows = keyRows(base, product, device)!;
    expect(rows.map((r) => [r.key, r.differs])).toEqual([
      ['interval', true],
      ['mode', true],
      ['led', false],
      ['extra', true],
    ]);
    expect(rows.find((r) => r.key === 'extra')).toMatchObject({ base: undefined, product: undefined, device: 1 });
  });

  it("starts a key on the device's side only when the device alone changed it", () => {
    const rows = keyRows(base, product, device)!;
    const sides = Object.fromEntries(rows.map((r) => [r.key, defaultSide(r, true)]));
    expect(sides).toEqual({ interval: 'product', mode: 'device', led: 'product', extra: 'device' });
    expect(rows.map((r) => defaultSide(r, false))).toEqual(['product', 'product', 'product', 'product']);
  });

  it('merges each key from its side, a key absent there staying absent', () => {
    const rows = keyRows(base, product, device)!;
    expect(mergeKeys(rows, { interval: 'device', mode: 'device', extra: 'product' })).toEqual({ interval: 60, mode: 'turbo', led: true });
  });

  it('is not offered when a side is not a JSON object', () => {
    expect(keyRows(base, [1, 2], device)).toBeUndefined();
    expect(keyRows(base, product, 'text')).toBeUndefined();
    expect(keyRows('raw', product, device)?.every((r) => r.base === undefined)).toBe(true);
  });
});
