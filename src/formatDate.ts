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
