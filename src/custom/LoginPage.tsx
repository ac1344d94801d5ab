/**
 * The sign-in page (/login?next=...). Errors stay on the page (wrong credentials, too many
 * attempts) rather than in an alert: the user is about to retry in the same form.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { Navigate, useAuthProvider } from 'react-admin';
import { messages, ownMessages } from '../messages';
import { useProfileState } from './useProfileState';
import { useQueryParam } from '../resources/useQueryParam';
import { safeNextPath } from './safeNextPath';
import { signInErrorMessage } from './signInErrorMessage';

export const LoginPage = () => {
  const authProvider = useAuthProvider();
  const profile = useProfileState();
  const next = safeNextPath(useQueryParam('next'));
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  // Signed in (now, or already when arriving): go where the visitor came from.
  if (profile.status === 'signedIn') return <Navigate to={next} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!authProvider) return;
    setBusy(true);
    setError(undefined);
    try {
      await authProvider.login({ username, password });
    } catch (e) {
      setError(signInErrorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent>
          <Box component="form" onSubmit={submit} noValidate>
            <Stack spacing={2}>
              <Typography variant="h5" component="h1">
                {messages.productName}
              </Typography>
              {error && (
                <Alert severity="error" role="alert">
                  {error}
                </Alert>
              )}
              <TextField
                id="login-username"
                label={ownMessages.username}
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                autoComplete="username"
                autoFocus
                required
              />
              <TextField
                id="login-password"
                label={ownMessages.password}
                type="password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoComplete="current-password"
                required
              />
              <Button type="submit" variant="contained" disabled={busy || username === '' || password === ''}>
                {ownMessages.signIn}
              </Button>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
};
