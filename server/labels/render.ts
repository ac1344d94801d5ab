/**
 * Labels from templates: the model and detailed labels are built-in templates put through the
 * same parser, substitution and sanitiser as a custom one, so every label the server sends took one road.
 * A label document is 55 mm x 23 mm (or the custom root's size); the translation in inches moves
 * the label's content (a printer's offset), 25.4 mm per inch.
 */
import QRCode from 'qrcode';
import { DEFAULT_LABEL_TEMPLATE, LABEL_HEIGHT_MM, LABEL_KEYS, LABEL_WIDTH_MM, LABELS_PER_SHEET, SHEET_COLUMNS, SHEET_ROWS, type LabelKey } from '../../src/custom/labels';
import { attributesText, sanitizeSvg, SVG_NS, XLINK_NS, type SafeSvg } from './sanitize';
import { parseTemplate, substitute } from './template';

export type LabelValues = Readonly<Record<LabelKey, string>>;

/** The detailed label: the template the console offers as the custom label's default. */
export const DETAILED_LABEL_TEMPLATE = DEFAULT_LABEL_TEMPLATE;

/** The model label: the type's name and the QR code only. */
export const MODEL_LABEL_TEMPLATE = `<svg xmlns="${SVG_NS}" width="${LABEL_WIDTH_MM}mm" height="${LABEL_HEIGHT_MM}mm" viewBox="0 0 ${LABEL_WIDTH_MM} ${LABEL_HEIGHT_MM}">
  <rect width="${LABEL_WIDTH_MM}" height="${LABEL_HEIGHT_MM}" fill="#fff"/>
  <svg x="1" y="1" width="21" height="21">$qr_svg</svg>
  <text x="23.5" y="13" font-family="sans-serif" font-size="3" font-weight="bold">$type_name</text>
</svg>`;

/** Largest label after substitution, in characters: a few hundred QR codes. */
export const MAX_LABEL_CHARS = 2 * 1024 * 1024;

/** QR codes drawn lately, by URL: drawing one costs ~2 ms of CPU (its mask choice) and the public QR info draws one per call. */
const QR_CACHE_SIZE = 1000;
const drawnQr = new Map<string, Promise<string>>();

/** The QR code of `url` as an <svg> with a viewBox and no size (the template's <svg x y width height> places it), drawn as paths. */
export function qrSvg(url: string): Promise<string> {
  const cached = drawnQr.get(url);
  if (cached) {
    // Most recently used last: the first key is the one to forget.
    drawnQr.delete(url);
    drawnQr.set(url, cached);
    return cached;
  }
  const drawn = QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 0 });
  drawnQr.set(url, drawn);
  drawn.catch(() => drawnQr.delete(url));
  if (drawnQr.size > QR_CACHE_SIZE) drawnQr.delete(drawnQr.keys().next().value as string);
  return drawn;
}

/** Characters XML 1.0 cannot hold (controls, lone surrogates, U+FFFE/U+FFFF): a name holding one must not make its label unprintable. */
const NOT_XML = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Values a template can name, on an object without a prototype: only LABEL_KEYS exist on it. */
export function labelValues(source: Readonly<Record<LabelKey, string | number | null | undefined>>): LabelValues {
  const values = Object.create(null) as Record<LabelKey, string>;
  for (const key of LABEL_KEYS) values[key] = String(source[key] ?? '').replace(NOT_XML, '');
  return values;
}

/** The template with the values substituted, parsed and rebuilt (throws LabelTemplateError when refused). */
export const renderLabel = (template: string, values: LabelValues): SafeSvg =>
  sanitizeSvg(substitute(parseTemplate(template), values, MAX_LABEL_CHARS));

/**
 * Our own labels' templates are sanitised once, keys and all ('$' is plain text to XML), and each
 * label only substitutes into the result: values are escaped and qr_svg is the qrcode package's,
 * so nothing the sanitiser would remove can appear, and the public QR info parses nothing per call.
 */
function builtInLabel(template: string): (values: LabelValues) => SafeSvg {
  const { root, content } = sanitizeSvg(template);
  const segments = parseTemplate(content);
  return (values) => ({ root, content: substitute(segments, values, MAX_LABEL_CHARS) });
}

export const detailedLabel = builtInLabel(DETAILED_LABEL_TEMPLATE);
export const modelLabel = builtInLabel(MODEL_LABEL_TEMPLATE);

/** Millimetres of a translation in inches, without float noise (0.1 in is 2.54 mm, not 2.5400000000000005). */
export const inchesToMm = (inches: number) => Number((inches * 25.4).toPrecision(12));

const HEADER = `xmlns="${SVG_NS}" xmlns:xlink="${XLINK_NS}"`;
const withoutPlacement = (root: SafeSvg['root']) => root.filter(([name]) => !['x', 'y', 'width', 'height'].includes(name));

/**
 * A whole label document: an outer <svg> the size of the label's root, holding the label moved
 * by the translation (nested <svg x y> in mm, so the move does not depend on the label's own units).
 */
export function labelDocument(label: SafeSvg, xInches: number, yInches: number): string {
  const size = label.root.filter(([name]) => name === 'width' || name === 'height');
  const placed: [string, string][] = [['x', `${inchesToMm(xInches)}mm`], ['y', `${inchesToMm(yInches)}mm`], ...size, ...withoutPlacement(label.root)];
  return `<svg ${HEADER}${attributesText(size)}><svg${attributesText(placed)}>${label.content}</svg></svg>`;
}

/** A4 portrait, in mm: three columns of twelve labels with their gaps, centred. */
export const SHEET = { width: 210, height: 297, columns: SHEET_COLUMNS, rows: SHEET_ROWS, gapX: 5, gapY: 1 } as const;
export const SHEET_CAPACITY = LABELS_PER_SHEET;

/** Up to SHEET_CAPACITY labels (of LABEL_WIDTH_MM x LABEL_HEIGHT_MM) on one A4 sheet, all moved by the translation. */
export function sheetDocument(labels: readonly SafeSvg[], xInches: number, yInches: number): string {
  const left = (SHEET.width - SHEET.columns * LABEL_WIDTH_MM - (SHEET.columns - 1) * SHEET.gapX) / 2;
  const top = (SHEET.height - SHEET.rows * LABEL_HEIGHT_MM - (SHEET.rows - 1) * SHEET.gapY) / 2;
  const cells = labels.map((label, i) => {
    const x = left + (i % SHEET.columns) * (LABEL_WIDTH_MM + SHEET.gapX);
    const y = top + Math.floor(i / SHEET.columns) * (LABEL_HEIGHT_MM + SHEET.gapY);
    const placed: [string, string][] = [['x', String(x)], ['y', String(y)], ['width', String(LABEL_WIDTH_MM)], ['height', String(LABEL_HEIGHT_MM)], ...withoutPlacement(label.root)];
    return `<svg${attributesText(placed)}>${label.content}</svg>`;
  });
  const move = `translate(${inchesToMm(xInches)} ${inchesToMm(yInches)})`;
  return (
    `<svg ${HEADER} width="${SHEET.width}mm" height="${SHEET.height}mm" viewBox="0 0 ${SHEET.width} ${SHEET.height}">` +
    `<g transform="${move}">${cells.join('')}</g></svg>`
  );
}
