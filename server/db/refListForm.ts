/**
 * Reference lists in the one stored form, [{"id": n}] (spec section 7): earlier versions stored a
 * list as sent, bare ids ([1, 2]) or both forms mixed. Each start rewrites such lists in place,
 * keeping their order; a list already in the form is not touched, so a second start changes nothing.
 */
import type { Queryable } from './database';
import type { Category } from '../../src/schemas/defineCategory';
import { ident } from '../crud/sql';
import { storedFields } from './ddl';

/** Rewrites every list of `categories` holding a bare id; returns how many rows changed. */
export async function rewriteBareRefLists(tx: Queryable, categories: readonly Category[]): Promise<number> {
  let rewritten = 0;
  for (const category of categories) {
    for (const [name, field] of storedFields(category)) {
      if (field.kind !== 'refList') continue;
      const L = ident(name);
      const { rows } = await tx.query<{ n: number }>(
        `WITH "old" AS (UPDATE ${ident(category.key)} SET ${L} = (
            SELECT jsonb_agg(CASE WHEN jsonb_typeof("e") = 'number' THEN jsonb_build_object('id', "e") ELSE "e" END ORDER BY "i")
              FROM jsonb_array_elements(${L}) WITH ORDINALITY AS "x"("e", "i"))
          WHERE jsonb_typeof(${L}) = 'array' AND ${L} @? '$[*] ? (@.type() == "number")' RETURNING 1)
         SELECT count(*)::int AS "n" FROM "old"`,
      );
      rewritten += rows[0]?.n ?? 0;
    }
  }
  return rewritten;
}
