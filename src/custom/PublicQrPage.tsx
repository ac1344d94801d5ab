/**
 * The public QR page (/qr?id=...) inside the console: the light entry's page (src/entry/QrPage.tsx)
 * plus what only a signed-in visitor is offered (spec section 6): the claim of a device waiting to
 * be claimed, else for a visitor outside the device's team the not-a-member message.
 */
import { messages } from '../messages';
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
      {claim}
    </>
  );
};

export const PublicQrPage = () => (
  <QrPage id={useQueryParam('id')} link={ConsoleLink} signedInAccess={(info, contact) => <SignedInAccess info={info} contact={contact} />} />
);
