/**
 * A state read from how two reference fields of an object compare (a device's firmware status:
 * its current firmware against its target one, spec section 4): neither set, the same, or not the
 * same. Declared on the category (CategoryDef.comparisons), it is one rule for the console's icon
 * and filter and for the server's list filter (server/crud/listSql.ts) and its index (server/db/ddl.ts).
 */

/** How the two fields stand: the generic names the server's SQL and index use. */
export type Standing = 'neither' | 'same' | 'differ';

export interface Comparison {
  /** The filter's label ('Firmware status'). */
  label: string;
  /** The two fields compared, both references (current, then target). */
  fields: readonly [string, string];
  /** The category's word for each standing, in the order a picker offers them: the API's values. */
  values: Readonly<Record<Standing, string>>;
  /** What a filter shows for each of those values. */
  valueLabels: Readonly<Record<string, string>>;
}

type Id = number | string | null | undefined;

const isSet = (id: Id) => id !== null && id !== undefined && id !== '';

/** How two ids stand; ids arrive as numbers from the API and as text from an address: compared as text. */
export function standing(first: Id, second: Id): Standing {
  if (!isSet(first) && !isSet(second)) return 'neither';
  return isSet(first) && isSet(second) && String(first) === String(second) ? 'same' : 'differ';
}

/** The comparison's values, in the order of STANDINGS. */
export const STANDINGS: readonly Standing[] = ['same', 'differ', 'neither'];

export const comparedValues = (comparison: Comparison): string[] => STANDINGS.map((s) => comparison.values[s]);

/** The standing a value of the comparison names, or undefined for a value it does not have. */
export const standingOf = (comparison: Comparison, value: unknown): Standing | undefined => STANDINGS.find((s) => comparison.values[s] === value);
