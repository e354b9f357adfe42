import { AntdProvider } from '@keuangan/shared/antd-provider';
import { selectIsFinanceEditor, useSession } from '@keuangan/shared/core';
// antd's own components, not the shared antd: the guards run on /login too (see LoginPage). Headings and
// text are plain elements in Typography's look: Typography brings antd's Input to every page.
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { FullPageSpinner } from '../session/FullPageSpinner';

export const UNAUTHORIZED_PATH = '/unauthorized-user';

/**
 * The profile could not be loaded because the server was unreachable or failing: the session stays (only a
 * rejected token ends it), with a retry and a way out.
 */
function ProfileLoadFailed({ message }: { message: string }) {
  const loadProfile = useSession((s) => s.loadProfile);
  const logout = useSession((s) => s.logout);
  return (
    <AntdProvider>
      <Flex vertical align="center" justify="center" gap={12} style={{ minHeight: '100vh', padding: 16 }}>
        <h2
          style={{
            fontSize: 30,
            lineHeight: 1.27,
            fontWeight: 600,
            color: 'rgba(0, 0, 0, 0.88)',
            margin: '0 0 0.5em',
          }}
        >
          Profil tidak dapat dimuat
        </h2>
        <p role="alert" style={{ whiteSpace: 'pre-line', textAlign: 'center', margin: '0 0 1em' }}>
          {message}
        </p>
        <Flex gap={8}>
          <Button type="primary" onClick={() => void loadProfile()}>
            Coba lagi
          </Button>
          <Button onClick={logout}>Logout</Button>
        </Flex>
      </Flex>
    </AntdProvider>
  );
}

/**
 * Loads the user behind a stored token when none is loaded yet. A rejected token logs out (in the
 * store), which empties the token and lets the guards below redirect; any other failure is kept as
 * `profileError` and shown with a retry.
 */
function useProfileForToken(): { token: string | null; loaded: boolean; failure: ReactNode } {
  const token = useSession((s) => s.token);
  const loaded = useSession((s) => s.user !== null);
  const profileError = useSession((s) => s.profileError);
  const loadProfile = useSession((s) => s.loadProfile);
  useEffect(() => {
    if (token && !loaded && profileError === null) void loadProfile();
  }, [token, loaded, profileError, loadProfile]);
  const failure = profileError === null ? null : <ProfileLoadFailed message={profileError} />;
  return { token, loaded, failure };
}

/**
 * The login check of the main layout (docs/data.md): a loaded user passes; otherwise the profile
 * is loaded, and a rejected token (or no token at all, which cannot succeed) leads to /login.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { token, loaded, failure } = useProfileForToken();
  if (loaded) return children;
  if (!token) return <Navigate to="/login" replace />;
  return failure ?? <FullPageSpinner />;
}

/** Only finance editors may use the main layout; everyone else sees /unauthorized-user. Inside RequireLogin. */
export function RequireFinanceEditor({ children }: { children: ReactNode }) {
  const isEditor = useSession(selectIsFinanceEditor);
  return isEditor ? children : <Navigate to={UNAUTHORIZED_PATH} replace />;
}

/**
 * The "second check" (docs/screens.md#login): with a stored token, leave login for '/'. Taken literally it would
 * bounce a signed-in teacher between '/' and unauthorized-user for ever, so the user is loaded first: a finance
 * editor goes to '/', anyone else to unauthorized-user (which offers Logout).
 */
export function RedirectIfLoggedIn({ children }: { children: ReactNode }) {
  const { token, loaded, failure } = useProfileForToken();
  const isEditor = useSession(selectIsFinanceEditor);
  const { pathname } = useLocation();
  if (!token) return children;
  if (!loaded) return failure ?? <FullPageSpinner />;
  if (isEditor) return <Navigate to="/" replace />;
  return pathname === UNAUTHORIZED_PATH ? children : <Navigate to={UNAUTHORIZED_PATH} replace />;
}
