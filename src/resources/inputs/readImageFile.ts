import { ownMessages } from '../../messages';

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
  if (dataUrl.length > maxLength) return { error: ownMessages.iconTooLarge(Math.floor((maxLength * 3) / 4 / 1000)) };
  return { dataUrl };
}
