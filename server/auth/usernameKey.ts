/**
 * Usernames are one per person to the eye: each user row keeps its name's look-alike key
 * (src/schemas/lookalike.ts: case, 0/o, 1/l and Unicode confusables folded) in the system column
 * `username_key`, whose UNIQUE constraint (src/schemas/user.ts) refuses 'Bob' or 'b0b' beside
 * 'bob'. Every writer of a username sets it (the user hooks, the CLI, the first start's admin).
 *
 * A name is looked up without regard to letter case (sign-in, adding a member by username):
 * the key finds the candidates through its index, and only a name equal but for case matches
 * ('b0b' does not sign in as 'bob').
 *
 * Rows older than the key are given it at the start's migration (backfillUsernameKeys); two old
 * names that already look alike keep working: the older row (lowest id) gets the key, the newer
 * keeps none (NULLs never collide) and is found by its exact spelling until the server
 * administrator renames it.
 */
import type { Queryable } from '../db/database';
import type { Category } from '../../src/schemas/defineCategory';
import { lookalikeKey } from '../../src/schemas/lookalike';
import { isStorableText } from '../../src/schemas/kinds';

export const usernameKey = (username: string): string => lookalikeKey(username);

/** Sets a write's `username_key` when it sets the username (the user hooks). */
export function setUsernameKey(input: Record<string, unknown>): void {
  if (typeof input.username === 'string') input.username_key = usernameKey(input.username);
}

/**
 * The user named `username`, letter case aside (the exact spelling first when several match); undefined for none.
 * `key` is the name's usernameKey when the caller has it already (costly for a long name).
 */
export async function findUserByName<R extends { id: number }>(
  q: Queryable,
  username: string,
  columns: readonly string[] = ['id'],
  key = usernameKey(username),
): Promise<R | undefined> {
  // A name PostgreSQL cannot even compare (a NUL byte) belongs to nobody.
  if (!isStorableText(username)) return undefined;
  const cols = [...new Set(['id', ...columns])].map((c) => `"${c}"`).join(', ');
  const { rows } = await q.query<R>(
    `SELECT ${cols} FROM "user"
      WHERE ("username_key" = $2 OR "username" = $1) AND lower("username") = lower($1)
      ORDER BY ("username" = $1) DESC, "id" LIMIT 1`,
    [username, key],
  );
  return rows[0];
}

/** Whether the registry a migration runs on has the key (a test's fixture registry may have no users). */
export const declaresUsernameKey = (categories: readonly Category[]): boolean =>
  categories.some((c) => c.key === 'user' && Object.hasOwn(c.fields, 'username_key'));

/** Gives every user row without a key its key, unless an older row holds it already; returns the names left without one. */
export async function backfillUsernameKeys(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ id: number; username: string }>(`SELECT "id", "username" FROM "user" WHERE "username_key" IS NULL ORDER BY "id"`);
  if (rows.length === 0) return [];
  const keys = rows.map((r) => usernameKey(r.username));
  const { rows: held } = await q.query<{ username_key: string }>(`SELECT "username_key" FROM "user" WHERE "username_key" = ANY($1::text[])`, [keys]);
  const taken = new Set(held.map((r) => r.username_key));
  const ids: number[] = [];
  const given: string[] = [];
  const left: string[] = [];
  rows.forEach((r, i) => {
    if (taken.has(keys[i])) return void left.push(r.username);
    taken.add(keys[i]);
    ids.push(r.id);
    given.push(keys[i]);
  });
  if (ids.length > 0) {
    await q.query(
      `UPDATE "user" AS "u" SET "username_key" = "k"."key" FROM unnest($1::int[], $2::text[]) AS "k"("id", "key") WHERE "u"."id" = "k"."id"`,
      [ids, given],
    );
  }
  return left;
}
