import { useEffect, useState } from 'react';
import type { Category } from '../../schemas';
import { http, isAbortError } from '../../dataProvider/http';
import { ListCutError, wholeListRows } from '../../dataProvider/listQuery';
import { reportError } from '../../dataProvider/errors';
import type { Values } from './formFields';
import { existingNamesFields } from './validation';

/**
 * The spec's 'existing names' call, GET /api/{cat}?fields=name,team_id[,version], read once per
 * form for the name-unique-in-team check. Undefined until answered, or when the list is too long to
 * be read whole (the server checks anyway).
 */
export function useExistingRows(category: Category, enabled: boolean): Values[] | undefined {
  const [rows, setRows] = useState<Values[]>();
  const fields = existingNamesFields(category).join(',');
  useEffect(() => {
    if (!enabled || fields === '') return;
    const controller = new AbortController();
    http<{ json_list?: Values[] } | null>(`/${category.key}`, { query: { fields }, signal: controller.signal })
      .then(({ json, headers }) => setRows(wholeListRows(json, headers)))
      .catch((error: unknown) => {
        if (!isAbortError(error) && !(error instanceof ListCutError)) reportError(error);
      });
    return () => controller.abort();
  }, [category.key, fields, enabled]);
  return rows;
}
