/**
 * A list asked for without a range (GET /api/{cat}, GET /api/full/{cat}, the spec's pickers and
 * 'existing names') answers at most `config.maxList` objects (PUCS_MAX_LIST), so that one call
 * cannot hold a 100,000-device list in the server's memory and time. The answer says when it is
 * cut: its Content-Range (`device 0-9999/100000`) tells the total, as the ranged pages' does (a
 * json_list answer has one only then). The CSV export streams and is not cut.
 */
import type { Category } from '../../src/schemas/defineCategory';
import type { SessionUser } from '../auth/sessionUser';
import type { Condition } from './listSql';
import type { Page } from './listPage';
import type { ReadStore } from './read';
import type { Row } from './hooks';
import { countVisible } from './listCounts';

/**
 * The first `cap` objects `read` finds (it is given a limit one above: a row beyond tells the cut),
 * with their total: counted with the same conditions only when cut, else their number.
 */
export async function cappedList(
  { db, counts }: ReadStore,
  user: SessionUser,
  category: Category,
  conditions: readonly Condition[],
  cap: number,
  read: (limit: number) => Promise<Row[]>,
): Promise<Page> {
  const rows = await read(cap + 1);
  if (rows.length <= cap) return { rows, start: 0, total: rows.length };
  return { rows: rows.slice(0, cap), start: 0, total: await countVisible(db, counts, category, user, conditions) };
}
