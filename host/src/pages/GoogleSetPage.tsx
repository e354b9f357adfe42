import { useSession } from '@keuangan/shared/core';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FullPageSpinner } from '../routes/guards';

/** Landing page of the suite's Google sign-in: `?token=` becomes the session token, then '/'. */
export function GoogleSetPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const setToken = useSession((s) => s.setToken);
  const navigate = useNavigate();

  useEffect(() => {
    if (token) setToken(token);
    navigate(token ? '/' : '/login', { replace: true });
  }, [token, setToken, navigate]);

  return <FullPageSpinner />;
}
