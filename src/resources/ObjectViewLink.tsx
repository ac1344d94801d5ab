import { Link as MuiLink } from '@mui/material';
import type { ReactNode } from 'react';
import type { Identifier } from 'react-admin';
import { Link } from 'react-router-dom';
import type { Category } from '../schemas';
import { objectHref, objectRoutes } from './consoleRoutes';

/** An object's name linking to its view page, or plain text for a category without one. */
export const ObjectViewLink = ({ category, id, children }: { category: Category; id: Identifier; children: ReactNode }) => {
  const viewPath = objectRoutes(category)?.view;
  if (!viewPath) return <>{children}</>;
  return (
    <MuiLink component={Link} to={objectHref(viewPath, id)}>
      {children}
    </MuiLink>
  );
};
