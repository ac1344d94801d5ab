/**
 * CSV text of RFC 4180 (CRLF line ends; a cell holding a quote, comma, CR or LF is quoted, its
 * quotes doubled), made safe to open in a spreadsheet: a text cell beginning with = + - @ tab
 * or CR would be read as a formula (OWASP "CSV injection"), so it gets a leading single quote,
 * which spreadsheets show as text. Numbers are left alone: -3 is a number, not a formula.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  if (typeof value !== 'number' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (values: readonly unknown[]) => `${values.map(csvCell).join(',')}\r\n`;
