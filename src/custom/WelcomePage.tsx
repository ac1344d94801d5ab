/**
 * The welcome page inside the console (the layout shows it on every route once signed out): the
 * light entry's page, its sign-in button bringing the visitor back to the route they were on.
 */
import { useLocation } from 'react-admin';
import { WelcomeCard } from '../entry/WelcomeCard';
import { ConsoleLink } from './ConsoleLink';

export const WelcomePage = () => {
  const { pathname, search } = useLocation();
  return <WelcomeCard next={`${pathname}${search}`} link={ConsoleLink} />;
};
