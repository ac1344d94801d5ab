/**
 * DELETE /api/{cat}/:id?cascade=true of a category declaring `deleteWithContent` (a type): its
 * listed objects, then the object, in ONE transaction, so a reload or a lost connection never
 * leaves half of it behind. Each object goes by the rules of its own delete (write.ts
 * deleteLoaded: permission, hook, lists naming it), and the first refusal undoes everything;
 * the refusal names the object that could not go. The object is locked first, so no new content
 * can be added to it meanwhile (a write referencing it share-locks it, references.ts).
 */
import type { Category } from '../../src/schemas/defineCategory';
import type { SessionUser } from '../auth/sessionUser';
import { storedFields } from '../db/ddl';
import { assertPermitted } from './access';
import { mapDbError } from './dbErrors';
import type { Row } from './hooks';
import { publicColumns } from './projection';
import { selectVisible } from './read';
import { toJson } from './serialize';
import { ident } from './sql';
import { deleteLoaded, loadForWrite, type Store } from './write';

/** The listed objects of `owner` named by `deleteWithContent`, in their order, each with its category. */
function contentLists(store: Store, owner: Category): { category: Category; via: string }[] {
  return (owner.deleteWithContent ?? []).map((key) => {
    const list = owner.lists![key];
    return { category: store.registry.get(list.category), via: list.via };
  });
}

/** Deletes the object and its content; answers the object as it was. */
export async function deleteWithContent(store: Store, user: SessionUser, category: Category, id: number): Promise<Row> {
  const { db, registry, files } = store;
  const deleted: { category: Category; row: Row }[] = [];
  // The object whose delete failed names the refusal (a device in use, the type itself).
  let current: { category: Category; row: Row } = { category, row: { id } };
  let existing: Row = { id };
  try {
    await db.transaction(async (tx) => {
      existing = await loadForWrite(tx, user, category, id);
      current = { category, row: existing };
      // Before any content is read: a non-admin learns nothing about it.
      assertPermitted(category.permissions.delete, category, user, existing);
      for (const list of contentLists(store, category)) {
        const columns = storedFields(list.category).map(([name]) => name);
        // Visible content only: another team's object naming this one keeps it (the type's own delete refuses).
        const rows = await selectVisible(tx, user, list.category, columns, (p) => [`"t".${ident(list.via)} = ${p.add(id)}`], true);
        for (const row of rows) {
          current = { category: list.category, row };
          await deleteLoaded(tx, registry, user, list.category, row);
          deleted.push(current);
        }
      }
      current = { category, row: existing };
      await deleteLoaded(tx, registry, user, category, existing);
    });
  } catch (err) {
    throw mapDbError(err, current.category, 'delete', current.row);
  }
  for (const { category: c, row } of [...deleted, { category, row: existing }]) await files?.released(c, row);
  return toJson(existing, publicColumns(category));
}
