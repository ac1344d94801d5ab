/**
 * Fields that cannot change while other objects point at this one (category.lockedWhileUsed,
 * spec section 4: the team or type of a firmware or group in use, the team of a type with
 * content). In use means by any object, visible to the caller or not.
 */
import type { Category } from '../../src/schemas/defineCategory';
import { ownMessages } from '../../src/messages';
import type { Queryable } from '../db/database';
import { conflict } from '../http/errors';
import { ident } from './sql';
import type { Row } from './hooks';

export async function checkLocks(tx: Queryable, category: Category, existing: Row, input: Row): Promise<void> {
  for (const [name, users] of Object.entries(category.lockedWhileUsed ?? {})) {
    if (!(name in input) || input[name] === existing[name]) continue;
    for (const { category: source, via } of users) {
      const { rows } = await tx.query(`SELECT 1 FROM ${ident(source)} WHERE ${ident(via)} = $1 LIMIT 1`, [existing.id]);
      if (rows.length > 0) throw conflict(ownMessages.fieldCannotChange(category.fields[name].label));
    }
  }
}
