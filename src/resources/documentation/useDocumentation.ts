/**
 * The documentation of one object: GET /api/full/{cat}/{id}?fields=basic_docs_list,documents_collection_id
 * through the data provider, so react-query keeps one read per object shown. The cache-busting
 * value of image previews changes with every answer, so a replaced image is shown anew.
 */
import { useMemo } from 'react';
import { useGetOne } from 'react-admin';
import { cacheBuster } from '../../dataProvider/download';
import type { Category } from '../../schemas';
import { collectionFieldOf } from './documentation';
import type { ShownDocument } from './DocumentContent';

export interface Documentation {
  documents: ShownDocument[];
  collectionId: number | null;
  cacheBuster: string;
  isPending: boolean;
  refetch: () => void;
}

export function useDocumentation(category: Category, id: number): Documentation {
  const field = collectionFieldOf(category) ?? '';
  const { data, isPending, refetch, dataUpdatedAt } = useGetOne(category.key, { id, meta: { fields: ['basic_docs_list', field] } });
  const documents = useMemo(() => (Array.isArray(data?.basic_docs_list) ? (data.basic_docs_list as ShownDocument[]) : []), [data]);
  const buster = useMemo(() => `${dataUpdatedAt}${cacheBuster()}`, [dataUpdatedAt]);
  const collection = Number(data?.[field]);
  return {
    documents,
    collectionId: Number.isInteger(collection) && collection > 0 ? collection : null,
    cacheBuster: buster,
    isPending,
    refetch: () => void refetch(),
  };
}
