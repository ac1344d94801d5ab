import { LinkBase } from 'react-admin';
import type { LinkComponent } from '../entry/navigation';

/** The links of the public pages (src/entry/) when the console shows them: they move with its router. */
export const ConsoleLink: LinkComponent = ({ href, children, className = 'pucs-link' }) => (
  <LinkBase to={href} className={className}>
    {children}
  </LinkBase>
);
