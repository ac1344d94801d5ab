/**
 * A declared reverse list (`lists`) of an object as a table paged by the server: a list may hold
 * thousands of objects (a firmware's devices), so the object's full form is not read for it; each
 * page is a getList of the source category filtered on the field that points here. Its CSV export
 * downloads the whole list with the same plain filter (GET /api/download/csv_export/{category}?{via}={id}).
 */
import { useState } from 'react';
import { Box, Button, Card, CardContent, Table, TableBody, TableCell, TableFooter, TablePagination, TableRow, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useGetList, type Identifier, type RaRecord } from 'react-admin';
import { mustGetCategory, type ReverseList } from '../../schemas';
import { ownMessages } from '../../messages';
import { downloadFile } from '../../dataProvider/download';
import { reportError } from '../../dataProvider/errors';
import { displayField } from '../displayField';
import { ObjectViewLink } from '../ObjectViewLink';
import type { ObjectPanelProps } from '../overrides';

/** Rows of one page. */
export const REVERSE_PAGE_SIZE = 10;

export interface ReverseListTableProps {
  /** One of the object's declared lists (`category.lists`). */
  list: ReverseList;
  /** The object's id. */
  id: Identifier;
}

export const ReverseListTable = ({ list, id }: ReverseListTableProps) => {
  const source = mustGetCategory(list.category);
  const heading = list.heading ?? source.plural;
  const name = displayField(source);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const { data = [], total = 0, isPending } = useGetList(source.key, {
    pagination: { page, perPage: REVERSE_PAGE_SIZE },
    sort: { field: name, order: 'ASC' },
    filter: { [list.via]: id },
    meta: { fields: ['id', name] },
  });

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadFile(`/download/csv_export/${source.key}`, { query: { [list.via]: String(id) } });
    } catch (failure) {
      reportError(failure);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box component="section" aria-label={heading} sx={{ '&:not(:last-child)': { mb: 2 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" component="h2">
          {heading}
        </Typography>
        <Button onClick={exportCsv} disabled={exporting} startIcon={<DownloadIcon />}>
          {ownMessages.exportCsv}
        </Button>
      </Box>
      {!isPending && total === 0 ? (
        <Typography variant="body2">{ownMessages.noObjects}</Typography>
      ) : (
        <Table size="small" aria-label={heading}>
          <TableBody>
            {data.map((row: RaRecord) => (
              <TableRow key={row.id}>
                <TableCell>
                  <ObjectViewLink category={source} id={row.id}>
                    {String(row[name] ?? '')}
                  </ObjectViewLink>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TablePagination
                count={total}
                page={page - 1}
                rowsPerPage={REVERSE_PAGE_SIZE}
                rowsPerPageOptions={[]}
                onPageChange={(_event, next) => setPage(next + 1)}
              />
            </TableRow>
          </TableFooter>
        </Table>
      )}
    </Box>
  );
};

/** A panel under the object form holding these declared lists as tables (name them in the override's `ownLists` too). */
export function reverseListTablesPanel(lists: readonly string[]) {
  const ReverseListTablesPanel = ({ category, record, mode }: ObjectPanelProps) => {
    if (mode === 'new' || !record) return null;
    return (
      <Card data-testid="reverse-list-tables">
        <CardContent>
          {lists.map((key) => {
            const list = category.lists?.[key];
            return list && <ReverseListTable key={key} list={list} id={record.id} />;
          })}
        </CardContent>
      </Card>
    );
  };
  return ReverseListTablesPanel;
}
