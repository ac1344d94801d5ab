/** 'Create a team' on the teams page: POST /api/team {name}, the name checked by the schema's rule first. */
import { useState, type FormEvent } from 'react';
import { Button, Stack, TextField } from '@mui/material';
import { ownMessages } from '../../messages';
import { fieldProblem } from '../../schemas';
import { team } from '../../schemas/team';
import type { MemberActions } from './useMemberActions';

export const CreateTeamForm = ({ actions }: { actions: MemberActions }) => {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = fieldProblem(team.fields.name, name);
    setError(problem);
    if (problem) return;
    if (await actions.createTeam(name.trim())) setName('');
  };
  return (
    <Stack component="form" direction="row" spacing={1} useFlexGap sx={{ alignItems: 'flex-start' }} onSubmit={submit}>
      <TextField
        size="small"
        fullWidth={false}
        label={ownMessages.newTeamName}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={error !== undefined}
        helperText={error}
      />
      <Button type="submit" variant="contained" disabled={actions.busy}>
        {ownMessages.createTeam}
      </Button>
    </Stack>
  );
};
