/**
 * How recently something happened (a device's last contact), for a datetime field declared
 * `recency`: the ages a list is filtered by (the table's 'Last seen' filter and the CSV export's
 * `?last_seen=`, compared by the server with the database's clock) and the status a table shows
 * beside the value (green within an hour, amber within a day, grey older or never). One definition
 * for both sides, so the filter and the dot agree on what 'within a day' means.
 */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/**
 * The filter values, in the order the picker offers them: seen within the span (`within`), seen
 * but not within it (`notWithin`), or never (the value is unset). 'over_day' leaves out the
 * never-seen objects, which have their own value, as the home page counts them apart.
 */
export const RECENCY_FILTERS = {
  hour: { within: '1 hour' },
  day: { within: '1 day' },
  week: { within: '7 days' },
  over_day: { notWithin: '1 day' },
  never: {},
} as const satisfies Record<string, { within?: string; notWithin?: string }>;

export type RecencyFilter = keyof typeof RECENCY_FILTERS;
export const RECENCY_VALUES = Object.keys(RECENCY_FILTERS) as RecencyFilter[];

export const isRecencyFilter = (value: unknown): value is RecencyFilter => typeof value === 'string' && Object.hasOwn(RECENCY_FILTERS, value);

export type RecencyStatus = 'hour' | 'day' | 'older' | 'never';

/** The status of an instant at `now`: within an hour, within a day, older, or never (unset or unreadable). */
export function recencyStatus(value: string | Date | null | undefined, now: number): RecencyStatus {
  const time = value === null || value === undefined || value === '' ? NaN : new Date(value).getTime();
  if (Number.isNaN(time)) return 'never';
  const age = now - time;
  if (age <= HOUR_MS) return 'hour';
  if (age <= DAY_MS) return 'day';
  return 'older';
}
