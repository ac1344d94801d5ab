/**
 * 'Delete' of a table's selected rows: says first how many will go (the in-page confirmation),
 * then deletes them in batch calls (DELETE /api/batch/{cat}: each object by the rules of
 * DELETE /api/{cat}/{id}, in turn, spec section 9), with progress per batch, stopping at the first
 * refusal (useBulkRun.tsx).
 */
import { useState } from 'react';
import { Button } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useDataProvider, useListContext } from 'react-admin';
import type { Category } from '../../schemas';
import { reportError } from '../../dataProvider/errors';
import { ownMessages } from '../../messages';
import { useConfirm } from '../../custom/confirm/useConfirm';
import { displayField } from '../displayField';
import { fetchSelectedRows } from './selectedRows';
import { useBulkRun } from './useBulkRun';
import { useAdminTeams } from './useAdminTeams';
import { TEAM_FIELD } from '../../schemas/referrers';
import { messages } from '../../messages';
import { BATCH_MAX } from '../../batch';

export const DeleteSelectedButton = ({ category }: { category: Category }) => {
  const { selectedIds } = useListContext();
  const dataProvider = useDataProvider();
  const confirm = useConfirm();
  const { run, dialog, running } = useBulkRun();
  const [reading, setReading] = useState(false);
  const adminTeams = useAdminTeams();
  const name = displayField(category);
  // A category of a team: every selected object must be of a team the user administers.
  const teamField = category.scope === 'team' ? [TEAM_FIELD] : [];

  const deleteSelected = async () => {
    setReading(true);
    let rows;
    try {
      rows = await fetchSelectedRows(dataProvider, category, selectedIds, [name, ...teamField]);
    } catch (error) {
      reportError(error);
      return;
    } finally {
      setReading(false);
    }
    if (teamField.length > 0 && !adminTeams.all(rows.map((row) => row[TEAM_FIELD]))) {
      await confirm({ text: messages.onlyAdminsCanModify, notice: true });
      return;
    }
    const count = ownMessages.countOf(rows.length, category);
    if (rows.length === 0 || !(await confirm({ text: ownMessages.willBeDeleted(count), confirmLabel: ownMessages.deleteSelected, danger: true }))) return;
    await run({
      title: `${ownMessages.deleteSelected}: ${count}`,
      items: rows,
      nameOf: (row) => String(row[name] ?? row.id),
      batchSize: BATCH_MAX,
      step: (batch) => dataProvider.deleteMany(category.key, { ids: batch.map((row) => row.id), meta: { report: false } }),
    });
  };

  return (
    <>
      <Button color="error" onClick={() => void deleteSelected()} disabled={reading || running || selectedIds.length === 0} startIcon={<DeleteIcon />}>
        {ownMessages.deleteSelected}
      </Button>
      {dialog}
    </>
  );
};
