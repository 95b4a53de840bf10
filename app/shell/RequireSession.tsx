import { Navigate, Outlet, useLocation } from 'react-router';
import { mustChangePassword } from '../../engine/password';
import { useStoredAuth } from '../api';
import { PATHS } from '../paths';

/**
 * Layout route guard: without a stored session go to Login, remembering where the user wanted to go;
 * an account that must change its initial password goes to the forced page from any address (spec §4).
 */
export function RequireSession() {
  const auth = useStoredAuth();
  const location = useLocation();
  if (!auth) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={PATHS.login} replace state={{ from }} />;
  }
  if (mustChangePassword(auth.session) && location.pathname !== PATHS.forcePassword) {
    return <Navigate to={PATHS.forcePassword} replace />;
  }
  return <Outlet />;
}
