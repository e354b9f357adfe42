import { apiErrorText, notifyError, useSession } from '@keuangan/shared/core';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FullPageSpinner } from '../session/FullPageSpinner';

/**
 * Landing page of the suite's Google sign-in: `?token=` carries a one-use hand-off code the API issued (never a
 * session token). The code leaves the address bar and the history at once, is exchanged for a session, then
 * '/'; an unknown, used or expired code shows the server's message on /login.
 */
export function GoogleSetPage() {
  const [params] = useSearchParams();
  const code = params.get('token');
  const redeemHandoff = useSession((s) => s.redeemHandoff);
  const navigate = useNavigate();
  const redeemed = useRef(false);

  useEffect(() => {
    window.history.replaceState(window.history.state, '', window.location.pathname);
    // A code works once: React's second effect run in development must not spend it again.
    if (redeemed.current) return;
    redeemed.current = true;
    if (!code) {
      navigate('/login', { replace: true });
      return;
    }
    redeemHandoff(code)
      .then(() => navigate('/', { replace: true }))
      .catch((error: unknown) => {
        notifyError(apiErrorText(error));
        navigate('/login', { replace: true });
      });
  }, [code, redeemHandoff, navigate]);

  return <FullPageSpinner />;
}
