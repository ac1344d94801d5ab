/**
 * What the server's label routes (server/labels/) and the device form's label panel share (spec
 * section 2, Label panel; section 7; section 9): the label's size, the default custom template,
 * the keys a template may use, and the download addresses. Declared once here for both sides.
 */

export const LABEL_WIDTH_MM = 55;
export const LABEL_HEIGHT_MM = 23;

export type LabelKind = 'model' | 'detailed' | 'custom';

/** An A4 sheet of labels (POST /api/download/label_sheet): three columns of twelve. */
export const SHEET_COLUMNS = 3;
export const SHEET_ROWS = 12;
export const LABELS_PER_SHEET = SHEET_COLUMNS * SHEET_ROWS;

/** Spec section 5: a custom template cannot be empty (the console refuses it before the server would). */
export const isTemplateEmpty = (template: string) => template.trim() === '';

/**
 * The keys a custom template may name ($key or ${key}); docs/LABELS.md describes each. No other
 * key is ever read. qr_svg is an <svg> element made by the server: wrap it in <svg x y width height>
 * to place and size it.
 */
export const LABEL_KEYS = [
  'id',
  'name',
  'uid_for_type',
  'name_of_uid',
  'type_name',
  'team_name',
  'group_name',
  'firmware_name',
  'firmware_version',
  'qr_url',
  'qr_svg',
] as const;
export type LabelKey = (typeof LABEL_KEYS)[number];

/** Spec section 9: the default template is an SVG of 55 mm by 23 mm. */
export const DEFAULT_LABEL_TEMPLATE = `<svg xmlns="http://www.w3.org/2000/svg" width="55mm" height="23mm" viewBox="0 0 55 23">
  <rect width="55" height="23" fill="#fff"/>
  <svg x="1" y="1" width="21" height="21">$qr_svg</svg>
  <text x="23.5" y="6" font-family="sans-serif" font-size="2.3" font-weight="bold">$name</text>
  <text x="23.5" y="10.5" font-family="sans-serif" font-size="2">$type_name</text>
  <text x="23.5" y="15" font-family="sans-serif" font-size="1.9">$name_of_uid: $uid_for_type</text>
  <text x="23.5" y="19.5" font-family="sans-serif" font-size="1.9">$team_name</text>
</svg>`;

/** A decimal number of inches as people type it ('1.25', '-0.1', '.5'): no hex, binary or exponent. */
const INCHES = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** A move of more than this many inches is no printer's offset: it is read as invalid. */
export const MAX_TRANSLATION_INCHES = 100;

/** Spec section 2: an invalid number of inches becomes 0. */
export function translationInches(text: string | null | undefined): number {
  const trimmed = String(text ?? '').trim();
  const value = INCHES.test(trimmed) ? Number(trimmed) : 0;
  return Math.abs(value) <= MAX_TRANSLATION_INCHES ? value : 0;
}

/** The download address of a label, without the /api prefix: '/download/detailed_label/5'. */
export const labelPath = (kind: LabelKind, deviceId: number | string) => `/download/${kind}_label/${deviceId}`;

/** The query of every label download (spec section 7). */
export const labelQuery = (x: number, y: number) => ({ translate_x_in: String(x), translate_y_in: String(y) });
