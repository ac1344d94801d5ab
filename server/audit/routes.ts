/**
 * The audit log, read only (query.ts says who reads what):
 *
 *   GET /api/audit             a page of entries: JSON array and Content-Range `audit 0-24/319`
 *   GET /api/download/audit    the same entries (every page) as CSV, streamed
 *
 * No route writes, changes or deletes an entry: PUT, POST and DELETE on these addresses answer
 * 404 like any unknown route. Entries are written by audit() (record.ts) in the transaction of
 * the change they record, and removed only by the retention (retention.ts), started here.
 */
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../db/database';
import { requireUser } from '../crud/access';
import { MAX_PAGE, type Query } from '../crud/listQuery';
import { SqlParams } from '../crud/sql';
import { csvLine } from '../http/csv';
import { answers, errors, json, objectId, text } from '../openapi/contract';
import { AUDIT_TABLE } from './tables';
import { AUDIT_FILTERS, auditWhere, ENTRY_COLUMNS, parseAuditQuery, readableTeams, type AuditQuery } from './query';
import { startAuditRetention } from './retention';

const QUERY = z.looseObject({
  filter: z
    .string()
    .optional()
    .describe(
      `JSON object of any of ${Object.keys(AUDIT_FILTERS).map((k) => `\`${k}\``).join(', ')}: ids, a category key, an action, ` +
        'and `from` (included) and `to` (excluded; a date alone: the end of that day, UTC) as ISO 8601 dates or times.',
    ),
  sort: z.string().optional().describe('JSON `["at" or "id", "ASC" | "DESC"]`; default newest first.'),
  range: z.string().optional().describe(`JSON \`[first, last]\`, inclusive, at most ${MAX_PAGE} entries; default the first 25.`),
});

const CHANGE = z.union([z.object({ before: z.unknown(), after: z.unknown() }), z.object({ secret: z.literal(true) })]);

const ENTRY = z.object({
  id: z.number().int(),
  at: z.string().describe('When (ISO 8601).'),
  user_id: objectId.nullable().describe('Who: the user, or null for a device or nobody signed in (a failed sign-in of an unknown name, the first start, `npm run user`).'),
  username: z.string().nullable().describe('Their username when the entry was written.'),
  token_id: objectId.nullable().describe('The API token the user called with, if any.'),
  device_id: objectId.nullable().describe('The device that made the change, if a device did.'),
  team_id: objectId.nullable().describe("The object's team (a move is recorded in both teams); null: server administrators only."),
  category: z.string().describe('The category key of the object (`device`, `role`, ...), or what else it is.'),
  object_id: objectId.nullable(),
  object_name: z.string().nullable().describe('Its name when the entry was written.'),
  action: z.string().describe('`create`, `update`, `delete`, `delete_with_content`, `claim`, `sign_in`, `sign_in_failed`; what a change did to other objects: `follow` (a group\'s new target firmware), `prune` (custom fields its type dropped), `clear_reference` (a reference to a deleted object), `copy_for_move`, ...'),
  changes: z.record(z.string(), CHANGE).nullable().describe('The fields changed, before and after; a secret field only `{"secret": true}`; values over 500 characters cut.'),
});

const FIRST_PAGE = { start: 0, end: 24 };
const CSV_CHUNK = 1000;
const CSV_COLUMNS = ['id', 'at', 'user_id', 'username', 'token_id', 'device_id', 'team_id', 'category', 'object_id', 'object_name', 'action', 'changes'];

type Entry = Record<string, unknown>;

/** The table's id, not the answer's (ENTRY_COLUMNS' float8 `id`, which no index orders: a sort of every entry of an `at`). */
const order = (descending: boolean) => (descending ? `at DESC, ${AUDIT_TABLE}.id DESC` : `at, ${AUDIT_TABLE}.id`);

/**
 * Entries are counted up to COUNT_MAX: a page's total beyond it says '*' (unknown), since counting a
 * team's year of entries would cost more than reading the page (a filter narrows it to a count again).
 */
export const COUNT_MAX = 1000;

async function readPage(db: Database, teams: number[] | 'all', parsed: AuditQuery): Promise<{ rows: Entry[]; total: number | '*'; start: number }> {
  const range = parsed.range ?? FIRST_PAGE;
  const params = new SqlParams();
  const where = auditWhere(teams, parsed.filter, params);
  if (where === null) return { rows: [], total: 0, start: range.start };
  const [{ rows }, { rows: counted }] = await Promise.all([
    db.query<Entry>(
      `SELECT ${ENTRY_COLUMNS} FROM ${AUDIT_TABLE} WHERE ${where} ORDER BY ${order(parsed.descending)} LIMIT ${range.end - range.start + 1} OFFSET ${range.start}`,
      params.values,
    ),
    db.query<{ n: number }>(`SELECT count(*)::float8 AS n FROM (SELECT 1 FROM ${AUDIT_TABLE} WHERE ${where} LIMIT ${COUNT_MAX + 1}) AS counted`, params.values),
  ]);
  return { rows, total: counted[0].n > COUNT_MAX ? '*' : counted[0].n, start: range.start };
}

/** Every matching entry as CSV lines, read CSV_CHUNK at a time after the last one read (the `at` key as the database's exact text). */
async function* csvLines(db: Database, teams: number[] | 'all', parsed: AuditQuery): AsyncGenerator<string> {
  yield csvLine(CSV_COLUMNS);
  let after: { at: string; id: number } | undefined;
  for (;;) {
    const params = new SqlParams();
    const where = auditWhere(teams, parsed.filter, params);
    if (where === null) return;
    const keyset = after ? ` AND (at, id) ${parsed.descending ? '<' : '>'} (${params.add(after.at)}::timestamptz, ${params.add(after.id)})` : '';
    const { rows } = await db.query<Entry>(
      `SELECT ${ENTRY_COLUMNS}, at::text AS at_key FROM ${AUDIT_TABLE} WHERE ${where}${keyset} ORDER BY ${order(parsed.descending)} LIMIT ${CSV_CHUNK}`,
      params.values,
    );
    for (const row of rows) yield csvLine(CSV_COLUMNS.map((c) => row[c]));
    if (rows.length < CSV_CHUNK) return;
    const last = rows[rows.length - 1];
    after = { at: last.at_key as string, id: last.id as number };
  }
}

export const auditRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const retention = startAuditRetention(app.db, app.config.auditDays, (message) => app.log.error(message));
  app.addHook('onClose', async () => retention.stop());

  const who =
    'Server administrators read every entry; a team admin the entries of the teams they administer (a filter naming another team matches nothing); ' +
    'anyone else is refused (403). Entries older than `PUCS_AUDIT_DAYS` days (default 365) are removed.';

  app.get(
    '/api/audit',
    {
      schema: {
        operationId: 'listAudit',
        summary: 'Audit log entries',
        description: `Who changed what, newest first. ${who}`,
        tags: ['audit'],
        querystring: QUERY,
        response: answers({
          200: {
            description: 'A page of entries.',
            headers: {
              'Content-Range': {
                description: `\`audit {first}-{last}/{total}\` (\`audit */{total}\` for an empty page); the total is \`*\` when more than ${COUNT_MAX.toLocaleString('en-GB')} entries match.`,
                schema: z.string(),
              },
            },
            content: json(z.array(ENTRY)),
          },
          ...errors('400', '401'),
          403: { description: 'The caller administers no team and is not a server administrator.' },
        }),
      },
    },
    async (request, reply) => {
      const user = requireUser(request.user);
      const teams = readableTeams(user);
      const page = await readPage(app.db, teams, parseAuditQuery(request.query as Query));
      const span = page.rows.length === 0 ? '*' : `${page.start}-${page.start + page.rows.length - 1}`;
      void reply.header('Content-Range', `audit ${span}/${page.total}`).header('Access-Control-Expose-Headers', 'Content-Range');
      return page.rows;
    },
  );

  app.get(
    '/api/download/audit',
    {
      schema: {
        operationId: 'exportAudit',
        summary: 'Audit log entries as CSV',
        description: `The entries of the same filter and order as \`GET /api/audit\`, all of them (\`range\` ignored), streamed. ${who}`,
        tags: ['audit'],
        querystring: QUERY,
        response: answers({
          200: { description: `CSV with the header row \`${CSV_COLUMNS.join(',')}\`; \`changes\` as JSON.`, content: text('text/csv') },
          ...errors('400', '401'),
          403: { description: 'The caller administers no team and is not a server administrator.' },
        }),
      },
    },
    async (request, reply) => {
      const user = requireUser(request.user);
      const teams = readableTeams(user);
      const parsed = parseAuditQuery(request.query as Query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="audit-${day}.csv"`)
        .send(Readable.from(csvLines(app.db, teams, parsed)));
    },
  );
};
