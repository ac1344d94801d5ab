/**
 * Named statements on PGlite (Queryable's `prepared`): PGlite binds every statement unnamed, so
 * PostgreSQL plans it anew each time, and a page of a big list costs more to plan than to read
 * (issue 28: 7.8 ms planned each time, 1.9 ms from a kept plan, on 100,000 devices). A named
 * statement is prepared once in PGlite's one session and executed with its parameters written in.
 *
 * Its plan is the generic one (plan_cache_mode): PostgreSQL's own choice keeps planning a page anew,
 * since a generic plan's estimate of LIMIT $n looks dearer than the custom plan of a 25-row page,
 * though it is the same plan. Set for the EXECUTE alone, in the same implicit transaction, which an
 * error rolls back with the setting: every other statement keeps PostgreSQL's choice.
 *
 * Parameters are written in as literals: integers (ids, limits, offsets), null, arrays of integers,
 * and texts as escape strings (E'...') with their quotes and backslashes doubled, so a device's
 * check-in keeps its plans too (issue 28: its read 12 ms planned each time, 1 ms from a kept plan).
 * An escape string reads the same whatever standard_conforming_strings says (a PostgreSQL server may
 * have it off, where a plain literal's backslash escapes its closing quote and a text could end it and
 * run SQL). Anything else (a text with a NUL, which no literal holds) runs unnamed.
 */
import type { PGlite } from '@electric-sql/pglite';
import { ident } from '../crud/sql';

export type PreparedRun = <T>(sql: string, params: unknown[], name: string) => Promise<{ rows: T[] } | undefined>;

/** A parameter as an SQL literal, or undefined when it is of a kind not written in. */
export function literal(p: unknown): string | undefined {
  if (p === null || p === undefined) return 'NULL';
  if (Number.isSafeInteger(p)) return String(p);
  if (typeof p === 'string' && !p.includes('\0')) return `E'${p.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
  if (Array.isArray(p) && p.every((v) => Number.isSafeInteger(v))) return `'{${p.join(',')}}'`;
  return undefined;
}

export function pglitePrepared(pg: PGlite): PreparedRun {
  const prepared = new Map<string, string>();
  return async <T>(sql: string, params: unknown[], name: string) => {
    const literals = params.map(literal);
    if (!literals.every((l) => l !== undefined)) return undefined;
    const known = prepared.get(name);
    if (known !== undefined && known !== sql) throw new Error(`Statement ${name} prepared with another text.`);
    if (known === undefined) {
      await pg.exec(`PREPARE ${ident(name)} AS ${sql}`);
      prepared.set(name, sql);
    }
    const args = literals.length > 0 ? `(${literals.join(', ')})` : '';
    const results = await pg.exec(`SET plan_cache_mode = force_generic_plan; EXECUTE ${ident(name)}${args}; RESET plan_cache_mode`);
    return { rows: results[1].rows as T[] };
  };
}
