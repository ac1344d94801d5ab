/**
 * /users, for server administrators (issue 29, item 1): every user of the server, searched by
 * username and paged by the server like any table, with their last sign-in; switches for active
 * and server administrator; New user, which shows the invitation link once; New link per user.
 * Anyone else gets the not-found page (the API shows them no directory either).
 */
import { useState } from 'react';
import { Button, Card, CardContent, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import LinkIcon from '@mui/icons-material/Link';
import { ListBase, Pagination, useListContext } from 'react-admin';
import type { PageProps } from '../overrides';
import { pageTitle } from '../pageTitle';
import { PageTitle } from '../PageTitle';
import { reportedElsewhere, scrollWide } from '../list/CategoryTable';
import { ListFilterBar } from '../list/ListFilterBar';
import { PAGE_SIZE } from '../../schemas/preferences';
import { retryWhileUnreachable } from '../../dataProvider/queryClient';
import { useProfileState } from '../../custom/useProfileState';
import { NotFoundPage } from '../../custom/NotFoundPage';
import { ownMessages } from '../../messages';
import { formatDate } from '../../formatDate';
import { useConfirm } from '../../custom/confirm/useConfirm';
import { InvitationLinkDialog } from './InvitationLinkDialog';
import { NewUserForm } from './NewUserForm';
import { useUserActions, type ShownLink, type UserRow } from './useUserActions';

const USER_FIELDS: readonly string[] = ['id', 'username', 'is_server_admin', 'active', 'last_sign_in'];

export const UsersPage = ({ route }: PageProps) => {
  const { category } = route;
  const profile = useProfileState();
  const actions = useUserActions();
  const [link, setLink] = useState<ShownLink>();
  if (profile.status !== 'signedIn' || !profile.profile.is_server_admin) return <NotFoundPage />;
  const onCreate = async (user: Parameters<typeof actions.create>[0]) => {
    const shown = await actions.create(user);
    if (shown) setLink(shown);
    return shown !== undefined;
  };
  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <PageTitle title={pageTitle('table', category)} />
      <ListBase resource={category.key} perPage={PAGE_SIZE} sort={{ field: 'username', order: 'ASC' }} queryOptions={{ meta: { fields: USER_FIELDS }, onError: reportedElsewhere, retry: retryWhileUnreachable }}>
        <Card>
          <CardContent>
            <Stack spacing={2}>
              <ListFilterBar category={category} />
              <NewUserForm busy={actions.busy} onCreate={onCreate} />
            </Stack>
          </CardContent>
        </Card>
        <UsersTable actions={actions} onLink={setLink} selfId={profile.profile.id} usernameLabel={category.fields.username.label} />
        <Pagination />
      </ListBase>
      {link && <InvitationLinkDialog link={link} onClose={() => setLink(undefined)} />}
    </Stack>
  );
};

interface UsersTableProps {
  actions: ReturnType<typeof useUserActions>;
  onLink: (link: ShownLink) => void;
  selfId: number;
  usernameLabel: string;
}

const UsersTable = ({ actions, onLink, selfId, usernameLabel }: UsersTableProps) => {
  const { data, isPending } = useListContext<UserRow>();
  const confirm = useConfirm();
  const newLink = async (user: UserRow) => {
    if (!(await confirm({ text: ownMessages.newInvitationLinkConfirm(user.username), confirmLabel: ownMessages.newInvitationLink, danger: true }))) return;
    const shown = await actions.newLink(user);
    if (shown) onLink(shown);
  };
  if (!isPending && data?.length === 0) return <Typography sx={{ p: 2 }}>{ownMessages.noUsersFound}</Typography>;
  return (
    <Card sx={scrollWide}>
      <Table size="small" aria-label={ownMessages.usersTitle}>
        <TableHead>
          <TableRow>
            <TableCell>{usernameLabel}</TableCell>
            <TableCell>{ownMessages.userActive}</TableCell>
            <TableCell>{ownMessages.userServerAdmin}</TableCell>
            <TableCell>{ownMessages.userLastSignIn}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {data?.map((user) => (
            <TableRow key={user.id} data-testid={`user-row-${user.username}`}>
              <TableCell>{user.username}</TableCell>
              <TableCell>
                <Switch
                  checked={user.active}
                  disabled={actions.busy}
                  onChange={(e) => void actions.set(user, { active: e.target.checked })}
                  slotProps={{ input: { 'aria-label': `${ownMessages.userActive}: ${user.username}` } }}
                />
              </TableCell>
              <TableCell>
                <Switch
                  checked={user.is_server_admin === true}
                  disabled={actions.busy}
                  onChange={(e) => void actions.set(user, { is_server_admin: e.target.checked })}
                  slotProps={{ input: { 'aria-label': `${ownMessages.userServerAdmin}: ${user.username}` } }}
                />
              </TableCell>
              <TableCell>{user.last_sign_in ? formatDate(user.last_sign_in, { time: true }) : ownMessages.neverSignedIn}</TableCell>
              <TableCell align="right">
                {user.id !== selfId && (
                  <Button size="small" startIcon={<LinkIcon />} disabled={actions.busy} onClick={() => void newLink(user)}>
                    {ownMessages.newInvitationLink}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
};
