/**
 * The devices table's 'Print labels' action for the selected devices: one A4 sheet of detailed
 * labels per LABELS_PER_SHEET devices from the server, with progress while they come, stopping at
 * the first failure (shown the error catalogue's way), then the browser's print dialog. From the
 * click until the print dialog is open the button is disabled and the progress says where it is
 * (one sheet too): a second click would fetch every sheet again and open a second dialog.
 */
import { useRef, useState } from 'react';
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
  // A double click lands before React renders the disabled button: the ref stops the second at once.
  const running = useRef(false);

  const print = async () => {
    if (running.current) return;
    running.current = true;
    const calls = sheetCalls(selectedIds);
    const sheets: Blob[] = [];
    try {
      for (const { path, options } of calls) {
        setProgress({ done: sheets.length + 1, total: calls.length });
        sheets.push((await fetchFile(path, options)).blob);
      }
      await printSheets(sheets);
    } catch (error) {
      reportError(error);
    } finally {
      running.current = false;
      setProgress(undefined);
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {progress && (
        <Stack sx={{ minWidth: 120 }}>
          <Typography variant="caption" role="status">
            {ownMessages.printLabelsProgress(progress.done, progress.total)}
          </Typography>
          {/* One sheet has no steps to count: the bar only says that it is at work. */}
          <LinearProgress variant={progress.total > 1 ? 'determinate' : 'indeterminate'} value={(100 * (progress.done - 1)) / progress.total} />
        </Stack>
      )}
      <Button onClick={() => void print()} disabled={progress !== undefined || selectedIds.length === 0} startIcon={<PrintIcon />}>
        {ownMessages.printLabels}
      </Button>
    </Stack>
  );
};
