import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { Category } from '../../schemas';
import { isAbortError } from '../../dataProvider/http';
import { ListCutError } from '../../dataProvider/listQuery';
import { reportError } from '../../dataProvider/errors';
import type { Values } from './formFields';
import { existingNamesFields } from './validation';

/**
 * The spec's 'existing names' call, GET /api/{cat}?fields=name,team_id[,version] (the data
 * provider's whole list), read once per form for the name-unique-in-team check. Undefined until answered, or when the list is too long to
 * be read whole (the server checks anyway).
 */
export function useExistingRows(category: Category, enabled: boolean): Values[] | undefined {
  const dataProvider = useDataProvider();
  const [rows, setRows] = useState<Values[]>();
  const fields = existingNamesFields(category).join(',');
  useEffect(() => {
    if (!enabled || fields === '') return;
    const controller = new AbortController();
    dataProvider
      .getList(category.key, { meta: { all: true, fields: fields.split(','), report: false }, signal: controller.signal })
      .then(({ data }) => setRows(data))
      .catch((error: unknown) => {
        if (!isAbortError(error) && !(error instanceof ListCutError)) reportError(error);
      });
    return () => controller.abort();
  }, [dataProvider, category.key, fields, enabled]);
  return rows;
}
