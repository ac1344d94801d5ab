/**
 * The signed-in user's own password change (PUT /api/user/{own id} with password and
 * current_password): the rules the console can check alone (length, not the username:
 * src/schemas/passwordRules.ts) show under the new password as it is typed; the server's answer
 * (a wrong current password, a common password) shows under the field it is about.
 */
import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useDataProvider, useNotify } from 'react-admin';
import { messages, ownMessages } from '../../messages';
import { passwordProblem } from '../../schemas/passwordRules';
import { HttpError } from '../../dataProvider/http';

/** The server's messages about the current password; any other is about the new one. */
const CURRENT_PASSWORD_MESSAGES: readonly string[] = [
  ownMessages.currentPasswordMissing,
  ownMessages.currentPasswordWrong,
  ownMessages.passwordChangeTooMany,
];

interface Props {
  userId: number;
  username: string;
  onClose(): void;
}

export const ChangePasswordDialog = ({ userId, username, onClose }: Props) => {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string }>({});
  const [busy, setBusy] = useState(false);
  const liveProblem = next === '' ? undefined : passwordProblem(next, { username });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = { current: current === '' ? ownMessages.currentPasswordMissing : undefined, next: passwordProblem(next, { username }) };
    setErrors(problems);
    if (problems.current || problems.next) return;
    setBusy(true);
    try {
      await dataProvider.update('user', {
        id: userId,
        data: { password: next, current_password: current },
        previousData: { id: userId },
        meta: { report: false },
      });
      notify(ownMessages.passwordChanged, { type: 'success' });
      onClose();
    } catch (error) {
      const text = (error instanceof HttpError && error.description) || (error as Error).message;
      setErrors(CURRENT_PASSWORD_MESSAGES.includes(text) ? { current: text } : { next: text });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{ownMessages.changePassword}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {/* A hidden username lets a password manager file the new password under the right account. */}
            <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
            <TextField
              type="password"
              label={ownMessages.currentPassword}
              autoComplete="current-password"
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
              error={errors.current !== undefined}
              helperText={errors.current}
              autoFocus
            />
            <TextField
              type="password"
              label={ownMessages.newPassword}
              autoComplete="new-password"
              value={next}
              onChange={(e) => {
                setNext(e.target.value);
                setErrors((old) => ({ ...old, next: undefined }));
              }}
              error={(errors.next ?? liveProblem) !== undefined}
              helperText={errors.next ?? liveProblem}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{messages.cancel}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {messages.submit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
