/**
 * In the table's bulk actions bar, in place of react-admin's 'Select all' (which reads whole
 * records, 250 at most): 'Select all N matching' selects every object the current filters match,
 * across pages, reading their ids only (selectedRows.ts). The server answers at most its list cap;
 * a cut selection says so, since acting on part of what the user asked for must not look whole.
 */
import { useState } from 'react';
import { Button, Typography } from '@mui/material';
import { useDataProvider, useListContext } from 'react-admin';
import type { Category } from '../../schemas';
import { reportError } from '../../dataProvider/errors';
import { ownMessages } from '../../messages';
import { fetchMatchingIds } from './selectedRows';

export const SelectAllMatchingButton = ({ category }: { category: Category }) => {
  const { total, selectedIds, filterValues, sort, onSelect } = useListContext();
  const dataProvider = useDataProvider();
  const [busy, setBusy] = useState(false);
  const [cut, setCut] = useState<{ shown: number; total: number }>();
  const matching = total ?? 0;

  const selectAll = async () => {
    setBusy(true);
    try {
      const found = await fetchMatchingIds(dataProvider, category, filterValues, sort);
      onSelect(found.ids);
      setCut(found.ids.length < found.total ? { shown: found.ids.length, total: found.total } : undefined);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };

  if (cut && selectedIds.length === cut.shown) {
    return (
      <Typography variant="body2" role="status" sx={{ ml: 2, color: 'warning.main' }}>
        {ownMessages.selectionCut(cut.shown, cut.total)}
      </Typography>
    );
  }
  if (matching > 0 && selectedIds.length >= matching) {
    return (
      <Typography variant="body2" role="status" sx={{ ml: 2 }}>
        {ownMessages.allMatchingSelected(matching)}
      </Typography>
    );
  }
  return (
    <Button size="small" onClick={() => void selectAll()} disabled={busy || matching === 0} sx={{ ml: 1 }}>
      {ownMessages.selectAllMatching(matching)}
    </Button>
  );
};
