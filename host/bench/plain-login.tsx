// The benchmark's baseline: the host's login page as one plain bundle, no Module Federation.
import { AppToaster } from '@keuangan/shared/core';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { LoginPage } from '../src/pages/LoginPage';

const router = createMemoryRouter([{ path: '/login', element: <LoginPage /> }], {
  initialEntries: ['/login'],
});

createRoot(document.getElementById('root') as HTMLElement).render(
  <>
    <RouterProvider router={router} />
    <AppToaster />
  </>,
);
