import { useSession } from '@keuangan/shared/core';
import { useNavigate } from 'react-router-dom';

/**
 * Sign-out (docs/screens.md#layout): end the session, then the login page, from anywhere. The session
 * ends on the server too (every token of the account), and locally even when the server cannot be reached.
 */
export function useSignOut(): () => void {
  const signOut = useSession((s) => s.signOut);
  const navigate = useNavigate();
  return () => {
    void signOut().then(() => navigate('/login', { replace: true }));
  };
}
