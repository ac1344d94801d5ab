/**
 * The devices table's 'Print labels' action for the selected devices: one A4 sheet of detailed
 * labels per LABELS_PER_SHEET devices from the server, with progress while they come, stopping at
 * the first failure (shown the error catalogue's way), then the browser's print dialog.
 */
import { useState } from 'react';
import { Button, LinearProgress, Stack, Typography } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import { useListContext } from 'react-admin';
import { fetchFile } from '../../dataProvider/download';
import { reportError } from '../../dataProvider/errors';
import { ownMessages } from '../../messages';
import type { BulkActionsProps } from '../overrides';
import { sheetCalls } from './labelCalls';
import { printSheets } from './printSheets';

export const PrintLabelsButton = (_props: BulkActionsProps) => {
  const { selectedIds } = useListContext();
  const [progress, setProgress] = useState<{ done: number; total: number }>();

  const print = async () => {
    const calls = sheetCalls(selectedIds);
    const sheets: Blob[] = [];
    try {
      for (const { path, options } of calls) {
        setProgress({ done: sheets.length + 1, total: calls.length });
        sheets.push((await fetchFile(path, options)).blob);
      }
      setProgress(undefined);
      await printSheets(sheets);
    } catch (error) {
      reportError(error);
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {progress && progress.total > 1 && (
        <Stack sx={{ minWidth: 120 }}>
          <Typography variant="caption" role="status">
            {ownMessages.printLabelsProgress(progress.done, progress.total)}
          </Typography>
          <LinearProgress variant="determinate" value={(100 * (progress.done - 1)) / progress.total} />
        </Stack>
      )}
      <Button onClick={() => void print()} disabled={progress !== undefined || selectedIds.length === 0} startIcon={<PrintIcon />}>
        {ownMessages.printLabels}
      </Button>
    </Stack>
  );
};
