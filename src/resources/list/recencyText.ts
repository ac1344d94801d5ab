/**
 * A `recency` value as a table cell says it (issue 13): how long ago in the largest whole unit,
 * short ('5 min ago', '3 h ago', '2 d ago', 'just now' under a minute), rounded down so it never
 * says more than has passed; 'never' when unset. An instant a little ahead of this clock (the
 * server's and the browser's clocks differ) reads as just now.
 */
import { ownMessages } from '../../messages';
import { relativeTime, type RelativeWords } from '../../formatDate';

const SHORT_WORDS: RelativeWords = {
  justNow: ownMessages.recencyJustNow,
  minutes: ownMessages.recencyMinutes,
  hours: ownMessages.recencyHours,
  days: ownMessages.recencyDays,
};

export function shortRelativeTime(value: string | Date | null | undefined, now: number): string {
  const time = value === null || value === undefined || value === '' ? NaN : new Date(value).getTime();
  if (Number.isNaN(time)) return ownMessages.recencyNever;
  return relativeTime(new Date(time), now, SHORT_WORDS);
}
