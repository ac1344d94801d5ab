import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ConsoleAdmin } from './ConsoleAdmin';

/**
 * History routing with base '/' (spec section 2). react-admin would otherwise create a hash
 * router; a data router (rather than <BrowserRouter>) keeps react-admin's unsaved-changes guard.
 * The router is made when the console first shows, not when its chunk is loaded: a prefetch
 * during sign-in must not fix the address the console starts from.
 */
export const App = () => {
  const [router] = useState(() => createBrowserRouter([{ path: '*', element: <ConsoleAdmin /> }]));
  return <RouterProvider router={router} />;
};
