/**
 * Basic documents (spec sections 4 and 5): a document still used by an object cannot be
 * deleted. Documents are attached through JSON lists of ids (a collection's basic_docs_list,
 * a device's own basic_docs_list), which foreign keys cannot guard, hence this check.
 */
import type { CategoryHooks } from '../crud/hooks';
import { ownMessages } from '../../src/messages';
import { conflict } from '../http/errors';

export const basicDocumentHooks: CategoryHooks = {
  async beforeDelete({ tx, existing }) {
    // List entries are { id } objects (spec: 'basic_docs_list (list of {id})'); plain ids are accepted too.
    const asObject = JSON.stringify([{ id: existing.id }]);
    const asId = JSON.stringify([existing.id]);
    const { rows } = await tx.query(
      `SELECT 1 FROM "documents_collection" WHERE "basic_docs_list" @> $1::jsonb OR "basic_docs_list" @> $2::jsonb
       UNION ALL
       SELECT 1 FROM "device" WHERE "basic_docs_list" @> $1::jsonb OR "basic_docs_list" @> $2::jsonb
       LIMIT 1`,
      [asObject, asId],
    );
    if (rows.length > 0) throw conflict(ownMessages.inUse(String(existing.name)));
  },
};
