/**
 * The one script every page load starts with. It stays small (no react-admin, MUI or @rjsf): the
 * public pages show from it, and the console is a chunk it loads once someone is signed in
 * (src/entry/PublicEntry.tsx).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { documentTitle } from './documentTitle';
import { profileStore } from './dataProvider/profile';
import { PublicEntry } from './entry/PublicEntry';

document.title = documentTitle();
// Spec section 2: the profile is fetched at startup, before any page asks for it.
void profileStore.load();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PublicEntry />
  </StrictMode>,
);
