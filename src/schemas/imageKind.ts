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
