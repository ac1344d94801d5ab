/**
 * How a table says when a device was last seen (issue 13 item 4): the short relative time, the
 * status dot's colour class, and the 'Last seen' filter's choices and the search box's name.
 */
import { describe, expect, it } from 'vitest';
import { shortRelativeTime } from '../../src/resources/list/recencyText';
import { recencyStatus, RECENCY_VALUES } from '../../src/schemas/recency';
import { filterFields, searchLabel } from '../../src/resources/list/filterFields';
import { mustGetCategory } from '../../src/schemas';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('short relative time', () => {
  it('says how long ago in the largest whole unit, rounded down', () => {
    expect(shortRelativeTime(ago(59_000), NOW)).toBe('just now');
    expect(shortRelativeTime(ago(MIN), NOW)).toBe('1 min ago');
    expect(shortRelativeTime(ago(59 * MIN + 59_000), NOW)).toBe('59 min ago');
    expect(shortRelativeTime(ago(3 * HOUR + 59 * MIN), NOW)).toBe('3 h ago');
    expect(shortRelativeTime(ago(DAY - 1), NOW)).toBe('23 h ago');
    expect(shortRelativeTime(ago(DAY), NOW)).toBe('1 d ago');
    expect(shortRelativeTime(ago(45 * DAY), NOW)).toBe('45 d ago');
  });

  it("says 'never' without a value, and just now for an instant ahead of this clock", () => {
    expect(shortRelativeTime(null, NOW)).toBe('never');
    expect(shortRelativeTime(undefined, NOW)).toBe('never');
    expect(shortRelativeTime('', NOW)).toBe('never');
    expect(shortRelativeTime('not a date', NOW)).toBe('never');
    expect(shortRelativeTime(ago(-5 * MIN), NOW)).toBe('just now');
  });
});

describe('recency status', () => {
  it('is green within an hour, amber within a day, grey older or never (the filter bounds, inclusive)', () => {
    expect(recencyStatus(ago(HOUR), NOW)).toBe('hour');
    expect(recencyStatus(ago(HOUR + 1), NOW)).toBe('day');
    expect(recencyStatus(ago(DAY), NOW)).toBe('day');
    expect(recencyStatus(ago(DAY + 1), NOW)).toBe('older');
    expect(recencyStatus(null, NOW)).toBe('never');
  });
});

describe('devices table filters', () => {
  it("offers 'Last seen' by age, and names the search 'Name or unique ID'", () => {
    const device = mustGetCategory('device');
    const lastSeen = filterFields(device).find((f) => f.name === 'last_seen');
    expect(lastSeen?.label).toBe('Last seen');
    expect(lastSeen?.options?.map((o) => o.value)).toEqual(RECENCY_VALUES);
    expect(lastSeen?.options?.map((o) => o.label)).toEqual([
      'Seen in the last hour',
      'Seen in the last day',
      'Seen in the last 7 days',
      'Not seen for more than a day',
      'Never seen',
    ]);
    expect(searchLabel([device])).toBe('Name or unique ID');
    expect(searchLabel([mustGetCategory('firmware')])).toBe('Name');
  });
});
