/**
 * The pieces of a device's firmware status (src/resources/device/, src/formatDate.ts): the spec's
 * three states, how long ago a device was seen, the history's order, and the icon's words
 * (its accessible name and its tooltip).
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ownMessages } from '../../src/messages';
import { relativeTime } from '../../src/formatDate';
import { firmwareStatus } from '../../src/resources/device/firmwareStatus';
import { historyFirmwareIds, historyNewestFirst } from '../../src/resources/device/firmwareHistory';
import { FirmwareStatusIcon } from '../../src/resources/device/FirmwareStatusIcon';

describe('the firmware status rule (spec section 4)', () => {
  it('is none with neither a current nor a target firmware', () => {
    expect(firmwareStatus(null, null)).toBe('none');
    expect(firmwareStatus(undefined, undefined)).toBe('none');
  });

  it('is pending while the current firmware differs from the target, or one of them is missing', () => {
    expect(firmwareStatus(7, 8)).toBe('pending');
    expect(firmwareStatus(null, 8)).toBe('pending');
    expect(firmwareStatus(7, null)).toBe('pending');
  });

  it('is ok when the device runs its target, ids compared whatever their type', () => {
    expect(firmwareStatus(8, 8)).toBe('ok');
    expect(firmwareStatus('8', 8)).toBe('ok');
  });
});

describe('how long ago', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  const ago = (ms: number) => relativeTime(new Date(now - ms).toISOString(), now);

  it('counts whole minutes, hours, then days, never more than has passed', () => {
    expect(ago(59_999)).toBe(ownMessages.lessThanAMinuteAgo);
    expect(ago(60_000)).toBe('1 minute ago');
    expect(ago(5 * 60_000 + 59_000)).toBe('5 minutes ago');
    expect(ago(59 * 60_000 + 59_000)).toBe('59 minutes ago');
    expect(ago(60 * 60_000)).toBe('1 hour ago');
    expect(ago(23 * 3_600_000 + 59 * 60_000)).toBe('23 hours ago');
    expect(ago(24 * 3_600_000)).toBe('1 day ago');
    expect(ago(3 * 24 * 3_600_000 + 5 * 3_600_000)).toBe('3 days ago');
  });

  it('reads an instant slightly ahead of the clock as just now', () => {
    expect(relativeTime(new Date(now + 30_000), now)).toBe(ownMessages.lessThanAMinuteAgo);
  });
});

describe('the firmware update history', () => {
  it('is newest first whatever the stored order, and names each firmware once', () => {
    const stored = [
      { date: '2025-01-10T08:00:00Z', firmware_id: 7 },
      { date: '2026-03-01T08:00:00Z', firmware_id: 8 },
      { date: '2025-06-01T08:00:00Z', firmware_id: 7 },
    ];
    const entries = historyNewestFirst(stored);
    expect(entries.map((e) => e.date)).toEqual(['2026-03-01T08:00:00Z', '2025-06-01T08:00:00Z', '2025-01-10T08:00:00Z']);
    expect(historyFirmwareIds(entries)).toEqual([8, 7]);
  });

  it('is empty for no value, and drops what is not an entry', () => {
    expect(historyNewestFirst(null)).toEqual([]);
    expect(historyNewestFirst([{ date: '2025-01-10T08:00:00Z' }, 'x', null])).toEqual([]);
  });
});

describe('the firmware status icon', () => {
  it.each([
    [null, null, ownMessages.firmwareStatusNone],
    [7, 8, ownMessages.firmwareStatusPending],
    [8, 8, ownMessages.firmwareStatusOk],
  ])('current %s, target %s: named and explained in words', async (currentId, targetId, words) => {
    render(<FirmwareStatusIcon currentId={currentId} targetId={targetId} />);
    const icon = screen.getByRole('img', { name: words });
    fireEvent.mouseOver(icon);
    expect((await screen.findByRole('tooltip')).textContent).toBe(words);
  });
});
