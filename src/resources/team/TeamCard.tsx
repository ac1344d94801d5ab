/**
 * One team on the teams page: its members with their roles. The team's admins change roles
 * with the local roles dropdown ('Saved' once stored) and remove members, each asked in the page first,
 * and add a user by username; everyone else reads the same list without controls. A refusal
 * about the username (no such user, already a member) is said under the field and in the form's
 * error list, as object forms say theirs, while the typed name stays.
 */
import { useState, type FormEvent } from 'react';
import {
  Button,
  Card,
  CardContent,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { ownMessages } from '../../messages';
import { useConfirm } from '../../custom/confirm/useConfirm';
import { ROLE, roleLabel } from '../../schemas/role';
import { RoleSelect } from './RoleSelect';
import { memberCount, membersOf, type Member, type TeamWithMembers } from './teamMembers';
import type { MemberActions } from './useMemberActions';
import { ErrorList } from '../object/ErrorList';

export interface TeamCardProps {
  team: TeamWithMembers;
  isAdmin: boolean;
  actions: MemberActions;
}

export const TeamCard = ({ team, isAdmin, actions }: TeamCardProps) => {
  const members = membersOf(team);
  const total = memberCount(team);
  const headingId = `team-${team.id}-heading`;
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography variant="h6" component="h2" id={headingId} gutterBottom>
          {team.name}
        </Typography>
        <Table size="small" aria-label={ownMessages.members}>
          <TableHead>
            <TableRow>
              <TableCell>{ownMessages.username}</TableCell>
              <TableCell>{ownMessages.role}</TableCell>
              {isAdmin && <TableCell align="right">{ownMessages.memberActions}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {members.map((member) => (
              <MemberRow key={member.id} team={team} member={member} isAdmin={isAdmin} actions={actions} />
            ))}
            {members.length === 0 && (
              <TableRow>
                <TableCell colSpan={isAdmin ? 3 : 2}>{ownMessages.noMembers}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
        {total > members.length && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {ownMessages.membersCut(members.length, total)}
          </Typography>
        )}
        {isAdmin ? (
          <AddMemberForm teamId={team.id} actions={actions} />
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {ownMessages.readOnlyTeam}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
};

const MemberRow = ({ team, member, isAdmin, actions }: { team: TeamWithMembers; member: Member; isAdmin: boolean; actions: MemberActions }) => {
  const username = member.username ?? '';
  const confirm = useConfirm();
  const remove = async () => {
    const text = ownMessages.confirmRemoveMember(username, team.name);
    if (await confirm({ text, confirmLabel: ownMessages.confirmRemoveMemberLabel, danger: true })) await actions.removeMember(member);
  };
  // Asked first: a role decides what the member may change or see. Refused, the select shows the stored role again.
  const changeRole = async (roleId: number) => {
    const text = ownMessages.confirmRoleChange(username, team.name, roleLabel(member.role_id), roleLabel(roleId));
    if (await confirm({ text, confirmLabel: ownMessages.confirmRoleChangeLabel })) await actions.setRole(member, roleId);
  };
  return (
    <TableRow>
      <TableCell>{username}</TableCell>
      <TableCell>
        {isAdmin ? (
          <RoleSelect
            label={ownMessages.roleOf(username)}
            hiddenLabel
            value={member.role_id}
            disabled={actions.busy}
            onChange={(roleId) => void changeRole(roleId)}
          />
        ) : (
          roleLabel(member.role_id)
        )}
      </TableCell>
      {isAdmin && (
        <TableCell align="right">
          <IconButton aria-label={ownMessages.removeMember(username)} title={ownMessages.removeMember(username)} onClick={() => void remove()} disabled={actions.busy}>
            <PersonRemoveIcon />
          </IconButton>
        </TableCell>
      )}
    </TableRow>
  );
};

const AddMemberForm = ({ teamId, actions }: { teamId: number; actions: MemberActions }) => {
  const [username, setUsername] = useState('');
  const [roleId, setRoleId] = useState<number>(ROLE.USER);
  // The server's refusal of the name as typed: it stays until the name changes.
  const [refused, setRefused] = useState<{ message: string; username: string }>();
  const problem = refused !== undefined && refused.username === username ? refused.message : undefined;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefused(undefined);
    const outcome = await actions.addMember(teamId, username.trim(), roleId);
    // Kept on failure, so the user can correct the name.
    if (outcome.added) setUsername('');
    else if (outcome.refusal) setRefused({ message: outcome.refusal.message, username });
  };
  return (
    <Stack component="form" spacing={1} sx={{ mt: 2 }} onSubmit={submit}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          size="small"
          fullWidth={false}
          label={ownMessages.username}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          error={problem !== undefined}
          helperText={problem}
          // A refusal under the field wraps instead of widening it (the form does not jump).
          sx={{ width: { xs: '100%', sm: 260 } }}
        />
        <RoleSelect label={ownMessages.role} value={roleId} onChange={setRoleId} />
        <Button type="submit" variant="outlined" disabled={actions.busy || username.trim() === ''}>
          {ownMessages.addMember}
        </Button>
      </Stack>
      <ErrorList items={problem === undefined ? [] : [problem]} />
    </Stack>
  );
};
