import { Navigate } from 'react-router-dom';

/**
 * The one rule for unknown paths (docs/screens.md): any path no screen owns goes to the root,
 * in the host and inside every remote. Use it as `<Route path="*" element={<RedirectHome />} />`.
 */
export function RedirectHome() {
  return <Navigate to="/" replace />;
}
