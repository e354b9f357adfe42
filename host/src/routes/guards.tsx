import { selectIsFinanceEditor, useSession } from '@keuangan/shared/core';
// antd's own Spin, not the shared antd: the guards run on /login too (see LoginPage).
import Spin from 'antd/es/spin';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';

export const UNAUTHORIZED_PATH = '/unauthorized-user';

/** Shown while the profile behind a stored token loads. */
export function FullPageSpinner() {
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
      <Spin size="large" description="Memuat…" />
    </div>
  );
}

/**
 * Loads the user behind a stored token when none is loaded yet. A failed load logs out (in the
 * store), which empties the token and lets the guards below redirect.
 */
function useProfileForToken(): { token: string | null; loaded: boolean } {
  const token = useSession((s) => s.token);
  const loaded = useSession((s) => s.user !== null);
  const loadProfile = useSession((s) => s.loadProfile);
  useEffect(() => {
    if (token && !loaded) void loadProfile();
  }, [token, loaded, loadProfile]);
  return { token, loaded };
}

/**
 * The login check of the main layout (spec section 4): a loaded user passes; otherwise the profile
 * is loaded, and a failure (or no token at all, which cannot succeed) leads to /login.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { token, loaded } = useProfileForToken();
  if (loaded) return children;
  if (!token) return <Navigate to="/login" replace />;
  return <FullPageSpinner />;
}

/** Only finance editors may use the main layout; everyone else sees /unauthorized-user. Inside RequireLogin. */
export function RequireFinanceEditor({ children }: { children: ReactNode }) {
  const isEditor = useSession(selectIsFinanceEditor);
  return isEditor ? children : <Navigate to={UNAUTHORIZED_PATH} replace />;
}

/**
 * The spec's "second check" for login, google-set and unauthorized-user: with a stored token, go
 * to '/'. Taken literally it would bounce a signed-in user who is not a finance editor (a teacher)
 * between '/' and unauthorized-user for ever. So, with a token, the user is loaded first; a finance
 * editor goes to '/', anyone else goes to (or stays on) unauthorized-user, which offers Logout.
 * Without a token, or once a failed profile load has logged out, the page shows.
 */
export function RedirectIfLoggedIn({ children }: { children: ReactNode }) {
  const { token, loaded } = useProfileForToken();
  const isEditor = useSession(selectIsFinanceEditor);
  const { pathname } = useLocation();
  if (!token) return children;
  if (!loaded) return <FullPageSpinner />;
  if (isEditor) return <Navigate to="/" replace />;
  return pathname === UNAUTHORIZED_PATH ? children : <Navigate to={UNAUTHORIZED_PATH} replace />;
}
