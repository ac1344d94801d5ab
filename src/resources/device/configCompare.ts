/**
 * A device's configurations compared as JSON values (key order ignored, as the server compares
 * them), and the per-key three-way view of a conflict: last synchronized, product, device. Pure,
 * so that every rule is unit-tested without a screen.
 */
import { sameJson } from '../../schemas/sameJson';

/** A configuration text's JSON value, or undefined when it does not parse. */
export function parseConfig(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** The text as the form shows it: formatted JSON, or the raw text when it does not parse. */
export function formatConfig(text: string): string {
  const parsed = parseConfig(text);
  return parsed ? JSON.stringify(parsed.value, null, 2) : text;
}

/** Two configuration texts hold the same JSON value (or are the same text when one does not parse). */
export function sameConfig(a: string, b: string): boolean {
  if (a === b) return true;
  const pa = parseConfig(a);
  const pb = parseConfig(b);
  return pa !== undefined && pb !== undefined && sameJson(pa.value, pb.value);
}

type JsonObject = Record<string, unknown>;

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One top-level key of the three versions; `undefined` where a version has no such key. */
export interface KeyRow {
  key: string;
  base: unknown;
  product: unknown;
  device: unknown;
  /** Product and device hold different values for it. */
  differs: boolean;
}

export type Side = 'product' | 'device';

/**
 * The keys of the three versions, in the order they first appear (product, device, base), or
 * undefined when the product's or the device's version is not a JSON object: keys are then meaningless.
 * The base (last synchronized) may be missing or not an object: its column is then empty.
 */
export function keyRows(base: unknown, product: unknown, device: unknown): KeyRow[] | undefined {
  if (!isObject(product) || !isObject(device)) return undefined;
  const b = isObject(base) ? base : {};
  const keys = [...new Set([...Object.keys(product), ...Object.keys(device), ...Object.keys(b)])];
  return keys.map((key) => ({
    key,
    base: b[key],
    product: product[key],
    device: device[key],
    differs: !sameJson(product[key], device[key]),
  }));
}

/** The side a key starts on: the device's when only the device changed it since the last sync, else the product's. */
export function defaultSide(row: KeyRow, hasBase: boolean): Side {
  const productKept = hasBase && sameJson(row.product, row.base);
  return row.differs && productKept ? 'device' : 'product';
}

/** The configuration made of each key taken from its chosen side (a key absent there stays absent). */
export function mergeKeys(rows: readonly KeyRow[], choices: Readonly<Record<string, Side>>): JsonObject {
  const merged: JsonObject = {};
  for (const row of rows) {
    const value = row[choices[row.key] ?? 'product'];
    if (value !== undefined) merged[row.key] = value;
  }
  return merged;
}

/** A value in one cell of the three-way view. */
export const cellText = (value: unknown): string | undefined => (value === undefined ? undefined : JSON.stringify(value));
