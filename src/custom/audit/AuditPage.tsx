/**
 * The Audit page (/audit): the audit log's entries the user may read (GET /api/audit), newest
 * first, paged by the server, with the server's filters (team, user, category, object, action,
 * dates) held in the address, so an object's History link (auditAccess.ts) opens it filtered and
 * Back returns to the filters left. The CSV export downloads the same filter whole.
 */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Box,
  Button,
  Card,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { categories, getCategory, type Category } from '../../schemas';
import { messages, ownMessages } from '../../messages';
import { http } from '../../dataProvider/http';
import { downloadFile } from '../../dataProvider/download';
import { reportError } from '../../dataProvider/errors';
import { formatDate } from '../../formatDate';
import { PageTitle } from '../../resources/PageTitle';
import { ObjectViewLink } from '../../resources/ObjectViewLink';
import { NotFoundPage } from '../NotFoundPage';
import { useAuditAccess } from './auditAccess';
import { withBrowserDays } from './auditDays';
import { DateTextBox } from '../../resources/inputs/DateTextBox';

export interface AuditEntry {
  id: number;
  at: string;
  user_id: number | null;
  username: string | null;
  token_id: number | null;
  device_id: number | null;
  team_id: number | null;
  category: string;
  object_id: number | null;
  object_name: string | null;
  action: string;
  changes: Record<string, { before?: unknown; after?: unknown; secret?: true }> | null;
}

/** The filters of GET /api/audit, as the address holds them. */
const FILTERS = ['team_id', 'user_id', 'category', 'object_id', 'action', 'from', 'to'] as const;
const PAGE_SIZES = [25, 50, 100];

const known = (key: string): Category | undefined => getCategory(key as never);

function who(entry: AuditEntry): string {
  if (entry.device_id !== null) return ownMessages.auditByDevice(entry.device_id);
  if (entry.username === null) return ownMessages.auditNobody;
  return entry.token_id !== null ? ownMessages.auditByToken(entry.username, entry.token_id) : entry.username;
}

/** A value as the table shows it: none or empty as '∅', text as is, anything else as JSON. */
const shown = (value: unknown) => (value === null || value === undefined || value === '' ? '∅' : typeof value === 'string' ? value : JSON.stringify(value));

const Changes = ({ entry }: { entry: AuditEntry }) => {
  const category = known(entry.category);
  return (
    <Box component="ul" sx={{ m: 0, pl: 2, wordBreak: 'break-word' }}>
      {Object.entries(entry.changes ?? {}).map(([field, change]) => (
        <li key={field}>
          <strong>{category?.fields[field]?.label ?? field}</strong>: {change.secret ? ownMessages.auditSecretChanged : `${shown(change.before)} → ${shown(change.after)}`}
        </li>
      ))}
    </Box>
  );
};

export const AuditPage = () => {
  const access = useAuditAccess();
  const [params, setParams] = useSearchParams();
  // The address's filters as last written or, after a move (Back, a link), as the address has them.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const page = Number(params.get('page') ?? 0);
  const filter = Object.fromEntries(FILTERS.map((key) => [key, params.get(key) ?? '']).filter(([, value]) => value !== ''));
  const query = { filter: JSON.stringify(withBrowserDays(filter)), sort: JSON.stringify(['at', 'DESC']) };
  const { data, isPending } = useQuery({
    queryKey: ['audit', filter, page, pageSize],
    queryFn: async ({ signal }) => {
      const range = JSON.stringify([page * pageSize, page * pageSize + pageSize - 1]);
      const answer = await http<AuditEntry[]>('/audit', { query: { ...query, range }, signal });
      // '*': more than the server counts (server/audit/routes.ts), which the pagination shows as 'more than'.
      const total = answer.headers.get('Content-Range')?.split('/').pop() ?? '0';
      return { rows: answer.json, total: total === '*' ? -1 : Number(total) };
    },
    enabled: access.reads,
    placeholderData: keepPreviousData,
  });
  if (!access.reads) return <NotFoundPage />;

  // From the filters last asked for, not the ones this render saw (react-router's updater gets the
  // render's): two filters changed before the page draws again both stay.
  const write = (change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(latest.current);
    change(next);
    latest.current = next;
    setParams(next);
  };
  const setFilter = (key: (typeof FILTERS)[number], value: string) =>
    write((next) => {
      if (value === '') next.delete(key);
      else next.set(key, value);
      next.delete('page');
    });
  const setPage = (page: number) => write((next) => next.set('page', String(page)));
  const exportCsv = () => downloadFile('/download/audit', { query }).catch((error: unknown) => reportError(error));
  const teamName = (id: number | null) => access.teams.find((t) => t.id === id)?.name ?? (id === null ? '' : String(id));
  const field = (key: (typeof FILTERS)[number], label: string, extra: object = {}) => (
    <TextField size="small" fullWidth={false} label={label} value={params.get(key) ?? ''} onChange={(event) => setFilter(key, event.target.value)} {...extra} />
  );

  // A day typed en-GB as every date of the console; a text that is no day leaves the filter as it was, and says so.
  const dayField = (key: 'from' | 'to', label: string) => (
    <DateTextBox kind="date" label={label} value={params.get(key) ?? ''} onValue={(day) => setFilter(key, day ?? '')} textField={{ size: 'small', sx: { width: 190 } }} />
  );

  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <PageTitle title={ownMessages.auditTitle} />
      <Card sx={{ p: 2 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          {field('team_id', ownMessages.auditTeam, {
            select: true,
            sx: { minWidth: 160 },
            children: [
              <MenuItem key="" value="">
                {messages.allTeams}
              </MenuItem>,
              ...access.teams.map((t) => (
                <MenuItem key={t.id} value={String(t.id)}>
                  {t.name}
                </MenuItem>
              )),
            ],
          })}
          {field('category', ownMessages.auditCategory, {
            select: true,
            sx: { minWidth: 160 },
            children: [
              <MenuItem key="" value="">
                {ownMessages.auditAllCategories}
              </MenuItem>,
              ...categories.map((c) => (
                <MenuItem key={c.key} value={c.key}>
                  {c.title}
                </MenuItem>
              )),
            ],
          })}
          {field('object_id', ownMessages.auditObjectId, { sx: { width: 110 } })}
          {field('user_id', ownMessages.auditUserId, { sx: { width: 110 } })}
          {field('action', ownMessages.auditAction, { sx: { width: 160 } })}
          {dayField('from', ownMessages.auditFrom)}
          {dayField('to', ownMessages.auditTo)}
          <Box sx={{ flexGrow: 1 }} />
          <Button startIcon={<DownloadIcon />} onClick={() => void exportCsv()}>
            {ownMessages.exportCsv}
          </Button>
        </Stack>
      </Card>
      <Card>
        {!isPending && data?.total === 0 ? (
          <Typography sx={{ p: 2 }}>{ownMessages.auditNoEntries}</Typography>
        ) : (
          <Table size="small" aria-label={ownMessages.auditTitle}>
            <TableHead>
              <TableRow>
                {[ownMessages.auditWhen, ownMessages.auditWho, ownMessages.auditTeam, ownMessages.auditObject, ownMessages.auditAction, ownMessages.auditChanges].map((h) => (
                  <TableCell key={h}>{h}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {(data?.rows ?? []).map((entry) => {
                const category = known(entry.category);
                const name = entry.object_name ?? (entry.object_id === null ? '' : String(entry.object_id));
                return (
                  <TableRow key={`${entry.id}-${entry.team_id ?? ''}`} data-testid="audit-entry">
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(entry.at)}</TableCell>
                    <TableCell>{who(entry)}</TableCell>
                    <TableCell>{teamName(entry.team_id)}</TableCell>
                    <TableCell>
                      {category?.title ?? entry.category}{' '}
                      {category && entry.object_id !== null && entry.action !== 'delete' ? (
                        <ObjectViewLink category={category} id={entry.object_id}>
                          {name}
                        </ObjectViewLink>
                      ) : (
                        name
                      )}
                    </TableCell>
                    <TableCell>{entry.action}</TableCell>
                    <TableCell>
                      <Changes entry={entry} />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
            <TableFooter>
              <TableRow>
                <TablePagination
                  count={data?.total ?? 0}
                  page={page}
                  rowsPerPage={pageSize}
                  rowsPerPageOptions={PAGE_SIZES}
                  onRowsPerPageChange={(event) => {
                    setPageSize(Number(event.target.value));
                    setPage(0);
                  }}
                  onPageChange={(_event, next) => setPage(next)}
                />
              </TableRow>
            </TableFooter>
          </Table>
        )}
      </Card>
    </Stack>
  );
};
