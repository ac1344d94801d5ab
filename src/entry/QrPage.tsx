/**
 * The public QR page (/qr?id=...), reachable without signing in (spec sections 2 and 6): the device
 * label, whether the device waits to be claimed, its provisioning, and what the visitor must do
 * next. It is shown without a sign-in check: the public information is read at once, in parallel
 * with the profile. A signed-in visitor's part (claim, link to the device) comes from the console
 * (`signedInAccess`, src/custom/PublicQrPage.tsx), which a visitor on a phone never downloads.
 */
import type { ReactNode } from 'react';
import { messages, ownMessages } from '../messages';
import { useProfileState } from '../custom/useProfileState';
import { qrLoginHref, type QrPublicInfo } from '../custom/qrPaths';
import { svgDataUrl } from '../custom/svgDataUrl';
import { useQrContact, useQrPublicInfo } from '../custom/qrPublicInfo';
import type { LinkComponent } from './navigation';
import { Alert, PageCard, Spinner } from './parts';

const Provisioning = ({ value }: { value: unknown }) =>
  value === null || value === undefined ? (
    <p className="pucs-text pucs-small">{messages.provisioningNotProvided}</p>
  ) : (
    <div>
      <h2 className="pucs-subtitle">{ownMessages.qrProvisioning}</h2>
      <pre className="pucs-pre">{JSON.stringify(value, null, 2)}</pre>
    </div>
  );

export interface QrPageProps {
  id: string | undefined;
  link: LinkComponent;
  /** What a signed-in visitor is offered (contact: the page's contact link, once read); nothing while it loads. */
  signedInAccess?: (info: QrPublicInfo, contact: string | undefined) => ReactNode;
}

export const QrPage = ({ id, link: Link, signedInAccess }: QrPageProps) => {
  const profile = useProfileState();
  const load = useQrPublicInfo(id, profile.status === 'signedIn');
  const contact = useQrContact();
  const access = (info: QrPublicInfo) => {
    if (profile.status === 'signedOut') return <Alert severity="info">{info.to_be_claimed ? messages.loginToClaim : messages.loginToSee}</Alert>;
    return profile.status === 'signedIn' ? signedInAccess?.(info, contact) : undefined;
  };
  return (
    <PageCard maxWidth={640} top>
      <h1 className="pucs-title">{messages.productName}</h1>
      {load.state === 'loading' && <Spinner />}
      {load.state === 'failed' && <Alert severity="error">{load.message}</Alert>}
      {load.state === 'loaded' && (
        <>
          {load.info.label_svg_image && <img className="pucs-label-image" src={svgDataUrl(load.info.label_svg_image)} alt={ownMessages.qrLabelAlt} />}
          {load.info.to_be_claimed && <Alert severity="success">{ownMessages.qrWaitingToBeClaimed}</Alert>}
          <Provisioning value={load.info.provisioning} />
          {access(load.info)}
        </>
      )}
      <div className="pucs-links">
        {profile.status === 'signedOut' && <Link href={qrLoginHref(id)}>{ownMessages.signIn}</Link>}
        <Link href="/">{messages.home}</Link>
        {contact && (
          <a className="pucs-link" href={contact}>
            {ownMessages.qrContact}
          </a>
        )}
      </div>
    </PageCard>
  );
};
