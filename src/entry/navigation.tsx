/**
 * How the light entry's pages move between each other without the console's router (react-router
 * comes with the console chunk): the address bar is the state, pushState moves it. The pages take
 * their links as a component so that, inside the console, the same pages move with its router.
 */
import { useSyncExternalStore, type ComponentType, type MouseEvent, type ReactNode } from 'react';

/** className: the link's look (publicPages.css), an underlined link by default. */
export type LinkComponent = ComponentType<{ href: string; children: ReactNode; className?: string }>;

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

const currentHref = () => `${window.location.pathname}${window.location.search}`;

/** The current path and query; re-renders on navigate() and on the browser's back and forward (also while taking over a page the server drew). */
export function useCurrentHref(): string {
  return useSyncExternalStore(subscribe, currentHref, currentHref);
}

export function navigate(href: string, { replace = false } = {}): void {
  window.history[replace ? 'replaceState' : 'pushState'](null, '', href);
  if (!replace) window.scrollTo(0, 0);
  listeners.forEach((listener) => listener());
}

/** A click that asks for a new tab or window is left to the browser. */
const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export const EntryLink: LinkComponent = ({ href, children, className = 'pucs-link' }) => (
  <a
    className={className}
    href={href}
    onClick={(event) => {
      if (!plainClick(event)) return;
      event.preventDefault();
      navigate(href);
    }}
  >
    {children}
  </a>
);
