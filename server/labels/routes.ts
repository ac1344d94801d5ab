/**
 * Label downloads (spec sections 2, 5 and 7; docs/LABELS.md), reads for members of the device's
 * team (anyone else gets the 404 of an unknown id):
 *
 *   GET  /api/download/model_label/:id      the type's name and the QR code
 *   GET  /api/download/detailed_label/:id   name, type, uid (under the type's name_of_uid), team, QR code
 *   POST /api/download/custom_label/:id     {template_str}: the caller's template
 *   POST /api/download/label_sheet          {device_ids, translate_x_in?, translate_y_in?}: one A4 sheet
 *
 * The first three take ?translate_x_in=&translate_y_in= (inches; anything not a number is 0).
 * A label needs the device's QR id: reading a label never makes one (409 until an admin generates
 * it on the device form), so that looking at a device changes nothing. The sheet, a POST that
 * prints many devices at once, gives the ones without a QR id a new one when the caller is a team
 * admin (as POST /api/device_qr_code would).
 */
import { z } from 'zod';
import { audit, type AuditEntry } from '../audit/record';
import type { Row } from '../crud/hooks';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isTemplateEmpty, LABEL_KEYS, translationInches } from '../../src/custom/labels';
import { idValue } from '../../src/schemas/kinds';
import { ownMessages, messages } from '../../src/messages';
import { isTeamAdmin, type SessionUser } from '../auth/sessionUser';
import { notFoundError, requireUser } from '../crud/access';
import { selectVisible } from '../crud/read';
import { ApiError } from '../http/errors';
import { answers, describedAs, error, errors, ID_PARAMS, jsonBody, optionalBody, text, type ResponseDoc } from '../openapi/contract';
import { contentDisposition } from '../files/names';
import { newQrId } from '../qr/routes';
import { publicOrigin } from '../http/publicOrigin';
import { LABEL_COLUMNS, LABEL_JOINS, valuesOf, type LabelRow } from './data';
import { detailedLabel, labelDocument, modelLabel, renderLabel, SHEET_CAPACITY, sheetDocument, type LabelValues } from './render';
import type { SafeSvg } from './sanitize';
import { LabelTemplateError } from './template';

/** Largest custom template, in UTF-8 bytes. */
export const MAX_TEMPLATE_BYTES = 64 * 1024;

type Labelled = LabelRow & { qr_code_id: string };

/** A translation given as a query or body value: a number or its text; anything else is 0. */
const inchesOf = (value: unknown) => translationInches(typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);

/** A file name without path separators, controls or bidirectional overrides. */
const fileName = (prefix: string, name: string | null) => `${prefix}-${(name ?? '').replace(/[\p{Cc}\p{Cf}/\\]/gu, '_')}.svg`;

function sendSvg(reply: FastifyReply, file: string, svg: string) {
  return reply
    .header('Content-Type', 'image/svg+xml; charset=utf-8')
    .header('Content-Disposition', contentDisposition(file))
    .header('Cache-Control', 'no-store')
    .header('Access-Control-Expose-Headers', 'Content-Disposition')
    .send(svg);
}

/** A refused template answers 400 with what is wrong; anything else is not ours to explain. */
function templateErrors<T>(render: () => T): T {
  try {
    return render();
  } catch (err) {
    if (err instanceof LabelTemplateError) throw new ApiError(400, err.message);
    throw err;
  }
}

/** A translation: a number of inches or its text; anything else is 0 (the handler reads it so). */
const inches = (axis: string, types: string | string[]) =>
  describedAs(
    { type: types, description: `Moves the label's content ${axis}, in inches (25.4 mm each; may be negative). Anything that is not a number counts as 0.`, examples: ['0.1'] },
    z.unknown(),
  ).optional();

const TRANSLATION = z.looseObject({
  translate_x_in: inches('right', 'string'),
  translate_y_in: inches('down', 'string'),
  r: describedAs({ type: 'string', description: 'Ignored: makes each URL new to caches.' }, z.unknown()).optional(),
});

const svg = (what: string, file: string): ResponseDoc => ({
  description: `${what}: \`image/svg+xml\`, \`Content-Disposition: attachment; filename="${file}"\`, \`Cache-Control: no-store\`.`,
  headers: { 'Content-Disposition': { description: `attachment; filename="${file}"`, schema: z.string() } },
  content: text('image/svg+xml'),
});

const NOT_READABLE = error('No such device, or one of a team the caller is not in (the same answer).');
const NO_QR = error("The device has no QR code yet and the caller is not an admin of its team (an admin's call generates it).");
const QR_RULE =
  "The QR code encodes `{public origin}/qr?id={QR id}`, drawn as vector paths. A device without a QR id gets one when an admin of its team asks (as `POST /api/device_qr_code/{id}` makes it); for a plain member that answers 409.";

const downloadSchema = (kind: 'model' | 'detailed', summary: string, shows: string, file: string) => ({
  operationId: `download_${kind}_label`,
  summary,
  description: `Members of the device's team. An SVG of 55 mm x 23 mm with ${shows}. ${QR_RULE} See docs/LABELS.md.`,
  tags: ['device'],
  params: ID_PARAMS,
  querystring: TRANSLATION,
  response: answers({ 200: svg(summary.replace(/^Download the /, 'The '), file), ...errors('400', '401'), 404: NOT_READABLE, 409: NO_QR }),
});

const TEMPLATE = z
  .string({ error: (issue) => (issue.input == null ? messages.customTemplateEmpty : ownMessages.labelTemplateNotText) })
  .refine((template) => !isTemplateEmpty(template), { error: messages.customTemplateEmpty })
  .describe(`The template, at most ${MAX_TEMPLATE_BYTES / 1024} KiB (UTF-8).`);

const CUSTOM_SCHEMA = {
  operationId: 'download_custom_label',
  summary: "Download the device's label made from a template",
  description:
    "Members of the device's team. `template_str` is a Python `string.Template` (`$key`, `${key}`, `$$` for a `$`) over the keys " +
    `${LABEL_KEYS.map((k) => `\`${k}\``).join(', ')}; every value is XML-escaped except \`qr_svg\` (an \`<svg>\` with a viewBox and no size, to wrap in ` +
    '`<svg x y width height>`). The result must be one well-formed SVG document (root `<svg>` in the SVG namespace); it is rebuilt ' +
    'through allow-lists: scripts, event handlers, foreignObject, style, external references and unknown elements or attributes are removed; ' +
    `a DOCTYPE, an undefined entity or a processing instruction is refused. ${QR_RULE} See docs/LABELS.md.`,
  tags: ['device'],
  params: ID_PARAMS,
  querystring: TRANSLATION,
  body: optionalBody(jsonBody({ template_str: TEMPLATE }, { loose: true })),
  response: answers({
    200: svg('The label', 'custom-label-{device name}.svg'),
    400: error(
      "'Custom template string cannot be empty.', or what is wrong with the template: an unknown key or a bad `$` (with its line and column), or the XML error of a result that is not a valid SVG.",
    ),
    ...errors('401', '403'),
    404: NOT_READABLE,
    409: NO_QR,
    ...errors('413'),
  }),
};

const SHEET_IDS_WRONG = ownMessages.labelSheetIds(SHEET_CAPACITY);
const SHEET_SCHEMA = {
  operationId: 'download_label_sheet',
  summary: 'Download an A4 sheet of detailed labels',
  description:
    `An SVG of 210 mm x 297 mm with the detailed labels of up to ${SHEET_CAPACITY} devices (3 columns of 12, in the order given, each with its own QR code), ` +
    'all moved by the translation (a number of inches or its text; anything else is 0). Every device must be readable by the caller, else 404 and nothing changes. ' +
    QR_RULE,
  tags: ['device'],
  body: optionalBody(
    jsonBody(
      {
        device_ids: z
          .array(idValue(SHEET_IDS_WRONG), {
            error: SHEET_IDS_WRONG,
          })
          .min(1, { error: SHEET_IDS_WRONG })
          .max(SHEET_CAPACITY, { error: SHEET_IDS_WRONG }),
        translate_x_in: inches('right', ['number', 'string']),
        translate_y_in: inches('down', ['number', 'string']),
      },
      { loose: true },
    ),
  ),
  response: answers({
    200: svg('The sheet', 'label-sheet.svg'),
    400: error(`\`device_ids\` is not a list of 1 to ${SHEET_CAPACITY} device ids.`),
    ...errors('401', '403'),
    404: error('One of the devices does not exist or is of a team the caller is not in.'),
    409: NO_QR,
  }),
};

export const labelRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const device = app.registry.get('device');

  /** The label rows of the devices (in the order given), each with its QR id; 404 when one is not readable, changing nothing. */
  async function labelled(user: SessionUser, ids: readonly number[], makeMissingQr: boolean): Promise<Labelled[]> {
    const visible = await selectVisible(app.db, user, device, ['team_id', 'qr_code_id'], (p) => [`"t"."id" = ANY(${p.add([...ids])}::int[])`]);
    if (visible.length !== new Set(ids).size) throw notFoundError();
    const missing = visible.filter((row) => row.qr_code_id == null);
    if (missing.some((row) => !makeMissingQr || !isTeamAdmin(user, Number(row.team_id)))) throw new ApiError(409, ownMessages.labelNoQrCode);
    if (missing.length > 0) {
      await app.db.transaction(async (tx) => {
        const made: AuditEntry[] = [];
        for (const row of missing) {
          // Only where still none: a QR id made meanwhile by another call is kept, not replaced.
          const { rows } = await tx.query<Row>('UPDATE "device" SET "qr_code_id" = $1 WHERE "id" = $2 AND "qr_code_id" IS NULL RETURNING "id", "name", "team_id"', [newQrId(), row.id]);
          if (rows[0]) made.push({ by: user, action: 'generate_qr_code', category: device.key, id: row.id as number, name: rows[0].name as string, team: rows[0].team_id as number, changes: { qr_code_id: { secret: true } } });
        }
        await audit(tx, made);
      });
    }
    const { rows } = await app.db.query<LabelRow>(`SELECT ${LABEL_COLUMNS} FROM "device" d ${LABEL_JOINS} WHERE d."id" = ANY($1::int[])`, [[...ids]]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => {
      const row = byId.get(id);
      if (!row?.qr_code_id) throw notFoundError(); // deleted meanwhile
      return row as Labelled;
    });
  }

  type Render = (values: LabelValues) => SafeSvg;
  const render = async (request: FastifyRequest, row: Labelled, label: Render) => label(await valuesOf(row, publicOrigin(app.config, request)));

  type Query = { translate_x_in?: unknown; translate_y_in?: unknown };
  const download = async (request: FastifyRequest, id: number, query: Query, reply: FastifyReply, prefix: string, label: Render) => {
    const [row] = await labelled(requireUser(request.user), [id], false);
    return sendSvg(reply, fileName(prefix, row.name), labelDocument(await render(request, row, label), inchesOf(query.translate_x_in), inchesOf(query.translate_y_in)));
  };

  const MODEL_SCHEMA = downloadSchema('model', "Download the device's model label", "the type's name and the QR code", 'model-label-{device name}.svg');
  const DETAILED_SCHEMA = downloadSchema(
    'detailed',
    "Download the device's detailed label",
    "the QR code, the device's name, its type's name, its uid (labelled with the type's `name_of_uid`) and its team's name",
    'label-{device name}.svg',
  );
  app.get('/api/download/model_label/:id', { schema: MODEL_SCHEMA }, (request, reply) => download(request, request.params.id, request.query, reply, 'model-label', modelLabel));
  app.get('/api/download/detailed_label/:id', { schema: DETAILED_SCHEMA }, (request, reply) => download(request, request.params.id, request.query, reply, 'label', detailedLabel));

  // Drawn from a posted template, changing nothing: a read-only API token may ask (server/auth/plugin.ts).
  app.post('/api/download/custom_label/:id', { config: { reads: true }, schema: CUSTOM_SCHEMA }, async (request, reply) => {
    const template = request.body.template_str;
    if (Buffer.byteLength(template) > MAX_TEMPLATE_BYTES) throw new ApiError(413, ownMessages.labelTemplateTooLarge(MAX_TEMPLATE_BYTES));
    return download(request, request.params.id, request.query, reply, 'custom-label', (values) => templateErrors(() => renderLabel(template, values)));
  });

  app.post('/api/download/label_sheet', { schema: SHEET_SCHEMA }, async (request, reply) => {
    const user = requireUser(request.user);
    const { device_ids: ids, translate_x_in: x, translate_y_in: y } = request.body;
    const rows = await labelled(user, ids, true);
    const labels = await Promise.all(rows.map((row) => render(request, row, detailedLabel)));
    // A sheet of labels is printed to be stuck on devices: who printed which is worth knowing (one statement).
    await audit(app.db, rows.map((row) => ({ by: user, action: 'print_label_sheet', category: device.key, id: row.id, name: row.name, team: row.team_id })));
    return sendSvg(reply, 'label-sheet.svg', sheetDocument(labels, inchesOf(x), inchesOf(y)));
  });
};
