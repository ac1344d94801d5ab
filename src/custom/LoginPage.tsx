/**
 * The sign-in page (/login?next=...) inside the console: the light entry's form while signed out;
 * signed in (now, or already when arriving), the user goes where they came from.
 */
import { Navigate } from 'react-admin';
import { SignInForm } from '../entry/SignInForm';
import { useProfileState } from './useProfileState';
import { useQueryParam } from '../resources/useQueryParam';
import { safeNextPath } from './safeNextPath';

export const LoginPage = () => {
  const profile = useProfileState();
  const next = safeNextPath(useQueryParam('next'));
  if (profile.status === 'signedIn') return <Navigate to={next} replace />;
  return <SignInForm />;
};
