/**
 * The public pages and the console's door (PublicEntry), rendered once React has arrived: the
 * first script (src/main.tsx) imports this chunk after starting the startup reads, and index.html
 * announces it so that it downloads alongside (vite.config.ts).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicEntry } from './PublicEntry';

export function render(container: HTMLElement): void {
  createRoot(container).render(
    <StrictMode>
      <PublicEntry />
    </StrictMode>,
  );
}
