import { type SessionUser, sessionStore } from '@keuangan/shared';
import { renderRoutes } from '@keuangan/shared/test';
import type { RemoteRoute } from '../src/remotes/remoteRoutes';
import { appRoutes } from '../src/routes/AppRoutes';

export { installFakeApi, makeUser } from '@keuangan/shared/test';

/** Renders the whole host at `path`, as the browser would, with a memory router. */
export function renderApp(path: string, remoteRoutes: RemoteRoute[] = []) {
  return renderRoutes(appRoutes(remoteRoutes), path);
}

/** A signed-in session whose user is already loaded. */
export function signIn(user: SessionUser, token = 'token-1') {
  sessionStore.getState().setToken(token);
  sessionStore.setState({ user });
}

export const EMPTY_SUMMARY = {
  active_student_total: 0,
  total_amount_this_month: 0,
  total_payment_this_month: 0,
  online_payment_this_month: 0,
  total_billing_this_month: 0,
};
