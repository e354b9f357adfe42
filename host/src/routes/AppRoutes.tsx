import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, ScrollRestoration } from 'react-router-dom';
import { GoogleSetPage } from '../pages/GoogleSetPage';
import type { RemoteRoute } from '../remotes/remoteRoutes';
import { FullPageSpinner } from '../session/FullPageSpinner';
import { RedirectIfLoggedIn, RequireFinanceEditor, RequireLogin } from './guards';

/**
 * Every page but the google-set hop loads on demand, so /login stays small and a signed-in first load does
 * not bring the login form (antd's Form and Input, their validators): the layout and
 * the dashboard bring the shell and their own antd components, the other pages and the remotes' areas
 * the shared antd and the screens' part of the shared package (README "Measuring").
 */
function onDemand<TModule>(load: () => Promise<TModule>, pick: (module: TModule) => ComponentType) {
  const Page = lazy(async () => ({ default: pick(await load()) }));
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Page />
    </Suspense>
  );
}

const LOGIN_PAGE = onDemand(
  () => import('../pages/LoginPage'),
  (m) => m.LoginPage,
);
const SIGNED_IN_LAYOUT = onDemand(
  () => import('../layout/MainLayout'),
  (m) => m.SignedInLayout,
);
const UNAUTHORIZED_PAGE = onDemand(
  () => import('../pages/UnauthorizedPage'),
  (m) => m.UnauthorizedPage,
);
const DASHBOARD_PAGE = onDemand(
  () => import('../dashboard/DashboardPage'),
  (m) => m.DashboardPage,
);
const BRANCH_SELECT_PAGE = onDemand(
  () => import('../pages/BranchSelectPage'),
  (m) => m.BranchSelectPage,
);
const ABOUT_PAGE = onDemand(
  () => import('../about/AboutPage'),
  (m) => m.AboutPage,
);
const EMBED_TOKENS_PAGE = onDemand(
  () => import('../integrations/EmbedTokensPage'),
  (m) => m.EmbedTokensPage,
);
const PROFILE_PAGE = onDemand(
  () => import('../pages/ProfilePage'),
  (m) => m.ProfilePage,
);

/** Restores the scroll position on back/forward and starts new pages at the top (docs/screens.md). */
function RootRoute() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/**
 * The route table (docs/screens.md). Outside the layout: login, google-set and
 * unauthorized-user behind the "second check". Inside the layout, for signed-in finance editors:
 * the dashboard, branch-select, profile, tentang (ours) and the remotes' areas. Anything else goes to '/'.
 */
export function appRoutes(remoteRoutes: RemoteRoute[]): RouteObject[] {
  const publicPage = (element: ReactNode) => <RedirectIfLoggedIn>{element}</RedirectIfLoggedIn>;
  return [
    {
      element: <RootRoute />,
      children: [
        { path: 'login', element: publicPage(LOGIN_PAGE) },
        { path: 'google-set', element: publicPage(<GoogleSetPage />) },
        { path: 'unauthorized-user', element: publicPage(UNAUTHORIZED_PAGE) },
        {
          element: (
            <RequireLogin>
              <RequireFinanceEditor>{SIGNED_IN_LAYOUT}</RequireFinanceEditor>
            </RequireLogin>
          ),
          children: [
            { index: true, element: DASHBOARD_PAGE },
            { path: 'branch-select', element: BRANCH_SELECT_PAGE },
            { path: 'profile', element: PROFILE_PAGE },
            // Ours: the versions of host and remotes live, for support (README "Deploying").
            { path: 'tentang', element: ABOUT_PAGE },
            // Ours: the tokens of the embedded billing view (issue 22).
            { path: 'token-integrasi', element: EMBED_TOKENS_PAGE },
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
 * Render it with `<RouterProvider router={createAppRouter(remoteRoutes)} />` next to `<AppToaster />`;
 * tests use `appRoutes` with a memory router.
 */
export function createAppRouter(remoteRoutes: RemoteRoute[]) {
  return createBrowserRouter(appRoutes(remoteRoutes));
}
