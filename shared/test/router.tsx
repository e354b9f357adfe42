// Rendering screens in jsdom tests as the browser shows them: a memory router inside the providers the host
// gives every screen. The host's and each remote's tests name their own routes and render them with this.
import { AppProviders } from '@keuangan/shared';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';

/**
 * Renders `routes` at `path`. Returns the render result and the router: `router.state.location` to assert
 * where a screen went, `router.navigate` to move on.
 */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}
