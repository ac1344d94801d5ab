/**
 * Deleting a type with content (spec section 4): its devices, then its groups, then its
 * firmwares, then the type itself, one call at a time. Devices go first because they point at
 * groups and firmwares, groups before firmwares because they point at a target firmware.
 * The first failure stops everything: what is left stays consistent and on screen.
 */
import type { Identifier, RaRecord } from 'react-admin';

/** The type's lists in the full form, in deletion order; each key is also the category key. */
export const CONTENT_ORDER = ['device', 'devices_group', 'firmware'] as const;

export interface DeletionStep {
  category: string;
  id: Identifier;
  name: string;
}

const listOf = (record: RaRecord, key: string): { id: Identifier; name?: unknown }[] => {
  const list = record[key];
  return Array.isArray(list) ? list.filter((item) => item && item.id !== undefined && item.id !== null) : [];
};

/** How many devices, groups and firmwares the record's full form lists. */
export function contentCount(record: RaRecord): number {
  return CONTENT_ORDER.reduce((n, key) => n + listOf(record, key).length, 0);
}

/** Every deletion, in order, ending with the type (category `typeKey`) itself. */
export function cascadeSteps(typeKey: string, record: RaRecord): DeletionStep[] {
  const content = CONTENT_ORDER.flatMap((key) =>
    listOf(record, key).map((item) => ({ category: key, id: item.id, name: String(item.name ?? '') })),
  );
  return [...content, { category: typeKey, id: record.id, name: String(record.name ?? '') }];
}

export type SequenceResult =
  | { ok: true; done: number }
  | { ok: false; done: number; failed: DeletionStep; error: unknown };

/**
 * Runs the deletions one after another. `onProgress(n, total)` is told before the n-th (1-based)
 * starts. Returns at the first failure without trying anything after it.
 */
export async function deleteSequentially(
  steps: readonly DeletionStep[],
  remove: (step: DeletionStep) => Promise<unknown>,
  onProgress: (n: number, total: number) => void = () => {},
): Promise<SequenceResult> {
  for (let i = 0; i < steps.length; i++) {
    onProgress(i + 1, steps.length);
    try {
      await remove(steps[i]);
    } catch (error) {
      return { ok: false, done: i, failed: steps[i], error };
    }
  }
  return { ok: true, done: steps.length };
}
