/**
 * DELETE /api/{cat}/:id?cascade=true of a category declaring `deleteWithContent` (a type): its
 * listed objects, then the object, in ONE transaction, so a reload or a lost connection never
 * leaves half of it behind. Each object goes by the rules of its own delete (write.ts
 * deleteLoaded: permission, hook, lists naming it; many in one statement where nothing else runs
 * per object, deleteLoadedAll), and the first refusal undoes everything;
 * the refusal names the object that could not go. The object is locked first, so no new content
 * can be added to it meanwhile (a write referencing it share-locks it, references.ts).
 *
 * `expect_{key}={n}` (src/schemas/contentExpectations.ts) binds the delete to the counts the
 * caller was shown: once the object is locked, each list holding another number of objects than
 * expected answers 409 (contentNotAsCounted) and nothing is deleted. A list without an
 * expectation is not compared (API clients that send none keep the plain cascade).
 */
import type { Category } from '../../src/schemas/defineCategory';
import type { SessionUser } from '../auth/sessionUser';
import { assertPermitted } from './access';
import { mapDbError } from './dbErrors';
import type { Row } from './hooks';
import { publicColumns } from './projection';
import { selectVisible } from './read';
import { toJson } from './serialize';
import { ident } from './sql';
import { deleteLoaded, deleteLoadedAll, loadForWrite, type Store } from './write';
import { badRequest, conflict } from '../http/errors';
import { ownMessages } from '../../src/messages';
import { expectParam, expectedListOf, type ContentExpectations } from '../../src/schemas/contentExpectations';
import { displayName } from './dbErrors';

type Query = Record<string, string | string[] | undefined>;

/**
 * The `expect_{key}` parameters of a DELETE: each a key of `deleteWithContent`, a whole number,
 * given once, and only with `cascade=true` (400 otherwise).
 */
export function parseExpectations(category: Category, query: Query, cascade: boolean): ContentExpectations {
  const keys = category.deleteWithContent ?? [];
  const expected: Record<string, number> = {};
  for (const [param, value] of Object.entries(query)) {
    const key = expectedListOf(param);
    if (key === undefined || value === undefined) continue;
    if (!cascade) throw badRequest(ownMessages.cascadeExpectWithoutCascade(param));
    if (!keys.includes(key)) throw badRequest(ownMessages.cascadeExpectUnknown(param, keys.map(expectParam)));
    if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) throw badRequest(ownMessages.cascadeExpectNotCount(param));
    expected[key] = Number(value);
  }
  return expected;
}

/** The listed objects of `owner` named by `deleteWithContent`, in their order, each with its category. */
function contentLists(store: Store, owner: Category): { key: string; category: Category; via: string }[] {
  return (owner.deleteWithContent ?? []).map((key) => {
    const list = owner.lists![key];
    return { key, category: store.registry.get(list.category), via: list.via };
  });
}

/** Deletes the object and its content; answers the object as it was. */
export async function deleteWithContent(store: Store, user: SessionUser, category: Category, id: number, expected: ContentExpectations = {}): Promise<Row> {
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
      // The object is locked: what is read now is what goes, unless the caller expected otherwise.
      // Visible content only: another team's object naming this one keeps it (the type's own delete refuses).
      const contents: { list: ReturnType<typeof contentLists>[number]; rows: Row[] }[] = [];
      for (const list of contentLists(store, category)) {
        contents.push({ list, rows: await selectVisible(tx, user, list.category, list.category.fieldSets.stored, (p) => [`"t".${ident(list.via)} = ${p.add(id)}`], true) });
      }
      const changes = contents
        .filter(({ list, rows }) => expected[list.key] !== undefined && rows.length !== expected[list.key])
        .map(({ list, rows }) => ownMessages.countNotExpected(list.category.plural, rows.length, expected[list.key]));
      if (changes.length > 0) throw conflict(ownMessages.contentNotAsCounted(category.singular, displayName(category, existing), changes));
      for (const { list, rows } of contents) {
        await deleteLoadedAll(tx, registry, user, list.category, rows, (row) => (current = { category: list.category, row }));
        deleted.push(...rows.map((row) => ({ category: list.category, row })));
      }
      current = { category, row: existing };
      await deleteLoaded(tx, registry, user, category, existing, 'delete_with_content');
    });
  } catch (err) {
    throw mapDbError(err, current.category, 'delete', current.row);
  }
  for (const { category: c, row } of [...deleted, { category, row: existing }]) await files?.released(c, row);
  return toJson(existing, publicColumns(category));
}
