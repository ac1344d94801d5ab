/**
 * CSV export of a category's table (spec section 7, downloads):
 *
 *   GET /api/download/csv_export/{category}[?type_id=&group_id=][&filter=...&sort=...]
 *
 * Columns: `id`, then the category's exported fields (its list columns and those declared `exported`:
 * fieldSets.exported, never a private field), in declaration order; the header row holds their API keys (`team_id`, not 'Team'), because the
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
import { z } from 'zod';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Category, FieldSpec } from '../../src/schemas/defineCategory';
import { KINDS } from '../../src/schemas/kinds';
import { ownMessages } from '../../src/messages';
import type { Database } from '../db/database';
import type { SessionUser } from '../auth/sessionUser';
import { csvLine } from '../http/csv';
import { requireUser } from '../crud/access';
import { parseFilter, parseSort, plainFilterConditions, plainQueryFields, type Query } from '../crud/listQuery';
import type { Condition, Sort } from '../crud/listSql';
import { comparisonFilterSchemas, plainFilterSchema, type JsonSchema } from '../openapi/jsonSchema';
import { answers, documented, errors } from '../openapi/contract';
import { scanVisible } from '../crud/listPage';
import { resolveSearches } from '../crud/listSearch';
import { NameReader, nameColumns, withNameHeaders } from './csvNames';

/**
 * The file's name says what it holds and when: the category's plural and the server's date (UTC),
 * as `devices-2026-11-27.csv` (letters and digits of the plural kept, any other run a hyphen).
 */
export const csvFilename = (category: Category, now: Date): string =>
  `${category.plural.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}-${now.toISOString().slice(0, 10)}.csv`;

/** The exported columns of a category: id, then its exported fields (its list columns and those declared `exported`). */
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

/**
 * The plain filters beyond the spec's `type_id` and `group_id`: every field a list can be filtered by
 * (server/crud/listQuery.ts, plainQueryFields), with the categories having it (a firmware's tables
 * export `?target_firmware_id=`, the documents table `?doc_type=`).
 */
function plainFilters(categories: readonly Category[], shown: readonly string[]): Record<string, JsonSchema> {
  const having = new Map<string, { field: FieldSpec; keys: string[] }>();
  for (const c of categories) {
    for (const [name, field] of plainQueryFields(c)) {
      if (shown.includes(name)) continue;
      const entry = having.get(name) ?? { field, keys: [] };
      entry.keys.push(c.key);
      having.set(name, entry);
    }
  }
  return Object.fromEntries([...having].map(([name, { field, keys }]) => [name, plainFilterSchema(name, field, `; in ${keys.join(', ')}`)]));
}

function exportSchema(categories: readonly Category[]) {
  const keys = categories.map((c) => c.key);
  return {
    operationId: 'csvExport',
    summary: 'A list as a CSV file',
    description:
      "Columns: `id`, then the category's list columns and exported fields (a device's `current_firmware_id`), each reference followed by the name of the object it names " +
      '(`team_id`, `team_name`; a firmware as `name (version)`); the header row holds their keys. Rows: every object of the ' +
      "caller's teams matching the plain filters (`type_id`, `group_id` and any other field a list filters by, as " +
      "`target_firmware_id`, `doc_type` or a device's age `last_seen=over_day`; an empty value, or 0 for a reference, means all) and the list dialect's `filter`, in its `sort` order. " +
      "RFC 4180 quoting, CRLF line ends; a text cell beginning with `=`, `+`, `-`, `@`, tab or carriage return gets a leading `'`.",
    tags: ['export'],
    // An unknown category is a path that names nothing: 404 with its name (server/http/schemaRefusal.ts).
    params: z.object({ category: z.enum(keys, { error: (issue) => ownMessages.unknownCategory(String(issue.input)) }) }),
    // The list query's parser checks the filters with the spec's messages (server/crud/listQuery.ts).
    querystring: documented({
      type: 'object',
      properties: {
        type_id: { type: 'string', description: 'Only objects of this type (empty or 0: all).' },
        group_id: { type: 'string', description: 'Only objects of this group (empty or 0: all).' },
        ...plainFilters(categories, ['type_id', 'group_id']),
        ...Object.assign({}, ...categories.map((c) => comparisonFilterSchemas(c, `; in ${c.key}`))),
        sort: { type: 'string', description: 'As for a list: JSON `[field, "ASC" | "DESC"]`.' },
        filter: { type: 'string', description: 'As for a list: a JSON object.' },
      },
    }),
    response: answers({
      200: {
        description: 'The file, streamed, with `Content-Disposition: attachment; filename="{plural}-{YYYY-MM-DD}.csv"` (`devices-2026-11-27.csv`, the date in UTC).',
        headers: { 'Content-Disposition': { description: 'attachment; filename="{plural}-{YYYY-MM-DD}.csv"', schema: z.string() } },
        content: { 'text/csv': { schema: z.string() } },
      },
      ...errors('400', '401', '404'),
    }),
  };
}

export const csvExportRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/download/csv_export/:category', { schema: exportSchema(app.registry.categories) }, async (request, reply) => {
    const user = requireUser(request.user);
    const category = app.registry.find(request.params.category)!;
    const query = (request.query ?? {}) as Query;
    const parsed = [...plainFilterConditions(category, query), ...parseFilter(category, query, (key) => app.registry.find(key))];
    const sort = parseSort(category, query);
    const conditions = await resolveSearches(app.db, user, parsed);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${csvFilename(category, new Date())}"`)
      .header('Access-Control-Expose-Headers', 'Content-Disposition')
      .send(Readable.from(csvText(app.db, user, category, conditions, sort, (key) => app.registry.find(key))));
  });
};
