/**
 * A device's firmware update history as the device reports it (firmware_history: entries
 * { date, firmware_id }, and { date, firmware_id, state: 'failed', message } for an update that
 * failed), newest first whatever order it was stored in. Pure, for unit tests.
 */
export interface HistoryEntry {
  date: string;
  firmware_id: number;
  /** Set on a failed update: the device's message, or null when it gave none. */
  failure?: string | null;
}

const time = (entry: HistoryEntry) => {
  const t = new Date(entry.date).getTime();
  return Number.isNaN(t) ? -Infinity : t;
};

/** A failed update's message (null: none given); nothing for an entry of a firmware the device began to run. */
const failureOf = ({ state, message }: { state?: unknown; message?: unknown }) =>
  state === 'failed' ? { failure: typeof message === 'string' ? message : null } : {};

/** Entries without a firmware id are dropped: the value is the device's, not checked by a schema. */
export function historyNewestFirst(value: unknown): HistoryEntry[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((e): e is HistoryEntry => typeof e === 'object' && e !== null && (typeof e.firmware_id === 'number' || typeof e.firmware_id === 'string'))
    .map((e) => ({
      date: String(e.date ?? ''),
      firmware_id: Number(e.firmware_id),
      ...failureOf(e as { state?: unknown; message?: unknown }),
    }))
    .sort((a, b) => time(b) - time(a));
}

/** Each firmware once, for one getMany call. */
export const historyFirmwareIds = (entries: readonly HistoryEntry[]): number[] => [...new Set(entries.map((e) => e.firmware_id))];
