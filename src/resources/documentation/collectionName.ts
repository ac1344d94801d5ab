/**
 * The default name of a collection made for an object (spec section 3): 'Documentation for
 * {category} {object name} v.{n}', n being the previous collection's number plus 1, a random number
 * up to 1,000,000 when that number cannot be read, and 1 when there was no previous collection.
 */
import { messages } from '../../messages';
import { MAX_NAME } from '../../schemas/fields';

export const RANDOM_VERSION_MAX = 1_000_000;

const randomVersion = () => 1 + Math.floor(Math.random() * RANDOM_VERSION_MAX);

/** The N of a name ending in 'v.N', or undefined. */
export function versionOf(name: string): number | undefined {
  const match = /v\.(\d+)$/.exec(name.trim());
  const n = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(n) ? n : undefined;
}

/** The largest number a collection name may end in: room for it is kept under the name's limit. */
const LONGEST_VERSION = String(Number.MAX_SAFE_INTEGER).length;

/**
 * The spec's name, the object's name cut (ending in '…') where the whole would pass the name's
 * limit, so that an object with a long name still gets its collection.
 */
function collectionName(category: string, objectName: string, n: number | ''): string {
  const room = MAX_NAME - (messages.collectionDefaultName(category, '', 0).length - 1) - LONGEST_VERSION;
  const shown = objectName.length > room ? `${objectName.slice(0, room - 1)}…` : objectName;
  return messages.collectionDefaultName(category, shown, n);
}

export function defaultCollectionName(category: string, objectName: string, previousName?: string, random = randomVersion): string {
  if (previousName === undefined) return collectionName(category, objectName, 1);
  const previous = versionOf(previousName);
  return collectionName(category, objectName, previous === undefined ? random() : previous + 1);
}

/**
 * The object's previous collection among its team's collection names: the latest one named for it
 * (highest readable number; one named for it without a number when none is readable).
 */
export function previousCollectionName(category: string, objectName: string, teamNames: readonly string[]): string | undefined {
  const prefix = collectionName(category, objectName, '');
  const own = teamNames.filter((n) => n.startsWith(prefix));
  const numbered = own.filter((n) => versionOf(n) !== undefined).sort((a, b) => versionOf(b)! - versionOf(a)!);
  return numbered[0] ?? own[0];
}
