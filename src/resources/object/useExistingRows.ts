import { useEffect, useState } from 'react';
import type { Category } from '../../schemas';
import { http, isAbortError } from '../../dataProvider/http';
import { reportError } from '../../dataProvider/errors';
import type { Values } from './formFields';
import { existingNamesFields } from './validation';

/**
 * The spec's 'existing names' call, GET /api/{cat}?fields=name,team_id[,version], read once per
 * form for the name-unique-in-team check. Undefined until answered (the server checks anyway).
 */
export function useExistingRows(category: Category, enabled: boolean): Values[] | undefined {
  const [rows, setRows] = useState<Values[]>();
  const fields = existingNamesFields(category).join(',');
  useEffect(() => {
    if (!enabled || fields === '') return;
    const controller = new AbortController();
    http<{ json_list?: Values[] } | null>(`/${category.key}`, { query: { fields }, signal: controller.signal })
      .then(({ json }) => setRows(json?.json_list ?? []))
      .catch((error: unknown) => {
        if (!isAbortError(error)) reportError(error);
      });
    return () => controller.abort();
  }, [category.key, fields, enabled]);
  return rows;
}
