/**
 * File names: what an upload's name becomes when stored (a base name, never a path), and how a
 * download names it (RFC 6266), so that src/dataProvider/download.ts reads back the same name.
 */

export const MAX_FILENAME = 255;

// C0 and C1 controls, and the bidirectional overrides that make a name read other than it is.
const UNSAFE = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu;

/**
 * Browsers send a file name's '"', CR and LF as %22, %0D and %0A (the WHATWG multipart/form-data
 * encoding): decoded, so that 'fw"2".bin' is stored as chosen, not as 'fw%222%22.bin' (a name
 * really holding '%22' reads the same on the wire, and is taken as the browser's escape too).
 */
const formDataEscapes = (name: string) => name.replace(/%(22|0d|0a)/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The base name of an uploaded file's name (either kind of path separator), without control characters, trimmed, capped. */
export function storedFilename(raw: string | undefined, fallback: string): string {
  const base = formDataEscapes(raw ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = [...base.replace(UNSAFE, '').trim()].slice(0, MAX_FILENAME).join('').trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? fallback : cleaned;
}

/** RFC 5987 attr-chars stay; everything else percent-encoded as UTF-8. */
const encodeExtended = (name: string) => encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `attachment; filename="..."` (or `inline`, shown in the page) with an ASCII fallback, plus `filename*=UTF-8''...` when the name is
 * not plain ASCII or holds a '%' and two hex digits, which some browsers (Chromium) decode in
 * `filename` (RFC 6266 appendix D): '100%41.bin' would be saved as '100A.bin'.
 */
export function contentDisposition(name: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/%(?=[0-9a-f]{2})/gi, '_');
  const quoted = ascii.replace(/["\\]/g, '\\$&');
  const header = `${disposition}; filename="${quoted}"`;
  return ascii === name ? header : `${header}; filename*=UTF-8''${encodeExtended(name)}`;
}
