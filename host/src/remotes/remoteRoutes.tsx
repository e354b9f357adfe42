import type { ScreenArea } from '@keuangan/shared/contract';
import type { RemoteName } from '@keuangan/shared/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { REMOTE_AREAS } from '../screens';

// The area frame uses the shared antd: loaded with the first remote screen, not on /login.
/** A remote's area inside the main layout, e.g. `{ path: 'employee/*', element: <RemoteArea … /> }`. */
export interface RemoteRoute {
  path: string;
  element: ReactNode;
}

const RemoteArea = lazy(async () => ({ default: (await import('./RemoteArea')).RemoteArea }));

/**
 * One route per declared area (docs/architecture.md, "Who owns which screen"): an area with its sub-paths, a
 * document at its exact path (which outranks the billing areas' `*`).
 */
export function routesOfAreas(areasByRemote: Readonly<Record<string, readonly ScreenArea[]>>): RemoteRoute[] {
  return Object.entries(areasByRemote).flatMap(([remote, areas]) =>
    areas.map((area) => ({
      path: area.exact ? area.path : `${area.path}/*`,
      // key: moving between two areas of one remote must mount a fresh area.
      element: (
        <Suspense key={area.path}>
          <RemoteArea remote={remote as RemoteName} area={area} />
        </Suspense>
      ),
    })),
  );
}

export const remoteRoutes = routesOfAreas(REMOTE_AREAS);
