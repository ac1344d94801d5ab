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
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isTemplateEmpty, translationInches } from '../../src/custom/labels';
import { INT4_MAX } from '../../src/schemas/kinds';
import { ownMessages, messages } from '../../src/messages';
import { isTeamAdmin, type SessionUser } from '../auth/sessionUser';
import { notFoundError, requireUser } from '../crud/access';
import { selectVisible } from '../crud/read';
import { parseId } from '../crud/routes';
import { ApiError } from '../http/errors';
import { contentDisposition } from '../files/names';
import { newQrId, publicOrigin } from '../qr/routes';
import { LABEL_COLUMNS, LABEL_JOINS, valuesOf, type LabelRow } from './data';
import { detailedLabel, labelDocument, modelLabel, renderLabel, SHEET_CAPACITY, sheetDocument, type LabelValues } from './render';
import type { SafeSvg } from './sanitize';
import { LabelTemplateError } from './template';

/** Largest custom template, in UTF-8 bytes. */
export const MAX_TEMPLATE_BYTES = 64 * 1024;

type Labelled = LabelRow & { qr_code_id: string };

/** A translation given as a query or body value: a number or its text; anything else is 0. */
const inches = (value: unknown) => translationInches(typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);

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

export const labelRoutes: FastifyPluginAsync = async (app) => {
  const device = app.registry.get('device');

  /** The label rows of the devices (in the order given), each with its QR id; 404 when one is not readable, changing nothing. */
  async function labelled(user: SessionUser, ids: readonly number[], makeMissingQr: boolean): Promise<Labelled[]> {
    const visible = await selectVisible(app.db, user, device, ['team_id', 'qr_code_id'], (p) => [`"t"."id" = ANY(${p.add([...ids])}::int[])`]);
    if (visible.length !== new Set(ids).size) throw notFoundError();
    const missing = visible.filter((row) => row.qr_code_id == null);
    if (missing.some((row) => !makeMissingQr || !isTeamAdmin(user, Number(row.team_id)))) throw new ApiError(409, ownMessages.labelNoQrCode);
    for (const row of missing) {
      // COALESCE: a QR id made meanwhile by another call is kept, not replaced.
      await app.db.query('UPDATE "device" SET "qr_code_id" = COALESCE("qr_code_id", $1) WHERE "id" = $2', [newQrId(), row.id]);
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

  type Download = { Params: { id: string }; Querystring: Record<string, unknown> };
  const download = async (request: FastifyRequest<Download>, reply: FastifyReply, prefix: string, label: Render) => {
    const [row] = await labelled(requireUser(request.user), [parseId(request.params.id)], false);
    const { translate_x_in: x, translate_y_in: y } = request.query;
    return sendSvg(reply, fileName(prefix, row.name), labelDocument(await render(request, row, label), inches(x), inches(y)));
  };

  app.get<Download>('/api/download/model_label/:id', (request, reply) => download(request, reply, 'model-label', modelLabel));
  app.get<Download>('/api/download/detailed_label/:id', (request, reply) => download(request, reply, 'label', detailedLabel));

  app.post<Download & { Body: unknown }>('/api/download/custom_label/:id', async (request, reply) => {
    const template = (request.body as { template_str?: unknown } | null)?.template_str;
    requireUser(request.user);
    if (template !== undefined && template !== null && typeof template !== 'string') throw new ApiError(400, ownMessages.labelTemplateNotText);
    if (typeof template !== 'string' || isTemplateEmpty(template)) throw new ApiError(400, messages.customTemplateEmpty);
    if (Buffer.byteLength(template) > MAX_TEMPLATE_BYTES) throw new ApiError(413, ownMessages.labelTemplateTooLarge(MAX_TEMPLATE_BYTES));
    return download(request, reply, 'custom-label', (values) => templateErrors(() => renderLabel(template, values)));
  });

  app.post<{ Body: unknown }>('/api/download/label_sheet', async (request, reply) => {
    const user = requireUser(request.user);
    const body = (request.body ?? {}) as { device_ids?: unknown; translate_x_in?: unknown; translate_y_in?: unknown };
    const ids = body.device_ids;
    if (!Array.isArray(ids) || ids.length < 1 || ids.length > SHEET_CAPACITY || !ids.every((id) => Number.isInteger(id) && id > 0 && id <= INT4_MAX)) {
      throw new ApiError(400, ownMessages.labelSheetIds(SHEET_CAPACITY));
    }
    const rows = await labelled(user, ids as number[], true);
    const labels = await Promise.all(rows.map((row) => render(request, row, detailedLabel)));
    return sendSvg(reply, 'label-sheet.svg', sheetDocument(labels, inches(body.translate_x_in), inches(body.translate_y_in)));
  });
};
