/**
 * The Users page's 'New user': a username and whether the user is a server administrator. The user
 * chooses their own password from the one-time link the creation answers (shown by the page).
 */
import { useState, type FormEvent } from 'react';
import { Button, Checkbox, FormControlLabel, Stack, TextField } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { ownMessages } from '../../messages';
import { USERNAME_PATTERN } from '../../schemas/user';
import type { NewUser } from './useUserActions';

export interface NewUserFormProps {
  busy: boolean;
  /** true once created: the form empties. */
  onCreate: (user: NewUser) => Promise<boolean>;
}

export const NewUserForm = ({ busy, onCreate }: NewUserFormProps) => {
  const [username, setUsername] = useState('');
  const [isServerAdmin, setIsServerAdmin] = useState(false);
  const invalid = username !== '' && !USERNAME_PATTERN.test(username);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (username === '' || invalid) return;
    if (await onCreate({ username, isServerAdmin })) {
      setUsername('');
      setIsServerAdmin(false);
    }
  };
  return (
    <Stack component="form" direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }} onSubmit={(e) => void submit(e)}>
      <TextField
        size="small"
        label={ownMessages.newUser}
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        error={invalid}
        helperText={invalid ? ownMessages.usernameInvalid : ownMessages.newUserHelp}
        slotProps={{ htmlInput: { 'aria-label': ownMessages.newUser, maxLength: 64 } }}
      />
      <FormControlLabel control={<Checkbox checked={isServerAdmin} onChange={(e) => setIsServerAdmin(e.target.checked)} />} label={ownMessages.userServerAdmin} />
      <Button type="submit" variant="contained" startIcon={<PersonAddIcon />} disabled={busy || username === '' || invalid}>
        {ownMessages.createUserAction}
      </Button>
    </Stack>
  );
};
