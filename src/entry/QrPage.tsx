/**
 * The public QR page in the browser (spec sections 2 and 6): QrPageView.tsx drawn from the profile,
 * the QR code's public information and the contact link. It is shown without a sign-in check: the
 * public information comes with the page the server drew, or is read at once, in parallel with the
 * profile (src/custom/qrInfoRead.ts).
 */
import { useProfileState } from '../custom/useProfileState';
import { useQrContact, useQrPublicInfo } from '../custom/qrPublicInfo';
import { QrPageView, type QrPageProps } from './QrPageView';

export const QrPage = (props: QrPageProps) => {
  const profile = useProfileState();
  return <QrPageView {...props} session={profile.status} load={useQrPublicInfo(props.id, profile.status)} contact={useQrContact()} />;
};
