import { ownMessages } from '../../messages';
import { dataUrlImage, IMAGE_TYPES } from '../../schemas/imageKind';

export type ImageReadResult = { dataUrl: string } | { error: string };

/**
 * Reads a small image file into a data URL (icons are stored as data URLs, spec section 3).
 * `maxLength` is the stored value's limit in characters.
 */
export async function readImageFile(file: Blob, maxLength: number): Promise<ImageReadResult> {
  if (!file.type.startsWith('image/')) return { error: ownMessages.iconNotImage };
  // Base64 grows the bytes by 4/3; checking the size first avoids reading a huge file at all.
  if ((file.size * 4) / 3 > maxLength) return { error: ownMessages.iconTooLarge(Math.floor((maxLength * 3) / 4 / 1000)) };
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
    reader.readAsDataURL(file);
  });
  // Only what the server keeps (src/schemas/rules.ts, checkIcon): a raster image by its content,
  // declared as what its bytes say (a .jpg that is a PNG is sent as image/png); never SVG.
  const kind = dataUrlImage(dataUrl)?.kind;
  if (!kind) return { error: ownMessages.iconNotImage };
  const sent = `data:${IMAGE_TYPES[kind]};base64,${dataUrl.slice(dataUrl.indexOf(',') + 1)}`;
  if (sent.length > maxLength) return { error: ownMessages.iconTooLarge(Math.floor((maxLength * 3) / 4 / 1000)) };
  return { dataUrl: sent };
}
