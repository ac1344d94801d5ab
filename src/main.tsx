import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { documentTitle } from './documentTitle';
import { profileStore } from './dataProvider/profile';

document.title = documentTitle();
// Spec section 2: the profile is fetched at startup, before any page asks for it.
void profileStore.load();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
