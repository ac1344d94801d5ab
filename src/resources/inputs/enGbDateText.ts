/**
 * Dates as the console shows them (spec section 1: en-GB), typed the same way whatever the
 * browser's locale: DD/MM/YYYY for a date, DD/MM/YYYY HH:MM for a date and time in the browser's
 * time zone. The value the form holds and sends stays as the server takes it: 'YYYY-MM-DD' for a
 * date, UTC ISO 8601 for a date and time.
 */
import { isCalendarDate } from '../../schemas/kinds';

export type DateTextKind = 'date' | 'datetime';

/** What a typed text means: a value (null for nothing typed), or why it is none. */
export type DateTextRead = { value: string | null } | { problem: 'form' | 'noSuchDate' };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The text a value shows: the ISO day as DD/MM/YYYY, an instant as DD/MM/YYYY HH:MM here (with :SS when it has seconds). */
export function showDateText(value: unknown, kind: DateTextKind): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value !== 'string') return String(value);
  if (kind === 'date') {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    return day ? `${day[3]}/${day[2]}/${day[1]}` : value;
  }
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return value;
  const seconds = at.getSeconds() === 0 ? '' : `:${pad(at.getSeconds())}`;
  return `${pad(at.getDate())}/${pad(at.getMonth() + 1)}/${pad(at.getFullYear(), 4)} ${pad(at.getHours())}:${pad(at.getMinutes())}${seconds}`;
}

const DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
// The comma is how the console's tables show a date and time (formatDate): pasted from one, it reads.
const DATE_TIME = /^(\d{1,2})\/(\d{1,2})\/(\d{4}),?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/** The value a typed text means; the US order or ISO is not guessed: only DD/MM/YYYY (and HH:MM) reads. */
export function readDateText(text: string, kind: DateTextKind): DateTextRead {
  const typed = text.trim();
  if (typed === '') return { value: null };
  const parts = (kind === 'date' ? DATE : DATE_TIME).exec(typed);
  if (!parts) return { problem: 'form' };
  const [day, month, year, hours = 0, minutes = 0, seconds = 0] = parts.slice(1).map((p) => (p === undefined ? 0 : Number(p)));
  const iso = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  if (!isCalendarDate(iso)) return { problem: 'noSuchDate' };
  if (kind === 'date') return { value: iso };
  if (hours > 23 || minutes > 59 || seconds > 59) return { problem: 'noSuchDate' };
  const at = new Date(2000, 0, 1);
  // setFullYear, not the constructor: the latter reads years 0 to 99 as 1900 to 1999.
  at.setFullYear(year, month - 1, day);
  at.setHours(hours, minutes, seconds, 0);
  // A time the clocks skip here (the hour a summer time begins) comes out as another one.
  if (at.getHours() !== hours || at.getMinutes() !== minutes || at.getDate() !== day) return { problem: 'noSuchDate' };
  return { value: at.toISOString() };
}

/** The length of each part (day, month, year, hours, minutes, seconds) and the separator after it. */
const PARTS = [2, 2, 4, 2, 2, 2];
const SEPARATORS = ['/', '/', ' ', ':', ':'];
/** The parts a kind has, and how many of them are followed by a separator put in as soon as they are full. */
const LAYOUT: Record<DateTextKind, { parts: number; filled: number }> = { date: { parts: 3, filled: 2 }, datetime: { parts: 6, filled: 4 } };

/**
 * The text typed so far laid out in the en-GB form: any non-digit separates parts (a '/' typed
 * after a one-digit day keeps it), and the separator after a full part is put in, so that digits
 * alone (a phone's numeric keypad has no '/') make DD/MM/YYYY HH:MM. Digits past the last part drop.
 */
export function maskDateText(text: string, kind: DateTextKind): string {
  const { parts: count, filled } = LAYOUT[kind];
  const groups = text.split(/\D+/);
  const parts = [''];
  groups.forEach((group, g) => {
    for (const digit of group) {
      if (parts[parts.length - 1].length === PARTS[parts.length - 1]) {
        if (parts.length === count) return;
        parts.push('');
      }
      parts[parts.length - 1] += digit;
    }
    // A separator follows this group: it ends a part begun.
    if (g < groups.length - 1 && parts[parts.length - 1] !== '' && parts.length < count) parts.push('');
  });
  const last = parts.length - 1;
  const laidOut = parts.reduce((out, part, i) => (i === 0 ? part : `${out}${SEPARATORS[i - 1]}${part}`), '');
  return parts[last].length === PARTS[last] && last < filled ? laidOut + SEPARATORS[last] : laidOut;
}
