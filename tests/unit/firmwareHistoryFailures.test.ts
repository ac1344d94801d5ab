/**
 * A device's firmware history as the console reads it (src/resources/device/firmwareHistory.ts): an
 * entry of a failed update (issue 30) is told apart from one of a firmware the device began to run,
 * with the device's message, and an entry without one still reads as a failure.
 */
import { describe, expect, it } from 'vitest';
import { historyNewestFirst } from '../../src/resources/device/firmwareHistory';
import { ownMessages } from '../../src/messages';

describe('historyNewestFirst with failures', () => {
  it('keeps a failure and its message; a plain entry has none', () => {
    const entries = historyNewestFirst([
      { date: '2026-01-01T00:00:00Z', firmware_id: 1 },
      { date: '2026-01-02T00:00:00Z', firmware_id: 2, state: 'failed', message: 'flash write error' },
      { date: '2026-01-03T00:00:00Z', firmware_id: 2, state: 'failed' },
    ]);
    expect(entries).toEqual([
      { date: '2026-01-03T00:00:00Z', firmware_id: 2, failure: null },
      { date: '2026-01-02T00:00:00Z', firmware_id: 2, failure: 'flash write error' },
      { date: '2026-01-01T00:00:00Z', firmware_id: 1 },
    ]);
    expect(ownMessages.updateFailedEntry('flash write error')).toBe('update failed: flash write error');
    expect(ownMessages.updateFailedEntry(null)).toBe('update failed');
  });
});
