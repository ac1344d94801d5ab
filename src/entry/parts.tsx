/**
 * The few building blocks of the public pages, in plain React with the classes of
 * publicPages.css: the pages must not pull MUI into the first script a visitor downloads. That
 * stylesheet is written into index.html itself (vite.config.ts): the page the server draws is
 * styled before any script runs, and no request for it costs a round trip on a phone's network.
 */
import type { ReactNode } from 'react';

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
