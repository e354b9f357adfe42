// The benchmark's baseline: the host's login page as one plain bundle, no Module Federation.
import { AppProviders } from '@keuangan/shared';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { LoginPage } from '../src/pages/LoginPage';

const router = createMemoryRouter([{ path: '/login', element: <LoginPage /> }], {
  initialEntries: ['/login'],
});

createRoot(document.getElementById('root') as HTMLElement).render(
  <AppProviders>
    <RouterProvider router={router} />
  </AppProviders>,
);
