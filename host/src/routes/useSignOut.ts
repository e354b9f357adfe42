import { useSession } from '@keuangan/shared';
import { useNavigate } from 'react-router-dom';

/** Sign-out as the spec defines it (part 1 §4): end the session, then the login page, from anywhere. */
export function useSignOut(): () => void {
  const logout = useSession((s) => s.logout);
  const navigate = useNavigate();
  return () => {
    logout();
    navigate('/login', { replace: true });
  };
}
