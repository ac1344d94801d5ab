/**
 * CSV export of a category's table (spec section 7, downloads):
 *
 *   GET /api/download/csv_export/{category}[?type_id=&group_id=][&filter=...&sort=...]
 *
 * Columns: `id`, then the category's exported fields (its list columns: fieldSets.exported, never a
 * private field), in declaration order; the header row holds their API keys (`team_id`, not 'Team'), because the
 * cells hold API values (a team's id, not its name, an enum's value, not its label) and the keys
 * say exactly that (docs/API.md). Each value is written as its kind says (src/schemas/kinds.ts).
 * Each reference column is followed by the referenced object's name (`team_name`, csvNames.ts).
 * Rows: the objects the caller may see, filtered by the plain `?field=id` filters (an empty
 * value or 0 means all) and by the list dialect's `filter`, in its `sort` order (default id).
 * `range` and the console's cache-busting `r` are ignored: an export is the whole list.
 *
 * The file is streamed: rows are read in keyset chunks of 1,000 and written as they come, so a
 * 100k-device export never sits whole in memory. The answer's status and headers are sent before
 * the first row, so everything that can be refused (category, filters, sort) is checked first.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { Category } from '../../src/schemas/defineCategory';
import { KINDS } from '../../src/schemas/kinds';
import { ownMessages } from '../../src/messages';
import type { Database } from '../db/database';
import type { SessionUser } from '../auth/sessionUser';
import { notFound } from '../http/errors';
import { csvLine } from '../http/csv';
import { requireUser } from '../crud/access';
import { parseFilter, parseSort, plainFilterConditions, type Query } from '../crud/listQuery';
import type { Condition, Sort } from '../crud/listSql';
import { scanVisible } from '../crud/listPage';
import { NameReader, nameColumns, withNameHeaders } from './csvNames';

/** The exported columns of a category: id, then its list columns. */
export const csvColumns = (category: Category): string[] => ['id', ...category.fieldSets.exported];

/**
 * The cells of one row, each value as its kind writes it (KINDS[kind].csv: an enum by its value,
 * JSON compact, dates ISO 8601). A number stays a number, so that csvCell does not take a
 * negative one for a formula.
 */
export function csvValues(category: Category, columns: readonly string[], row: Readonly<Record<string, unknown>>): unknown[] {
  return columns.map((c) => {
    const value = row[c];
    const field = category.fields[c];
    return field === undefined || typeof value === 'number' ? value : KINDS[field.kind].csv(value);
  });
}

async function* csvText(
  db: Database,
  user: SessionUser,
  category: Category,
  conditions: Condition[],
  sort: Sort,
  find: (key: string) => Category | undefined,
): AsyncGenerator<string> {
  const columns = csvColumns(category);
  const names = nameColumns(category, columns, find);
  const header = withNameHeaders(columns, names);
  const reader = new NameReader(db, user, names);
  yield csvLine(header);
  for await (const rows of scanVisible(db, user, category, columns, conditions, sort)) {
    await reader.read(rows);
    yield rows
      .map((row) => {
        const values = csvValues(category, columns, row);
        return csvLine(columns.flatMap((c, i) => [values[i], ...names.filter((n) => n.of === c).map((n) => reader.name(n, row))]));
      })
      .join('');
  }
}

export const csvExportRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { category: string } }>('/api/download/csv_export/:category', async (request, reply) => {
    const user = requireUser(request.user);
    const category = app.registry.find(request.params.category);
    if (!category) throw notFound(ownMessages.unknownCategory(request.params.category));
    const query = (request.query ?? {}) as Query;
    const conditions = [...plainFilterConditions(category, query), ...parseFilter(category, query)];
    const sort = parseSort(category, query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${category.key}.csv"`)
      .header('Access-Control-Expose-Headers', 'Content-Disposition')
      .send(Readable.from(csvText(app.db, user, category, conditions, sort, (key) => app.registry.find(key))));
  });
};
