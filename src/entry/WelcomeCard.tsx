/**
 * What a signed-out visitor sees on every console route (spec section 1): a welcome text and a
 * sign-in button leading to the sign-in page, which brings them back to `next` afterwards.
 */
import { ownMessages } from '../messages';
import { loginHref } from '../custom/safeNextPath';
import type { LinkComponent } from './navigation';
import { PageCard } from './parts';

export const WelcomeCard = ({ next, link: Link }: { next: string; link: LinkComponent }) => (
  <PageCard maxWidth={480}>
    <h1 className="pucs-title">{ownMessages.welcome}</h1>
    <p className="pucs-text">{ownMessages.welcomeText}</p>
    <div>
      <Link href={loginHref(next)} className="pucs-button">
        {ownMessages.signIn}
      </Link>
    </div>
  </PageCard>
);
