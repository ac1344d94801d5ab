/**
 * What every page load shows first (src/main.tsx), without react-admin: the pages a signed-out
 * visitor may see (spec section 2: the QR page, shown without a sign-in check; the sign-in page;
 * the invitation page, where an invited user chooses a password; the welcome page on every other route), and the console once a profile is there, at startup or
 * after signing in. From then on the console owns every route, signed out again included.
 */
import { useCallback, useEffect, useLayoutEffect, useState, type ComponentType, type ReactNode } from 'react';
import { ownMessages } from '../messages';
import { useProfileState } from '../custom/useProfileState';
import { LOGIN_PATH, loginHref } from '../custom/safeNextPath';
import { QR_LOGIN_PATH, QR_PAGE_PATH, qrPageHref } from '../custom/qrPaths';
import { CHUNK_TIMEOUT_MS, ChunkTimeoutError } from '../chunkTimeout';
import { loadConsole, prefetchConsole } from './consoleChunk';
import { EntryLink, navigate, useCurrentHref } from './navigation';
import { routeOf } from './startupReads';
import { Alert, Spinner } from './parts';
import { QrPage } from './QrPage';
import { SignInForm } from './SignInForm';
import { WelcomeCard } from './WelcomeCard';
import { InvitationPage } from './InvitationPage';
import { INVITATION_PATH, invitationToken } from '../custom/invitationPath';

const PageSpinner = () => (
  <div className="pucs-page">
    <Spinner />
  </div>
);

const Redirect = ({ to }: { to: string }) => {
  useLayoutEffect(() => navigate(to, { replace: true }), [to]);
  return null;
};

type ConsoleState = { status: 'loading' } | { status: 'loaded'; App: ComponentType } | { status: 'failed'; timedOut: boolean };

/** The console, with `fallback` on screen while its chunk loads, and Retry when that fails. */
const ConsoleLoader = ({ fallback }: { fallback: ReactNode }) => {
  const [state, setState] = useState<ConsoleState>({ status: 'loading' });
  const start = useCallback(() => {
    setState({ status: 'loading' });
    loadConsole().then(
      (App) => setState({ status: 'loaded', App }),
      (error: unknown) => setState({ status: 'failed', timedOut: error instanceof ChunkTimeoutError }),
    );
  }, []);
  useEffect(start, [start]);
  if (state.status === 'loaded') return <state.App />;
  if (state.status === 'loading') return fallback;
  const action = (
    <button className="pucs-button" type="button" onClick={start}>
      {ownMessages.retry}
    </button>
  );
  return (
    <div className="pucs-page">
      <Alert severity="error" action={action}>
        {state.timedOut ? ownMessages.chunkTimedOut(CHUNK_TIMEOUT_MS / 1000) : ownMessages.chunkLoadFailed}
      </Alert>
    </div>
  );
};

export const PublicEntry = () => {
  const profile = useProfileState();
  const href = useCurrentHref();
  const [consoleShown, setConsoleShown] = useState(false);
  // Once signed in, the console stays: it has its own pages for a user who signs out.
  if (profile.status === 'signedIn' && !consoleShown) setConsoleShown(true);

  const url = new URL(href, window.location.origin);
  const route = routeOf(url.pathname);
  const id = url.searchParams.get('id') ?? undefined;
  const qrPage = route === QR_PAGE_PATH ? <QrPage id={id} link={EntryLink} /> : undefined;
  // An invitation link is for whoever opens it, signed in as someone else or not: the page signs them in.
  if (route === INVITATION_PATH) return <InvitationPage token={invitationToken(window.location.hash)} />;
  if (consoleShown || profile.status === 'signedIn') return <ConsoleLoader fallback={qrPage ?? <PageSpinner />} />;
  if (qrPage) return qrPage;
  if (profile.status === 'loading') return <PageSpinner />;
  if (route === routeOf(QR_LOGIN_PATH)) return <Redirect to={loginHref(qrPageHref(id))} />;
  if (route === LOGIN_PATH) return <SignInForm onTyping={prefetchConsole} />;
  return <WelcomeCard next={href} link={EntryLink} />;
};
