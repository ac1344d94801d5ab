/**
 * /qr_code_page_login/?id={id}, the sign-in link of the public QR page: a signed-out visitor goes
 * through the sign-in page and comes back to /qr?id={id}; a signed-in one goes straight there.
 */
import { Loading, Navigate } from 'react-admin';
import { useQueryParam } from '../resources/useQueryParam';
import { useProfileState } from './useProfileState';
import { loginHref } from './safeNextPath';
import { qrPageHref } from './qrPaths';

export const QrLoginRedirect = () => {
  const id = useQueryParam('id');
  const profile = useProfileState();
  if (profile.status === 'loading') return <Loading />;
  const target = qrPageHref(id);
  return <Navigate to={profile.status === 'signedIn' ? target : loginHref(target)} replace />;
};
