/**
 * The search box's shortcut to one object (issue 13): Enter on a text that is exactly the value of
 * a field declared `findsOne` (a device's unique ID, letter case aside) of one object the caller
 * sees opens that object's view page, as a scanned (the scanner sends Enter) or pasted ID is meant
 * to. Never while typing: 'SN-12' is a stop on the way to 'SN-123'. The look-up is the
 * list's own filter (`filter={"uid_for_type":"CS-100227"}`, one index entry per team on the server);
 * two matches (the same ID in two types) leave the user on the table, which lists both.
 */
import { useCallback } from 'react';
import { useDataProvider, useNavigate, type Identifier } from 'react-admin';
import type { Category } from '../../schemas';
import { objectHref, objectRoutes } from '../consoleRoutes';

export function useOpenExactMatch(category: Category): (text: string, stillWanted: () => boolean) => Promise<void> {
  const dataProvider = useDataProvider();
  const navigate = useNavigate();
  return useCallback(
    async (text, stillWanted) => {
      const routes = objectRoutes(category);
      const wanted = text.trim();
      const fields = category.fieldSets.findsOne;
      if (!routes || wanted === '' || fields.length === 0) return;
      const found = new Set<Identifier>();
      try {
        for (const name of fields) {
          const { data } = await dataProvider.getList(category.key, {
            filter: { [name]: wanted },
            // Two are enough to know it is not one.
            pagination: { page: 1, perPage: 2 },
            sort: { field: 'id', order: 'ASC' },
            meta: { fields: ['id'] },
          });
          for (const row of data) found.add(row.id);
        }
      } catch {
        // The data provider has shown the failure (error catalogue); the table stays.
        return;
      }
      if (found.size === 1 && stillWanted()) navigate(objectHref(routes.view, [...found][0]));
    },
    [category, dataProvider, navigate],
  );
}
