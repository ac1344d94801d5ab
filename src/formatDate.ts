import { ownMessages } from './messages';

/** Dates in en-GB format (spec section 1): 22/11/2025, 14:05:09. */
const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'medium' });
// A calendar date ('2024-02-29') reads as midnight UTC: shown in UTC, it keeps its day in every time zone.
const dateOnly = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeZone: 'UTC' });

/** '' for a missing or unreadable value, so that tables show an empty cell rather than 'Invalid Date'. */
export function formatDate(value: string | number | Date | null | undefined, options: { time?: boolean } = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return (options.time === false ? dateOnly : dateTime).format(date);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How relativeTime words each unit: long on an object screen, short in a table cell. */
export interface RelativeWords {
  justNow: string;
  minutes: (n: number) => string;
  hours: (n: number) => string;
  days: (n: number) => string;
}

const LONG_WORDS: RelativeWords = {
  justNow: ownMessages.lessThanAMinuteAgo,
  minutes: ownMessages.minutesAgo,
  hours: ownMessages.hoursAgo,
  days: ownMessages.daysAgo,
};

/**
 * How long ago an instant was, in the largest whole unit ('5 minutes ago', '3 hours ago',
 * '2 days ago'), rounded down so that it never says more than has passed. An instant a little
 * ahead of this clock (the server's and the browser's clocks differ) reads as just now.
 */
export function relativeTime(value: string | Date, now: number = Date.now(), words: RelativeWords = LONG_WORDS): string {
  const elapsed = Math.max(0, now - (value instanceof Date ? value : new Date(value)).getTime());
  if (elapsed < MINUTE) return words.justNow;
  if (elapsed < HOUR) return words.minutes(Math.floor(elapsed / MINUTE));
  if (elapsed < DAY) return words.hours(Math.floor(elapsed / HOUR));
  return words.days(Math.floor(elapsed / DAY));
}
