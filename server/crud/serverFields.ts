/**
 * Fields the server fills on create: the owner (spec: 'the owner (author username)') and the
 * creation date, under the common field names every category that has them uses (src/schemas/fields.ts).
 */
import type { Category } from '../../src/schemas/defineCategory';
import type { SessionUser } from '../auth/sessionUser';
import type { Row } from './hooks';

const AUTHOR_FIELD = 'author_id';
const DATE_FIELD = 'date';

export function setServerFields(category: Category, user: SessionUser, input: Row): void {
  if (category.fields[AUTHOR_FIELD]?.system) input[AUTHOR_FIELD] = user.id;
  if (category.fields[DATE_FIELD]?.system) input[DATE_FIELD] = new Date();
}
