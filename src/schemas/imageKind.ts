/**
 * What an uploaded image is, read from its first bytes (never from its name or the type the browser
 * claims): only the raster formats every browser shows and that run no script. SVG is refused,
 * since an SVG opened from our origin could run script. One rule for the console (before the
 * upload) and the server (on the stored bytes).
 */
export const IMAGE_TYPES = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' } as const;
export type ImageKind = keyof typeof IMAGE_TYPES;

/** How many leading bytes imageKind needs. */
export const IMAGE_SNIFF_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export function imageKind(bytes: Uint8Array): ImageKind | undefined {
  if (startsWith(bytes, [0x89, ...ascii('PNG'), 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return undefined;
}

/** A base64 data URL: its declared media type and the first bytes of its content, or undefined for anything else (javascript:, https:, percent-encoded data). */
const DATA_URL = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/i;

export function dataUrlImage(text: string): { mediaType: string; kind: ImageKind | undefined } | undefined {
  const m = DATA_URL.exec(text);
  if (!m || m[2].length % 4 !== 0) return undefined;
  // Base64 to bytes: 16 characters are 12 bytes, all imageKind reads.
  const head = atob(m[2].slice(0, Math.ceil(IMAGE_SNIFF_BYTES / 3) * 4));
  const bytes = Uint8Array.from(head, (c) => c.charCodeAt(0));
  return { mediaType: m[1].toLowerCase(), kind: imageKind(bytes) };
}
