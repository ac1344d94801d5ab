/**
 * The sign-in page's form, light enough for the first script a visitor downloads. Errors stay on
 * the page (wrong credentials, too many attempts) rather than in an alert: the user is about to
 * retry in the same form. Signing in updates the profile store; whoever shows the form (the light
 * entry, the console's /login route) moves on from there. The server draws it into the page of
 * /login (server/routes/drawnPages.tsx), where a visitor may type before this script takes it over.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { messages, ownMessages } from '../messages';
import { profileStore } from '../dataProvider/profile';
import { signInErrorMessage } from '../custom/signInErrorMessage';
import { Alert, PageCard } from './parts';

/**
 * onTyping (called on every keystroke): the user is signing in, time to fetch what comes next. Not
 * on focus: the username field has it from the start, and a visitor who only looks costs nothing.
 */
export const SignInForm = ({ onTyping }: { onTyping?: () => void }) => {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const usernameField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);

  // Taking over the form the server drew, React keeps the fields' text but starts from empty values:
  // what was typed before the script ran is taken as typed (the Sign in button then enabled).
  useEffect(() => {
    if (usernameField.current?.value) setUsername(usernameField.current.value);
    if (passwordField.current?.value) setPassword(passwordField.current.value);
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await profileStore.signIn({ username, password });
    } catch (e) {
      setError(signInErrorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageCard maxWidth={400}>
      <form className="pucs-form pucs-stack" onSubmit={submit} onInput={onTyping} noValidate>
        <h1 className="pucs-title">{messages.productName}</h1>
        {error && <Alert severity="error">{error}</Alert>}
        <div className="pucs-field">
          <label htmlFor="login-username">{ownMessages.username}</label>
          <input
            ref={usernameField}
            id="login-username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            autoComplete="username"
            autoCapitalize="none"
            autoFocus
            required
          />
        </div>
        <div className="pucs-field">
          <label htmlFor="login-password">{ownMessages.password}</label>
          <input
            ref={passwordField}
            id="login-password"
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
            required
          />
        </div>
        <button className="pucs-button" type="submit" disabled={busy || username === '' || password === ''}>
          {ownMessages.signIn}
        </button>
      </form>
    </PageCard>
  );
};
