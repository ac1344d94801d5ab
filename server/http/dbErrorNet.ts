/**
 * The error handler's last net for database errors that a client's values cause and that no
 * check before the statement caught: they are the client's fault (400) or a race to retry (409),
 * never a 500. The checks in server/crud/ give the precise messages; this only keeps the status
 * honest when something slips past them.
 */

/** SQLSTATE of an error thrown by pg or PGlite, if any. */
function sqlState(err: unknown): string | undefined {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** Class 22 (data exception: a value out of range, a NUL byte, bad JSON text) and 54001 (nesting too deep). */
export function clientDataError(err: unknown): boolean {
  const code = sqlState(err);
  return code !== undefined && (code.startsWith('22') || code === '54001');
}

/** A deadlock or a serialization failure between two concurrent writes: the loser may try again. */
export function concurrencyError(err: unknown): boolean {
  const code = sqlState(err);
  return code === '40P01' || code === '40001';
}
