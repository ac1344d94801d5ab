/** OpenAPI descriptions of the label downloads (server/labels/routes.ts), listed by server/openapi/special.ts. */
import { LABEL_KEYS } from '../../src/custom/labels';
import { ref, type JsonSchema } from '../openapi/jsonSchema';
import { CSRF_HEADERS, errors, ID_PARAMS, json, type RouteDoc, type ResponseDoc } from '../openapi/routes';
import { SHEET_CAPACITY } from './render';
import { MAX_TEMPLATE_BYTES } from './routes';

const inches = (axis: string) => ({
  type: 'string',
  description: `Moves the label's content ${axis}, in inches (25.4 mm each; may be negative). Anything that is not a number counts as 0.`,
  examples: ['0.1'],
});

const TRANSLATION: JsonSchema = {
  type: 'object',
  properties: { translate_x_in: inches('right'), translate_y_in: inches('down'), r: { type: 'string', description: 'Ignored: makes each URL new to caches.' } },
};

const svg = (what: string, file: string): ResponseDoc => ({
  description: `${what}: \`image/svg+xml\`, \`Content-Disposition: attachment; filename="${file}"\`, \`Cache-Control: no-store\`.`,
  headers: { 'Content-Disposition': { description: `attachment; filename="${file}"`, schema: { type: 'string' } } },
  content: { 'image/svg+xml': { schema: { type: 'string' } } },
});

const NOT_READABLE = { description: 'No such device, or one of a team the caller is not in (the same answer).', content: json(ref('Error')) };
const NO_QR = {
  description: "The device has no QR code yet and the caller is not an admin of its team (an admin's call generates it).",
  content: json(ref('Error')),
};
const QR_RULE =
  "The QR code encodes `{public origin}/qr?id={QR id}`, drawn as vector paths. A device without a QR id gets one when an admin of its team asks (as `POST /api/device_qr_code/{id}` makes it); for a plain member that answers 409.";

const download = (kind: 'model' | 'detailed', summary: string, shows: string, file: string): RouteDoc => ({
  method: 'GET',
  url: `/api/download/${kind}_label/:id`,
  schema: {
    operationId: `download_${kind}_label`,
    summary,
    description: `Members of the device's team. An SVG of 55 mm x 23 mm with ${shows}. ${QR_RULE} See docs/LABELS.md.`,
    tags: ['device'],
    params: ID_PARAMS,
    querystring: TRANSLATION,
    response: { '200': svg(summary.replace(/^Download the /, 'The '), file), ...errors('401'), '404': NOT_READABLE, '409': NO_QR },
  },
});

export const LABEL_ROUTES: RouteDoc[] = [
  download('model', "Download the device's model label", "the type's name and the QR code", 'model-label-{device name}.svg'),
  download(
    'detailed',
    "Download the device's detailed label",
    "the QR code, the device's name, its type's name, its uid (labelled with the type's `name_of_uid`) and its team's name",
    'label-{device name}.svg',
  ),
  {
    method: 'POST',
    url: '/api/download/custom_label/:id',
    schema: {
      operationId: 'download_custom_label',
      summary: "Download the device's label made from a template",
      description:
        "Members of the device's team. `template_str` is a Python `string.Template` (`$key`, `${key}`, `$$` for a `$`) over the keys " +
        `${LABEL_KEYS.map((k) => `\`${k}\``).join(', ')}; every value is XML-escaped except \`qr_svg\` (an \`<svg>\` with a viewBox and no size, to wrap in ` +
        '`<svg x y width height>`). The result must be one well-formed SVG document (root `<svg>` in the SVG namespace); it is rebuilt ' +
        'through allow-lists: scripts, event handlers, foreignObject, style, external references and unknown elements or attributes are removed; ' +
        `a DOCTYPE, an undefined entity or a processing instruction is refused. ${QR_RULE} See docs/LABELS.md.`,
      tags: ['device'],
      headers: CSRF_HEADERS,
      params: ID_PARAMS,
      querystring: TRANSLATION,
      body: {
        type: 'object',
        properties: { template_str: { type: 'string', description: `The template, at most ${MAX_TEMPLATE_BYTES / 1024} KiB (UTF-8).` } },
        required: ['template_str'],
      },
      response: {
        '200': svg('The label', 'custom-label-{device name}.svg'),
        '400': {
          description:
            "'Custom template string cannot be empty.', or what is wrong with the template: an unknown key or a bad `$` (with its line and column), or the XML error of a result that is not a valid SVG.",
          content: json(ref('Error')),
        },
        ...errors('401', '403'),
        '404': NOT_READABLE,
        '409': NO_QR,
        ...errors('413'),
      },
    },
  },
  {
    method: 'POST',
    url: '/api/download/label_sheet',
    schema: {
      operationId: 'download_label_sheet',
      summary: 'Download an A4 sheet of detailed labels',
      description:
        `An SVG of 210 mm x 297 mm with the detailed labels of up to ${SHEET_CAPACITY} devices (3 columns of 12, in the order given, each with its own QR code), ` +
        'all moved by the translation (a number of inches or its text; anything else is 0). Every device must be readable by the caller, else 404 and nothing changes. ' +
        QR_RULE,
      tags: ['device'],
      headers: CSRF_HEADERS,
      body: {
        type: 'object',
        properties: {
          device_ids: { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1, maxItems: SHEET_CAPACITY },
          translate_x_in: { type: ['number', 'string'], description: 'Inches to the right; default 0.' },
          translate_y_in: { type: ['number', 'string'], description: 'Inches down; default 0.' },
        },
        required: ['device_ids'],
      },
      response: {
        '200': svg('The sheet', 'label-sheet.svg'),
        '400': { description: `\`device_ids\` is not a list of 1 to ${SHEET_CAPACITY} device ids.`, content: json(ref('Error')) },
        ...errors('401', '403'),
        '404': { description: 'One of the devices does not exist or is of a team the caller is not in.', content: json(ref('Error')) },
        '409': NO_QR,
      },
    },
  },
];
