/**
 * The public QR page (/qr?id=...) inside the console: the light entry's page (src/entry/QrPage.tsx)
 * plus what only a signed-in visitor is offered (spec section 6): the claim of a device waiting to
 * be claimed, the link to the device for a member of its team, else the not-a-member message.
 */
import { messages, ownMessages } from '../messages';
import { device } from '../schemas/device';
import { objectHref, viewRoute } from '../resources/consoleRoutes';
import { useQueryParam } from '../resources/useQueryParam';
import { QrPage } from '../entry/QrPage';
import { Alert } from '../entry/parts';
import type { QrPublicInfo } from './qrPaths';
import { ClaimSection } from './claim/ClaimSection';
import { ClaimedNotice } from './claim/ClaimedNotice';
import { ConsoleLink } from './ConsoleLink';

/** Members of the device's team may claim it too, into another of their teams. */
const SignedInAccess = ({ info, contact }: { info: QrPublicInfo; contact: string | undefined }) => {
  const claim = info.to_be_claimed && <ClaimSection qrId={info.id} contact={contact} />;
  if (info.device_id === undefined) return claim || <Alert severity="warning">{messages.notTeamMember}</Alert>;
  return (
    <>
      <ClaimedNotice qrId={info.id} />
      <div>
        <ConsoleLink href={objectHref(viewRoute(device), info.device_id)}>{ownMessages.qrFullInformation}</ConsoleLink>
      </div>
      {claim}
    </>
  );
};

export const PublicQrPage = () => (
  <QrPage id={useQueryParam('id')} link={ConsoleLink} signedInAccess={(info, contact) => <SignedInAccess info={info} contact={contact} />} />
);
