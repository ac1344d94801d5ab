/**
 * The Audit page's date filters mean the days its table shows: the browser's own days (formatDate
 * shows an entry's time in the browser's time zone), as a date and time input of the console means
 * the browser's time (src/resources/inputs/DateTextBox.tsx). The server reads a date alone as a
 * UTC day, so the page sends the instants that begin and end the browser's day instead: without it,
 * an entry shown on 29/11 was not found by the filter 29/11 east or west of UTC.
 */
import { isCalendarDate } from '../../schemas/kinds';

/** The instant (ISO 8601) the browser's day `date` ('YYYY-MM-DD') begins, `days` later; anything else as it is (the server says what is wrong). */
function dayStart(date: string, days: number): string {
  if (!isCalendarDate(date)) return date;
  const [year, month, day] = date.split('-').map(Number);
  const start = new Date(year, month - 1, day + days);
  // Years 0 to 99: Date's constructor reads them as 1900 to 1999.
  start.setFullYear(year, month - 1, day + days);
  return start.toISOString();
}

/** The filter as GET /api/audit takes it: `from` the start of its day, `to` (excluded) the start of the day after. */
export function withBrowserDays(filter: Record<string, string>): Record<string, string> {
  const sent = { ...filter };
  if (sent.from) sent.from = dayStart(sent.from, 0);
  if (sent.to) sent.to = dayStart(sent.to, 1);
  return sent;
}
