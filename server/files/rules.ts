/** The update rule of a category's file fields: an immutable file's hash is fixed once the file is uploaded. */
import type { Category } from '../../src/schemas/defineCategory';
import { ownMessages } from '../../src/messages';
import type { Row } from '../crud/hooks';
import { conflict } from '../http/errors';

/** Before the upload the hash may change (the console hashes a newly chosen file); after it, it names the stored bytes. */
export function checkFileHashKept(category: Category, existing: Row, input: Row): void {
  const file = category.file;
  if (!file?.immutable || existing[file.filename] == null || !(file.hash in input)) return;
  if (input[file.hash] !== existing[file.hash]) throw conflict(ownMessages.fileHashLocked(category.fields[file.hash].label));
}
