/**
 * The names a table's reference cells show (listColumns.tsx), read for the page shown by one query
 * of the table: one getMany per referenced category with the page's ids, the calls react-admin's
 * ReferenceField batches. A ReferenceField per cell was a query of its own: 25 rows of 4 reference
 * columns mounted 100 queries with the rows and re-rendered 100 cells as the answers came, the
 * main thread's largest work around the first row of /devices (issue 28 item 8). The cells show
 * nothing until the names are there; the rows do not wait for them.
 */
import { useMemo, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider, useListContext, type Identifier, type RaRecord } from 'react-admin';
import { mustGetCategory, type Category } from '../../schemas';
import { optionFields, type OptionRow } from '../dropdown/picker';
import { isReferenceColumn, listColumns } from './listColumns';
import { NamesContext, type Names } from './referenceNamesContext';

/** The ids each referenced category is asked for, sorted, so that the same page asks the same. */
function wantedIds(category: Category, rows: readonly RaRecord[]): [string, Identifier[]][] {
  const wanted = new Map<string, Set<Identifier>>();
  for (const { name, field } of listColumns(category).filter(isReferenceColumn)) {
    const ids = wanted.get(field.ref!) ?? new Set<Identifier>();
    for (const row of rows) if (row[name] !== null && row[name] !== undefined) ids.add(row[name] as Identifier);
    wanted.set(field.ref!, ids);
  }
  return [...wanted].filter(([, ids]) => ids.size > 0).map(([ref, ids]) => [ref, [...ids].sort((a, b) => String(a).localeCompare(String(b)))]);
}

export const ReferenceNames = ({ category, children }: { category: Category; children: ReactNode }) => {
  const { data: rows } = useListContext();
  const dataProvider = useDataProvider();
  const wanted = useMemo(() => wantedIds(category, rows ?? []), [category, rows]);
  const { data: names } = useQuery({
    queryKey: ['referenceNames', category.key, wanted],
    queryFn: async ({ signal }) => {
      const answers = await Promise.all(
        wanted.map(async ([ref, ids]) => {
          const { data } = await dataProvider.getMany<OptionRow & RaRecord>(ref, { ids, signal, meta: { fields: optionFields(mustGetCategory(ref)) } });
          return [ref, new Map(data.map((row) => [String(row.id), row]))] as const;
        }),
      );
      return new Map(answers) as Names;
    },
    enabled: wanted.length > 0,
    // Another page keeps the names it had until its own are there (most are the same).
    placeholderData: keepPreviousData,
  });
  const value = useMemo(() => ({ names }), [names]);
  return <NamesContext.Provider value={value}>{children}</NamesContext.Provider>;
};
