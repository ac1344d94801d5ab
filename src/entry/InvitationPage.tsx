/**
 * /invitation#{token} (issue 29, item 1): whoever a server administrator invited chooses their
 * password here, twice, under the password rules (the server checks them all again, with its list
 * of common passwords), and is signed in: the page then goes home, where the console opens. A
 * link that is unknown, used or expired says so and what to do (ask for a new one). Light, like the
 * sign-in page: it is shown signed out, before the console's script is loaded.
 */
import { useState, type FormEvent } from 'react';
import { messages, ownMessages } from '../messages';
import { http } from '../dataProvider/http';
import { profileStore } from '../dataProvider/profile';
import { passwordProblem } from '../schemas/passwordRules';
import { signInErrorMessage } from '../custom/signInErrorMessage';
import { invitationApiPath } from '../custom/invitationPath';
import { HOME_PATH } from '../custom/safeNextPath';
import { navigate } from './navigation';
import { Alert, PageCard } from './parts';

export const InvitationPage = ({ token }: { token: string }) => {
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordProblem(password) ?? (password === repeated ? undefined : ownMessages.passwordsDiffer);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await http(invitationApiPath(token), { method: 'POST', body: { password } });
      // The link is spent: home, where the console opens for the user now signed in.
      navigate(HOME_PATH, { replace: true });
      await profileStore.load({ fresh: true });
    } catch (e) {
      setError(signInErrorMessage(e));
      setBusy(false);
    }
  };

  if (token === '') {
    return (
      <PageCard maxWidth={440}>
        <h1 className="pucs-title">{ownMessages.invitationTitle}</h1>
        <Alert severity="error">{ownMessages.invitationMissing}</Alert>
      </PageCard>
    );
  }
  return (
    <PageCard maxWidth={440}>
      <form className="pucs-form pucs-stack" onSubmit={submit} noValidate>
        <h1 className="pucs-title">{ownMessages.invitationTitle}</h1>
        <p>{ownMessages.invitationIntro(messages.productName)}</p>
        {error && <Alert severity="error">{error}</Alert>}
        <div className="pucs-field">
          <label htmlFor="invitation-password">{ownMessages.password}</label>
          <input id="invitation-password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" autoFocus required />
        </div>
        <div className="pucs-field">
          <label htmlFor="invitation-repeat">{ownMessages.passwordRepeat}</label>
          <input id="invitation-repeat" type="password" value={repeated} onChange={(e) => setRepeated(e.target.value)} autoComplete="new-password" required />
        </div>
        <button className="pucs-button" type="submit" disabled={busy || password === '' || repeated === ''}>
          {ownMessages.invitationSubmit}
        </button>
      </form>
    </PageCard>
  );
};
