/**
 * Structural equality of JSON values, shared by the console (what changed in a form) and the
 * server (whether a write moves an object to another definer): one meaning of "the same value".
 */
type Json = Record<string, unknown>;

/** Structural equality for JSON values (custom fields, provisioning, lists of ids); an undefined key is an absent one. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  }
  const ka = Object.keys(a as Json).filter((k) => (a as Json)[k] !== undefined);
  const kb = Object.keys(b as Json).filter((k) => (b as Json)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => sameJson((a as Json)[k], (b as Json)[k]));
}
