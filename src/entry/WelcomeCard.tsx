/**
 * What a signed-out visitor sees on every console route (spec section 1): a welcome text and a
 * sign-in button leading to the sign-in page, which brings them back to `next` afterwards. A visitor
 * whose page could not reach the server is told so (issue 27 item 1), with Retry: they may well be
 * signed in, and the console comes back by itself once the server answers (profile.ts).
 */
import { useSyncExternalStore } from 'react';
import { ownMessages } from '../messages';
import { reachability } from '../dataProvider/http';
import { loginHref } from '../custom/safeNextPath';
import type { LinkComponent } from './navigation';
import { Alert, PageCard } from './parts';

const Unreachable = () => {
  const reachable = useSyncExternalStore(reachability.subscribe, reachability.reachable);
  if (reachable) return null;
  return (
    <Alert
      severity="warning"
      action={
        <button type="button" className="pucs-button" onClick={reachability.checkNow}>
          {ownMessages.retry}
        </button>
      }
    >
      {ownMessages.serverUnreachable}
    </Alert>
  );
};

export const WelcomeCard = ({ next, link: Link }: { next: string; link: LinkComponent }) => (
  <PageCard maxWidth={480}>
    <Unreachable />
    <h1 className="pucs-title">{ownMessages.welcome}</h1>
    <p className="pucs-text">{ownMessages.welcomeText}</p>
    <div>
      <Link href={loginHref(next)} className="pucs-button">
        {ownMessages.signIn}
      </Link>
    </div>
  </PageCard>
);
