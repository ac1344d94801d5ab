/**
 * A list's search through references (a device found by its firmware's name, fieldSets.searchedRefs):
 * the objects so named are read first, among those of the caller's teams, and the search then matches
 * their ids. A subquery in the search's OR hides from the planner how many rows it matches: on 20,000
 * devices it scanned them all (112 ms a count); with the ids it reads each arm through its index (12 ms).
 * The kept counts stay right: renaming a firmware changes the ids, so the count's key.
 */
import type { SessionUser } from '../auth/sessionUser';
import type { Queryable } from '../db/database';
import { visibleWhere } from './access';
import { likePattern, type Condition, type SearchedIds, type SearchedRef } from './listSql';
import { ident, SqlParams } from './sql';

async function idsNamed(db: Queryable, user: SessionUser, ref: SearchedRef, text: string): Promise<SearchedIds> {
  const params = new SqlParams();
  const pattern = params.add(likePattern(text));
  const sql = `SELECT "r"."id" FROM ${ident(ref.target.key)} AS "r" WHERE ${visibleWhere(ref.target, user, 'r', params)} AND "r".${ident(ref.name)} ILIKE ${pattern}`;
  const { rows } = await db.query<{ id: number }>(sql, params.values);
  return { column: ref.column, ids: rows.map((r) => r.id) };
}

/** The conditions with every search through references resolved into ids. */
export async function resolveSearches(db: Queryable, user: SessionUser, conditions: readonly Condition[]): Promise<Condition[]> {
  return Promise.all(
    conditions.map(async (c) => {
      if (c.kind !== 'search' || !c.through?.length) return c;
      const refs = await Promise.all(c.through.map((ref) => idsNamed(db, user, ref, c.text)));
      return { ...c, through: undefined, refs };
    }),
  );
}
