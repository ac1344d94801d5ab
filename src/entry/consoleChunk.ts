/**
 * The console (react-admin, MUI, every screen) is a chunk of its own that the light entry loads
 * once a profile is there, or earlier as a prefetch while the user fills in the sign-in form. One
 * load is shared by both; a failed one is forgotten so that Retry fetches again. It gives up after
 * the spec's chunk timeout (section 9), like every other chunk of the console.
 */
import type { ComponentType } from 'react';
import { withChunkTimeout } from '../chunkTimeout';

let pending: Promise<ComponentType> | undefined;

export function loadConsole(): Promise<ComponentType> {
  pending ??= withChunkTimeout(() => import('../App')).then(
    (module) => module.App,
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

/** A prefetch whose failure is told only when the console is really needed. */
export function prefetchConsole(): void {
  loadConsole().catch(() => undefined);
}
