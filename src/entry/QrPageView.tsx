/**
 * What the public QR page (/qr?id=...) shows, reachable without signing in (spec sections 2 and 6):
 * the device as its label names it, whether it waits to be claimed, the label, its provisioning,
 * the link to the device for every visitor (the device's page signs in or refuses), and what the
 * visitor must do next. A signed-in visitor's part (claim, not-a-member notice) comes from the
 * console (`signedInAccess`, src/custom/PublicQrPage.tsx), which a visitor on a phone never
 * downloads. Made for a phone first: a QR label is scanned with one.
 * Drawn from its props alone: the server draws it into the page it sends (server/routes/
 * drawnPages.tsx), so that a phone shows it before any script runs, and the browser's QrPage.tsx
 * takes that over with the same markup.
 */
import { useState, type ReactNode } from 'react';
import { messages, ownMessages } from '../messages';
import { deviceViewHref, qrLoginHref, type QrDevice, type QrPublicInfo } from '../custom/qrPaths';
import { svgDataUrl } from '../custom/svgDataUrl';
import type { QrLoad } from '../custom/qrLoad';
import type { ProfileState } from '../dataProvider/profile';
import type { LinkComponent } from './navigation';
import { Alert, PageCard, Spinner } from './parts';
import { Facts, JsonFacts } from './Facts';

/** A device without a type prints none: no empty row. */
const Identity = ({ device }: { device: QrDevice }) => {
  const entries = [
    { label: ownMessages.qrDeviceName, value: device.name },
    { label: ownMessages.qrDeviceType, value: device.type },
    { label: device.name_of_uid, value: device.uid_for_type },
    { label: ownMessages.qrDeviceTeam, value: device.team },
  ];
  return <Facts label={ownMessages.qrDevice} entries={entries.filter((entry) => entry.value !== '')} />;
};

const RAW_ID = 'pucs-qr-raw-provisioning';

const Provisioning = ({ value }: { value: unknown }) => {
  const [raw, setRaw] = useState(false);
  if (value === null || value === undefined) return <p className="pucs-text pucs-small">{messages.provisioningNotProvided}</p>;
  return (
    <section className="pucs-stack pucs-stack--tight">
      <h2 className="pucs-subtitle">{ownMessages.qrProvisioning}</h2>
      <JsonFacts value={value} />
      <div>
        <button className="pucs-button pucs-button--text" type="button" aria-expanded={raw} aria-controls={RAW_ID} onClick={() => setRaw(!raw)}>
          {raw ? ownMessages.qrHideRawJson : ownMessages.qrShowRawJson}
        </button>
      </div>
      {/* Always there, hidden when folded: the button's aria-controls names it. */}
      <pre id={RAW_ID} className="pucs-pre" hidden={!raw}>
        {JSON.stringify(value, null, 2)}
      </pre>
    </section>
  );
};

export interface QrPageProps {
  id: string | undefined;
  link: LinkComponent;
  /** What a signed-in visitor is offered (contact: the page's contact link, once read); nothing while it loads. */
  signedInAccess?: (info: QrPublicInfo, contact: string | undefined) => ReactNode;
}

export interface QrPageViewProps extends QrPageProps {
  session: ProfileState['status'];
  load: QrLoad;
  /** The page's contact link; none when none is configured (or not read yet). */
  contact: string | undefined;
}

export const QrPageView = ({ id, link: Link, signedInAccess, session, load, contact }: QrPageViewProps) => {
  const signedOut = session === 'signedOut';
  const signIn = (className?: string) => (
    <Link href={qrLoginHref(id)} className={className}>
      {ownMessages.signIn}
    </Link>
  );
  const access = (info: QrPublicInfo) => {
    if (signedOut) {
      // The button next to the notice that asks for it.
      return (
        <Alert severity="info" action={signIn('pucs-button')}>
          {info.to_be_claimed ? messages.loginToClaim : messages.loginToSee}
        </Alert>
      );
    }
    return session === 'signedIn' ? signedInAccess?.(info, contact) : undefined;
  };
  return (
    <PageCard maxWidth={640} top>
      <h1 className="pucs-title">{messages.productName}</h1>
      {load.state === 'loading' && <Spinner />}
      {load.state === 'failed' && <Alert severity="error">{load.message}</Alert>}
      {load.state === 'loaded' && (
        <>
          {load.info.to_be_claimed && <Alert severity="success">{ownMessages.qrWaitingToBeClaimed}</Alert>}
          <Identity device={load.info.device} />
          <div>
            <Link href={deviceViewHref(load.info.device.id)}>{ownMessages.qrFullInformation}</Link>
          </div>
          {access(load.info)}
          {load.info.label_svg_image && <img className="pucs-label-image" src={svgDataUrl(load.info.label_svg_image)} alt={ownMessages.qrLabelAlt} />}
          <Provisioning value={load.info.provisioning} />
        </>
      )}
      <div className="pucs-links">
        {/* With no device to show, no notice carries the spec's sign-in link: it stays among the links. */}
        {signedOut && load.state === 'failed' && signIn()}
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
