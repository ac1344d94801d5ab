/**
 * What a type's cascade delete will remove (spec section 4: its devices, groups and firmwares),
 * counted before the question is asked: one list read per declared content list
 * (Category.deleteWithContent), a page of one row, whose total the server counts. The delete
 * itself is one call (DELETE ?cascade=true), one server transaction, bound to these counts.
 */
import type { DataProvider, Identifier } from 'react-admin';
import { mustGetCategory, type Category } from '../../schemas';
import type { ContentExpectations } from '../../schemas/contentExpectations';
import { ownMessages } from '../../messages';

export interface ContentCount {
  /** The content list's key (Category.deleteWithContent). */
  key: string;
  category: Category;
  count: number;
}

/** How many objects of each declared content list name the object, in the declaration's order. */
export async function countContent(dataProvider: DataProvider, owner: Category, id: Identifier): Promise<ContentCount[]> {
  return Promise.all(
    (owner.deleteWithContent ?? []).map(async (key) => {
      const list = owner.lists![key];
      const { total } = await dataProvider.getList(list.category, {
        pagination: { page: 1, perPage: 1 },
        sort: { field: 'id', order: 'ASC' },
        filter: { [list.via]: id },
        meta: { fields: ['id'] },
      });
      return { key, category: mustGetCategory(list.category), count: total ?? 0 };
    }),
  );
}

/** '80 devices, 1 group and 1 firmware' (the lists that hold something), or '' when none does. */
export function contentSummary(counts: readonly ContentCount[]): string {
  return ownMessages.andList(counts.filter((c) => c.count > 0).map((c) => ownMessages.countOf(c.count, c.category)));
}

/**
 * The counts shown, as the delete states them (expect_{key}=n): the server deletes nothing when
 * what it would delete differs, e.g. a device added while the question was open.
 */
export function contentExpectations(counts: readonly ContentCount[]): ContentExpectations {
  return Object.fromEntries(counts.map((c) => [c.key, c.count]));
}
