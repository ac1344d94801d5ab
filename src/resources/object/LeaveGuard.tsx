/**
 * Leaving a form with changes not saved asks first (issue 13 item 5): a move inside the console
 * (menu, link, back button) with the in-page dialog, closing or reloading the tab with the
 * browser's own box (the only one a page may ask then). A navigation the form itself makes once
 * it is done (saved, cancelled, deleted) says so in its state (`formDone`) and is never asked.
 */
import { useEffect } from 'react';
import { useBlocker, useCanBlock } from 'react-admin';
import { ownMessages } from '../../messages';
import { useConfirm } from '../../custom/confirm/useConfirm';

/** The navigation state of a form's own way out: `navigate(path, { state: formDone })`. */
export const formDone = { formDone: true } as const;

const isFormDone = (state: unknown) => (state as { formDone?: unknown } | null)?.formDone === true;

const RouteGuard = ({ when }: { when: boolean }) => {
  const confirm = useConfirm();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && !isFormDone(nextLocation.state) && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
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

export const LeaveGuard = ({ when }: { when: boolean }) => {
  const canBlock = useCanBlock();
  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);
  return canBlock ? <RouteGuard when={when} /> : null;
};
