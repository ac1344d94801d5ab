/**
 * A `recency` value as a table cell says it (issue 13): how long ago in the largest whole unit,
 * short ('5 min ago', '3 h ago', '2 d ago', 'just now' under a minute), rounded down so it never
 * says more than has passed; 'never' when unset. An instant a little ahead of this clock (the
 * server's and the browser's clocks differ) reads as just now.
 */
import { ownMessages } from '../../messages';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function shortRelativeTime(value: string | Date | null | undefined, now: number): string {
  const time = value === null || value === undefined || value === '' ? NaN : new Date(value).getTime();
  if (Number.isNaN(time)) return ownMessages.recencyNever;
  const elapsed = Math.max(0, now - time);
  if (elapsed < MINUTE) return ownMessages.recencyJustNow;
  if (elapsed < HOUR) return ownMessages.recencyMinutes(Math.floor(elapsed / MINUTE));
  if (elapsed < DAY) return ownMessages.recencyHours(Math.floor(elapsed / HOUR));
  return ownMessages.recencyDays(Math.floor(elapsed / DAY));
}
