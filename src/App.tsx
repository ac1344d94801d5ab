import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ConsoleAdmin } from './ConsoleAdmin';

/**
 * History routing with base '/' (spec section 2). react-admin would otherwise create a hash
 * router; a data router (rather than <BrowserRouter>) keeps react-admin's unsaved-changes guard.
 */
const router = createBrowserRouter([{ path: '*', element: <ConsoleAdmin /> }]);

export const App = () => <RouterProvider router={router} />;
