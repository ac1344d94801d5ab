/**
 * 'Export selected': the table's CSV export (spec section 7, GET /api/download/csv_export/{category})
 * of the selected rows only, asked for a chunk of ids at a time (filter={"id":[...]}) so that the
 * address stays short whatever the selection, and joined into one file under the server's header.
 */
import { useState } from 'react';
import { Button, CircularProgress } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useListContext, type Identifier } from 'react-admin';
import type { Category } from '../../schemas';
import { fetchFile, saveFile, type DownloadedFile } from '../../dataProvider/download';
import { reportError } from '../../dataProvider/errors';
import { ownMessages } from '../../messages';
import { IDS_PER_READ } from './selectedRows';

/** The CSV rows of the selected objects, one file: the first chunk's header, then every chunk's rows. */
export async function fetchSelectedCsv(category: Category, ids: readonly Identifier[], onProgress?: (done: number) => void): Promise<DownloadedFile> {
  const parts: string[] = [];
  let filename = `${category.key}.csv`;
  for (let start = 0; start < ids.length; start += IDS_PER_READ) {
    onProgress?.(start);
    const chunk = ids.slice(start, start + IDS_PER_READ).map(Number);
    const file = await fetchFile(`/download/csv_export/${category.key}`, { query: { filter: JSON.stringify({ id: chunk }) } });
    filename = file.filename;
    const text = await file.blob.text();
    parts.push(start === 0 ? text : text.slice(text.indexOf('\n') + 1));
  }
  return { blob: new Blob(parts, { type: 'text/csv' }), filename };
}

export const ExportSelectedButton = ({ category }: { category: Category }) => {
  const { selectedIds } = useListContext();
  // The rows read so far while exporting; undefined when idle.
  const [done, setDone] = useState<number | undefined>(undefined);
  const busy = done !== undefined;
  const exportSelected = async () => {
    setDone(0);
    try {
      saveFile(await fetchSelectedCsv(category, selectedIds, setDone));
    } catch (error) {
      reportError(error);
    } finally {
      setDone(undefined);
    }
  };
  // While exporting: a spinner and how far it got, and no second click (issue 27 item 9).
  return (
    <Button
      onClick={() => void exportSelected()}
      disabled={busy || selectedIds.length === 0}
      aria-busy={busy}
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
    >
      {busy ? ownMessages.exportingRows(done, selectedIds.length) : ownMessages.exportSelected}
    </Button>
  );
};
