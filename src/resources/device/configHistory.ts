/**
 * A device's configuration history as the server keeps it (config_history: entries
 * { config_id, date, source }, oldest first): the entries to list, the device's last report
 * during a conflict (the last entry) and the version last synchronized (the base of the
 * three-way view). Pure, for unit tests.
 */
export interface ConfigHistoryEntry {
  config_id: number;
  date: string;
  /** Who made the configuration: 'user' or 'device'. */
  source: string;
}

/** Entries without a configuration id are dropped: the stored value is JSON no schema checks. */
export function historyEntries(value: unknown): ConfigHistoryEntry[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null && /^\d+$/.test(String(e.config_id)))
    .map((e) => ({ config_id: Number(e.config_id), date: String(e.date ?? ''), source: String(e.source ?? '') }));
}

/** Newest first: the server appends, so the stored order is the order of events. */
export const historyNewestFirst = (value: unknown): ConfigHistoryEntry[] => historyEntries(value).reverse();

/** The last entry: during a conflict, the configuration the device last reported. */
export function lastHistoryEntry(value: unknown): ConfigHistoryEntry | undefined {
  const entries = historyEntries(value);
  return entries[entries.length - 1];
}

const time = (date: string | null | undefined): number => (date ? new Date(date).getTime() : NaN);

/**
 * The configuration last synchronized: the newest entry not after the last sync (a conflict's
 * entries come later, with no sync), or undefined when the device was never synchronized.
 */
export function lastSynchronizedEntry(value: unknown, lastConfigSync: string | null | undefined): ConfigHistoryEntry | undefined {
  const sync = time(lastConfigSync);
  if (Number.isNaN(sync)) return undefined;
  return historyNewestFirst(value).find((e) => time(e.date) <= sync);
}
