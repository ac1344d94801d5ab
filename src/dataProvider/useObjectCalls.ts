/**
 * The data provider for writes that react-admin's own hooks (useUpdate, useDelete, ...) do not
 * make: a run of changes, one object after another (devices moved to a group, documents attached),
 * or a custom method (a type's cascade delete). `changed` says which categories such a write
 * touched: their cached queries are invalidated, so every mounted screen showing those objects
 * (a group's devices, a document's 'used in', a table, the home page's figures) reads them again.
 * And `useObjectRead` reads through a custom method into that same cache, under its category.
 */
import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from './dataProvider';

export function useObjectCalls() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const queryClient = useQueryClient();
  const changed = useCallback(
    async (categoryKeys: Iterable<string>) => {
      await Promise.all([...new Set(categoryKeys)].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
    },
    [queryClient],
  );
  return { dataProvider, changed };
}

/** A custom read of the provider, cached under [categoryKey, name]: a write to that category refreshes it. */
export function useObjectRead<T>(categoryKey: string, name: string, read: (dataProvider: ConsoleDataProvider, signal: AbortSignal) => Promise<T>) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({ queryKey: [categoryKey, name], queryFn: ({ signal }) => read(dataProvider, signal) });
}
