/**
 * The table's CSV export (spec section 7): GET /api/download/csv_export/{category} with the
 * table's current filters as the spec's plain parameters (`?type_id=&group_id=`, the team, and
 * an age of a `recency` field: `?last_seen=over_day`),
 * the enum filters, the name search and the sort order in the list dialect, so the file holds what
 * the table shows, every page of it. Through download.ts, which adds the cache-busting `r` and
 * reads the file name. A table of several categories has one per category, each disabled while
 * the filters leave none of that category's objects.
 */
import { useState } from 'react';
import { Button, CircularProgress } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useListContext } from 'react-admin';
import type { Category } from '../../schemas';
import { ownMessages } from '../../messages';
import { downloadFile } from '../../dataProvider/download';
import { reportError } from '../../dataProvider/errors';
import type { QueryValue } from '../../dataProvider/http';
import { isUnset } from '../dropdown/picker';
import { filterFields, SEARCH_FILTER } from './filterFields';
import { filterFor } from './unionPage';

export function csvExportQuery(
  category: Category,
  filterValues: Readonly<Record<string, unknown>>,
  sort?: { field: string; order: string },
): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  // The plain parameters carry ids only: anything else goes in the dialect's filter.
  const dialect: Record<string, unknown> = {};
  for (const { name, reference, recency } of filterFields(category)) {
    if (isUnset(filterValues[name])) continue;
    if (reference || recency) query[name] = String(filterValues[name]);
    else dialect[name] = filterValues[name];
  }
  const search = filterValues[SEARCH_FILTER];
  if (typeof search === 'string' && search.trim() !== '') dialect[SEARCH_FILTER] = search;
  if (Object.keys(dialect).length > 0) query.filter = JSON.stringify(dialect);
  if (sort?.field) query.sort = JSON.stringify([sort.field, sort.order === 'DESC' ? 'DESC' : 'ASC']);
  return query;
}

export const CsvExportButton = ({ category, label = ownMessages.exportCsv }: { category: Category; label?: string }) => {
  const { filterValues, sort } = useListContext();
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      await downloadFile(`/download/csv_export/${category.key}`, { query: csvExportQuery(category, filterValues, sort) });
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };
  // While the file is made and read: a spinner and 'Exporting…', and no second click (issue 27 item 9).
  return (
    <Button
      onClick={() => void exportCsv()}
      disabled={busy || !filterFor(category, filterValues)}
      aria-busy={busy}
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
    >
      {busy ? ownMessages.exportingCsv : label}
    </Button>
  );
};
