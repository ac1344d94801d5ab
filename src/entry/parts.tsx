/**
 * The few building blocks of the public pages, in plain React with the classes of
 * publicPages.css: the pages must not pull MUI into the first script a visitor downloads.
 */
import type { ReactNode } from 'react';
import pageStyles from './publicPages.css?inline';

// Added by the pages' own script rather than loaded as a stylesheet: on a phone's network every
// request before the page shows costs a round trip, and a browser opens only six at a time.
const style = document.createElement('style');
style.textContent = pageStyles;
document.head.append(style);

/** A centred card on the page; `top` (the QR page, long, read on a phone) keeps it at the top, and on a phone the card is the screen. */
export const PageCard = ({ children, maxWidth, top = false }: { children: ReactNode; maxWidth: number; top?: boolean }) => (
  <div className={top ? 'pucs-page pucs-page--top' : 'pucs-page'}>
    <div className="pucs-card pucs-stack" style={{ maxWidth }}>
      {children}
    </div>
  </div>
);

export const Alert = ({ severity, children, action }: { severity: 'error' | 'warning' | 'info' | 'success'; children: ReactNode; action?: ReactNode }) => (
  <div className={`pucs-alert pucs-alert--${severity}`} role={severity === 'error' ? 'alert' : undefined}>
    <div>{children}</div>
    {action}
  </div>
);

/** MUI's CircularProgress has no text either: a screen reader hears a progress bar. */
export const Spinner = () => <div className="pucs-spinner" role="progressbar" />;
