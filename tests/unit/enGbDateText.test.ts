/**
 * Dates typed and shown in en-GB (spec section 1: "Dates are shown in en-GB format") whatever the
 * browser's locale: DD/MM/YYYY for a date, DD/MM/YYYY HH:MM for a date and time in the browser's
 * time zone; the value the form sends stays ISO 8601 as the server takes it.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';

// A zone with a summer time: 29/03/2026 01:30 does not exist there (the clocks jump from 01:00 to 02:00).
const zoneBefore = vi.hoisted(() => {
  const before = process.env.TZ;
  process.env.TZ = 'Europe/London';
  return before;
});
// The files of a worker share its process (vitest.config.ts, unit-logic): the next ones get its zone back.
afterAll(() => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

import { maskDateText, readDateText, showDateText } from '../../src/resources/inputs/enGbDateText';

describe('a date in en-GB', () => {
  it('shows the ISO day as DD/MM/YYYY, and nothing for no value', () => {
    expect(showDateText('2026-02-03', 'date')).toBe('03/02/2026');
    expect(showDateText('0099-12-31', 'date')).toBe('31/12/0099');
    expect(showDateText(null, 'date')).toBe('');
    expect(showDateText('', 'date')).toBe('');
  });

  it('reads DD/MM/YYYY (one-digit day and month too) as the ISO day; empty is null', () => {
    expect(readDateText('03/02/2026', 'date')).toEqual({ value: '2026-02-03' });
    expect(readDateText(' 3/2/2026 ', 'date')).toEqual({ value: '2026-02-03' });
    expect(readDateText('31/12/0099', 'date')).toEqual({ value: '0099-12-31' });
    expect(readDateText('', 'date')).toEqual({ value: null });
    expect(readDateText('  ', 'date')).toEqual({ value: null });
  });

  it('refuses a day that does not exist, naming it so', () => {
    expect(readDateText('31/02/2026', 'date')).toEqual({ problem: 'noSuchDate' });
    expect(readDateText('31/04/2026', 'date')).toEqual({ problem: 'noSuchDate' });
    expect(readDateText('00/01/2026', 'date')).toEqual({ problem: 'noSuchDate' });
    expect(readDateText('01/13/2026', 'date')).toEqual({ problem: 'noSuchDate' });
    expect(readDateText('01/01/0000', 'date')).toEqual({ problem: 'noSuchDate' });
  });

  it('knows leap years: 29/02 in 2024 and 2000, not in 2026 nor 1900', () => {
    expect(readDateText('29/02/2024', 'date')).toEqual({ value: '2024-02-29' });
    expect(readDateText('29/02/2000', 'date')).toEqual({ value: '2000-02-29' });
    expect(readDateText('29/02/2026', 'date')).toEqual({ problem: 'noSuchDate' });
    expect(readDateText('29/02/1900', 'date')).toEqual({ problem: 'noSuchDate' });
  });

  it('refuses what is not DD/MM/YYYY (the US order is not guessed, ISO and short years are refused)', () => {
    for (const text of ['2026-02-03', '03/02/26', '03-02-2026x', '3 Feb 2026', '03/02', '03/02/2026 10:00', '1/2/3/2026']) {
      expect(readDateText(text, 'date'), text).toEqual({ problem: 'form' });
    }
  });
});

describe('a date and time in en-GB, in the browser time zone', () => {
  it('shows the instant as DD/MM/YYYY HH:MM here, with the seconds when it has some', () => {
    expect(showDateText('2026-01-15T09:05:00.000Z', 'datetime')).toBe('15/01/2026 09:05');
    // Summer time: one hour ahead of UTC.
    expect(showDateText('2026-07-15T23:30:00Z', 'datetime')).toBe('16/07/2026 00:30');
    expect(showDateText('2025-11-22T14:05:09Z', 'datetime')).toBe('22/11/2025 14:05:09');
    expect(showDateText(null, 'datetime')).toBe('');
  });

  it('reads DD/MM/YYYY HH:MM (optional seconds, the comma of the tables) as UTC ISO 8601', () => {
    expect(readDateText('15/01/2026 09:05', 'datetime')).toEqual({ value: '2026-01-15T09:05:00.000Z' });
    expect(readDateText('16/07/2026 00:30', 'datetime')).toEqual({ value: '2026-07-15T23:30:00.000Z' });
    expect(readDateText('22/11/2025, 14:05:09', 'datetime')).toEqual({ value: '2025-11-22T14:05:09.000Z' });
    expect(readDateText('1/2/2026 7:00', 'datetime')).toEqual({ value: '2026-02-01T07:00:00.000Z' });
    expect(readDateText('29/02/2024 23:59', 'datetime')).toEqual({ value: '2024-02-29T23:59:00.000Z' });
    expect(readDateText('', 'datetime')).toEqual({ value: null });
  });

  it('shows what it reads back the same', () => {
    for (const text of ['15/01/2026 09:05', '16/07/2026 00:30', '22/11/2025 14:05:09', '31/12/0099 12:00']) {
      const read = readDateText(text, 'datetime');
      expect('value' in read && showDateText(read.value, 'datetime'), text).toBe(text);
    }
  });

  it('refuses an impossible day, an impossible time, and a time the clocks skip here', () => {
    expect(readDateText('31/02/2026 10:00', 'datetime')).toEqual({ problem: 'noSuchDate' });
    expect(readDateText('29/02/2026 10:00', 'datetime')).toEqual({ problem: 'noSuchDate' });
    expect(readDateText('15/01/2026 24:00', 'datetime')).toEqual({ problem: 'noSuchDate' });
    expect(readDateText('15/01/2026 10:60', 'datetime')).toEqual({ problem: 'noSuchDate' });
    expect(readDateText('15/01/2026 10:00:60', 'datetime')).toEqual({ problem: 'noSuchDate' });
    expect(readDateText('29/03/2026 01:30', 'datetime')).toEqual({ problem: 'noSuchDate' });
  });

  it('refuses a date without its time, and what is not DD/MM/YYYY HH:MM', () => {
    for (const text of ['15/01/2026', '2026-01-15T09:05', '15/01/2026 9', '15/01/2026 09:5', '15/01/26 09:05']) {
      expect(readDateText(text, 'datetime'), text).toEqual({ problem: 'form' });
    }
  });
});

describe('the mask: digits alone make the en-GB form (a phone keypad has no /)', () => {
  it('puts the separators in as the digits come', () => {
    const typed = (digits: string, kind: 'date' | 'datetime') => [...digits].reduce((text, d) => maskDateText(text + d, kind), '');
    expect(typed('31', 'date')).toBe('31/');
    expect(typed('3102', 'date')).toBe('31/02/');
    expect(typed('31022026', 'date')).toBe('31/02/2026');
    expect(typed('310220261', 'date')).toBe('31/02/2026');
    expect(typed('31022026', 'datetime')).toBe('31/02/2026 ');
    expect(typed('310220261405', 'datetime')).toBe('31/02/2026 14:05');
  });

  it('keeps the separators a user types, and one-digit days and months', () => {
    expect(maskDateText('3/', 'date')).toBe('3/');
    expect(maskDateText('3/2/2026', 'date')).toBe('3/2/2026');
    expect(maskDateText('31//', 'date')).toBe('31/');
    expect(maskDateText('31/02/2026 14:05:', 'datetime')).toBe('31/02/2026 14:05:');
    expect(maskDateText('31/02/2026 14:05:09', 'datetime')).toBe('31/02/2026 14:05:09');
    expect(maskDateText('31.02.2026', 'date')).toBe('31/02/2026');
  });
});
