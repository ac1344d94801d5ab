/**
 * The public pages and the console's door (PublicEntry), rendered once React has arrived: the
 * first script (src/main.tsx) imports this chunk after starting the startup reads, and index.html
 * announces it so that it downloads alongside (vite.config.ts).
 * A page the server drew (server/routes/drawnPages.tsx: the QR page, the sign-in form) is taken
 * over where it stands (hydrated) once the profile is known, since the server drew it for the
 * visitor's session: the first render then draws what the server did, nothing on screen moves, and
 * what the visitor typed meanwhile is kept (React replays it to the form).
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { profileStore } from '../dataProvider/profile';
import { PublicEntry } from './PublicEntry';

export function render(container: HTMLElement): void {
  const entry = (
    <StrictMode>
      <PublicEntry />
    </StrictMode>
  );
  if (!container.firstElementChild) {
    createRoot(container).render(entry);
    return;
  }
  void profileStore.settled().then(() => hydrateRoot(container, entry));
}
