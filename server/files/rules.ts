/**
 * The update rules of a category's file fields: an immutable file's hash is fixed once the file is
 * uploaded, and an object whose file must be an image (FileSpec.image) cannot become one while
 * its stored file is not (a File document turned Image would then serve any bytes inline).
 */
import { takesImage, type Category } from '../../src/schemas/defineCategory';
import { ownMessages } from '../../src/messages';
import type { Row } from '../crud/hooks';
import { badRequest, conflict } from '../http/errors';

/** Before the upload the hash may change (the console hashes a newly chosen file); after it, it names the stored bytes. */
export function checkFileHashKept(category: Category, existing: Row, input: Row): void {
  const file = category.file;
  if (!file?.immutable || existing[file.filename] == null || !(file.hash in input)) return;
  if (input[file.hash] !== existing[file.hash]) throw conflict(ownMessages.fileHashLocked(category.fields[file.hash].label));
}

/** `isImage` reads the stored file of a hash (server/files/routes.ts); it is only asked when the object turns into an image holder. */
export async function checkImageKept(category: Category, existing: Row, input: Row, isImage: (hash: string) => Promise<boolean>): Promise<void> {
  const file = category.file;
  const hash = file ? existing[file.hash] : undefined;
  if (!file || existing[file.filename] == null || typeof hash !== 'string') return;
  if (takesImage(file, existing) || !takesImage(file, { ...existing, ...input })) return;
  if (!(await isImage(hash))) throw badRequest(ownMessages.imageNotSupported);
}
