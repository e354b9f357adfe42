import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, ScrollRestoration } from 'react-router-dom';
import { MainLayout } from '../layout/MainLayout';
import { BranchSelectPage } from '../pages/BranchSelectPage';
import { DashboardPage } from '../pages/DashboardPage';
import { GoogleSetPage } from '../pages/GoogleSetPage';
import { LoginPage } from '../pages/LoginPage';
import { ProfilePage } from '../pages/ProfilePage';
import { UnauthorizedPage } from '../pages/UnauthorizedPage';
import { RedirectIfLoggedIn, RequireFinanceEditor, RequireLogin } from './guards';

/** A remote's area inside the main layout, e.g. `{ path: 'employee/*', element: <RemoteArea … /> }`. */
export interface RemoteRoute {
  path: string;
  element: ReactNode;
}

/** Restores the scroll position on back/forward and starts new pages at the top (spec section 2). */
function RootRoute() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/**
 * The route table (spec part 1 section 2). Outside the layout: login, google-set and
 * unauthorized-user behind the "second check". Inside the layout, for signed-in finance editors:
 * the dashboard, branch-select, profile and the remotes' areas. Anything else goes to '/'.
 */
export function appRoutes(remoteRoutes: RemoteRoute[]): RouteObject[] {
  const publicPage = (element: ReactNode) => <RedirectIfLoggedIn>{element}</RedirectIfLoggedIn>;
  return [
    {
      element: <RootRoute />,
      children: [
        { path: 'login', element: publicPage(<LoginPage />) },
        { path: 'google-set', element: publicPage(<GoogleSetPage />) },
        { path: 'unauthorized-user', element: publicPage(<UnauthorizedPage />) },
        {
          element: (
            <RequireLogin>
              <RequireFinanceEditor>
                <MainLayout />
              </RequireFinanceEditor>
            </RequireLogin>
          ),
          children: [
            { index: true, element: <DashboardPage /> },
            { path: 'branch-select', element: <BranchSelectPage /> },
            { path: 'profile', element: <ProfilePage /> },
            ...remoteRoutes,
          ],
        },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ];
}

/**
 * The host's router. A data router (not <BrowserRouter>), because ScrollRestoration needs one.
 * Render it with `<RouterProvider router={createAppRouter(remoteRoutes)} />` inside `<AppProviders>`;
 * tests use `appRoutes` with a memory router.
 */
export function createAppRouter(remoteRoutes: RemoteRoute[]) {
  return createBrowserRouter(appRoutes(remoteRoutes));
}
