/**
 * Leaving a form with changes not saved asks first (issue 13 item 5, issue 27 item 5): a move
 * inside the console, whatever the way out (menu, link, the browser's Back and Forward buttons),
 * with the in-page dialog; closing or reloading the tab with the browser's own box (the only one a
 * page may ask then). The console's data router sees every one of those moves, the history's
 * too, so this one blocker covers them all. A navigation the form itself makes once it is done
 * (saved, cancelled, deleted) says so in its state (`formDone`) and is never asked; Back or
 * Forward onto the page it led to is the user's move, not the form's, and is asked like any other.
 * Whether there is anything to lose is asked when leaving, not when the form last drew: the
 * browser's buttons leave a field without the blur that would have marked it changed.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useBlocker, useCanBlock } from 'react-admin';
import { ownMessages } from '../../messages';
import { useConfirm } from '../../custom/confirm/useConfirm';

/** The navigation state of a form's own way out: `navigate(path, { state: formDone })`. */
export const formDone = { formDone: true } as const;

const isFormDone = (state: unknown) => (state as { formDone?: unknown } | null)?.formDone === true;

interface LeaveGuardProps {
  /** Whether leaving now would lose a change of the user's (asked at the moment of leaving). */
  changed: () => boolean;
}

const RouteGuard = ({ changed }: LeaveGuardProps) => {
  const confirm = useConfirm();
  // The form's own page: once the form has left it (saved: its view shows while this form is still
  // drawn), a move from there is none of this form's business.
  const page = useRef(useLocation()).current;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation, historyAction }) =>
      currentLocation.pathname === page.pathname &&
      currentLocation.search === page.search &&
      (historyAction === 'POP' || !isFormDone(nextLocation.state)) &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search) &&
      changed(),
  );
  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    if (!blocked) return;
    void confirm({ text: ownMessages.unsavedChanges, confirmLabel: ownMessages.leaveForm, danger: true }).then((leave) =>
      leave ? blocker.proceed?.() : blocker.reset?.(),
    );
    // The blocker object changes on every render; its state is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocked]);
  return null;
};

/** Mounted once per page, by the editable form (a router holds one blocker at a time). */
export const LeaveGuard = ({ changed }: LeaveGuardProps) => {
  const canBlock = useCanBlock();
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      if (changed()) event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [changed]);
  return canBlock ? <RouteGuard changed={changed} /> : null;
};
